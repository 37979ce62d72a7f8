import type { OrderDetail } from '@pitstop/core/order-detail';

/** What a part of the page from another feature is given: the order, and a way to reload it. */
export interface OrderPageContext {
  order: OrderDetail;
  /** Reloads this order (and the lists showing it) after a change; resolves once it is back. */
  refresh: () => Promise<unknown>;
}
