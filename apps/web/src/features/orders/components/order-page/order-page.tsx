import { useQueryClient } from '@tanstack/react-query';
import type { Return } from '@pitstop/core/order-detail';
import { orderPageTexts as t } from '@pitstop/core/order-page-texts';
import { formatOrderNumber, parseOrderNumber } from '@pitstop/core/orders';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useOrderDetail } from '../../api/get-order-detail';
import { ordersKeys } from '../../api/orders-query-keys';
import type { OrderPageContext } from './order-page-context';
import { OrderDeliverySection } from './order-delivery-section';
import { OrderHeader } from './order-header';
import { OneClickCancel } from './one-click-cancel';
import { OrderLinesSection } from './order-lines-section';
import { OrderPaymentSection } from './order-payment-section';
import { OrderReturnsSection } from './order-returns-section';
import { OrderShipmentsSection } from './order-shipments-section';
import { OrderTimelineSection } from './order-timeline-section';
import { PackingSlip } from './packing-slip';

export type { OrderPageContext } from './order-page-context';

/**
 * The parts other features add (the screen composes them, so this feature never imports theirs):
 * the admin's shipping panel, the customer's return request form, an admin's return actions.
 */
export interface OrderPageSlots {
  shipping?: (context: OrderPageContext) => ReactNode;
  returnRequestForm?: (context: OrderPageContext, done: (item: Return) => void) => ReactNode;
  returnActions?: (context: OrderPageContext, item: Return, done: (message: string) => void) => ReactNode;
  /** The customer's "Reorder" (quick order): the order's parts back into the cart. */
  reorder?: (context: OrderPageContext) => ReactNode;
}

interface OrderPageProps extends OrderPageSlots {
  /** The `:number` of the address, as typed ("PS-10482", "10482"). */
  number: string | undefined;
  /** The admin's page: any order, the customer's email and the packing slip. */
  admin: boolean;
}

function NotFound({ admin }: { admin: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h1 className="text-2xl font-bold text-slate-900">{t.notFound}</h1>
      <p className="text-slate-700">{t.notFoundHint}</p>
      <Link to={admin ? '/dashboard/allorders' : '/order'} className="font-semibold text-red-700 underline">
        {admin ? t.backToAllOrders : t.backToMyOrders}
      </Link>
    </div>
  );
}

/**
 * An order's page: its number, date and status, the parts, delivery, payment, shipments, returns
 * and timeline. A customer's own order (another's reads as not found), or any order for an admin,
 * who also sees whose it is and can print the packing slip.
 */
export function OrderPage({ number, admin, ...slots }: OrderPageProps) {
  const parsed = parseOrderNumber(number ?? '');
  const orderNumber = parsed === null ? null : formatOrderNumber(parsed);
  const detail = useOrderDetail(orderNumber);
  const queryClient = useQueryClient();

  const gone = isApiError(detail.error) && (detail.error.status === 404 || detail.error.status === 400);
  if (orderNumber === null || gone) return <NotFound admin={admin} />;
  if (detail.isPending) return <Spinner label={t.loading} className="py-16" />;
  if (detail.isError) {
    return <QueryError onRetry={() => void detail.refetch()} retrying={detail.isFetching} />;
  }

  const order = detail.data;
  const context: OrderPageContext = {
    order,
    refresh: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersKeys.detail(orderNumber) }),
        queryClient.invalidateQueries({ queryKey: ordersKeys.lists() }),
      ]),
  };
  const { returnRequestForm, returnActions } = slots;
  return (
    <div className="flex flex-col gap-6">
      <OrderHeader order={order} admin={admin} />
      <OrderLinesSection order={order} />
      {slots.reorder?.(context)}
      <div className="grid gap-6 md:grid-cols-2">
        <OrderDeliverySection order={order} />
        <OrderPaymentSection order={order} admin={admin}>
          {admin ? null : <OneClickCancel {...context} />}
        </OrderPaymentSection>
      </div>
      <OrderShipmentsSection order={order} admin={admin} shipping={slots.shipping?.(context)} />
      <OrderReturnsSection
        order={order}
        admin={admin}
        {...(returnRequestForm ? { renderRequestForm: (done) => returnRequestForm(context, done) } : {})}
        {...(returnActions ? { renderActions: (item, done) => returnActions(context, item, done) } : {})}
      />
      <OrderTimelineSection order={order} />
      {admin ? <PackingSlip order={order} /> : null}
    </div>
  );
}
