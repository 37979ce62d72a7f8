import { useQueryClient } from '@tanstack/react-query';
import { authErrorTexts, messages } from '@pitstop/core/messages';
import { orderListTexts } from '@pitstop/core/order-list-texts';
import { orderPartsLabel, type Order } from '@pitstop/core/orders';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { ErrorNotice, StatusNotice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { problemText } from '@/lib/error-text';
import { signOut } from '@/lib/sign-out';
import { useCancelOrder } from '../api/cancel-order';
import { useDeleteOrder } from '../api/delete-order';
import { useMyOrders } from '../api/get-my-orders';
import { OrdersTable } from './orders-table';

const LOADING = 'Loading your orders';

/**
 * A 403 from the list means this session may not read these orders (spec §4/§8): sign out and
 * go to /login, as the api-client already does for a 401.
 */
function SignOutToLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    // Leave first (remembering this screen for after the next login), then end the session.
    void navigate('/login', { replace: true, state: { from: location } });
    void signOut(queryClient);
  }, [location, navigate, queryClient]);
  return <Spinner label={LOADING} className="py-16" />;
}

function deleteErrorText(order: Order, error: unknown): string {
  const what = `The order of ${orderPartsLabel(order)} could not be deleted.`;
  if (isApiError(error) && error.isNetworkError) return `${what} ${authErrorTexts.network}`;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return `${what} ${error.message}`;
  return `${what} Please try again.`;
}

interface MyOrdersProps {
  /** Called after the server confirms a delete (its reserved stock is back on the part). */
  onOrderDeleted?: () => void;
  /** Called after the server confirms a cancel (its stock is back on the part too). */
  onOrderCancelled?: () => void;
}

/** My Orders (spec §2, §4): the count, then the signed-in customer's orders. */
export function MyOrders({ onOrderDeleted, onOrderCancelled }: MyOrdersProps) {
  const user = useCurrentUser();
  const email = user.data?.email;
  const orders = useMyOrders(email);
  const deletion = useDeleteOrder(email ?? '', { onDeleted: onOrderDeleted });
  const cancellation = useCancelOrder();
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function confirmDelete(order: Order) {
    if (!window.confirm(messages.confirmDelete)) return;
    setDeleteError(null);
    setNotice(null);
    deletion.mutate(order, { onError: (error) => setDeleteError(deleteErrorText(order, error)) });
  }

  function confirmCancel(order: Order) {
    if (!window.confirm(orderListTexts.confirmCancel)) return;
    setDeleteError(null);
    setNotice(null);
    const parts = orderPartsLabel(order);
    cancellation.mutate(order, {
      onSuccess: () => {
        setNotice(orderListTexts.cancelled(parts));
        onOrderCancelled?.();
      },
      onError: (error) =>
        setDeleteError(
          `${orderListTexts.cancelFailed(parts)} ${problemText(error, orderListTexts.tryAgain)}`,
        ),
    });
  }

  if (isApiError(orders.error) && orders.error.status === 403) return <SignOutToLogin />;

  if (user.isError) {
    return <QueryError onRetry={() => void user.refetch()} retrying={user.isFetching} />;
  }
  if (user.isPending || orders.isPending) return <Spinner label={LOADING} className="py-16" />;
  if (orders.isError) {
    return <QueryError onRetry={() => void orders.refetch()} retrying={orders.isFetching} />;
  }

  const list = orders.data;
  return (
    <section aria-labelledby="my-orders-count" className="flex flex-col gap-6">
      <h2 id="my-orders-count" className="text-2xl font-bold text-slate-900">
        {`${messages.totalOrders} ${list.length}`}
      </h2>
      <StatusNotice message={notice} />
      <ErrorNotice message={deleteError} />
      {list.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center">
          <p className="text-lg font-medium text-slate-900">You have no orders yet.</p>
          <Link to="/parts" className={buttonStyles('primary', 'md')}>
            Browse parts
          </Link>
        </div>
      ) : (
        <OrdersTable
          orders={list}
          onDelete={confirmDelete}
          onCancel={confirmCancel}
          cancellingId={cancellation.isPending ? (cancellation.variables?._id ?? null) : null}
        />
      )}
    </section>
  );
}
