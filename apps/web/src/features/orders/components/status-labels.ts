import type { Order } from '@pitstop/core/orders';

export const STATUS_LABELS: Record<Order['status'], string> = {
  awaiting_approval: 'Awaiting approval',
  unpaid: 'Unpaid',
  on_account: 'On account',
  paid: 'Paid',
  partially_shipped: 'Partly shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
