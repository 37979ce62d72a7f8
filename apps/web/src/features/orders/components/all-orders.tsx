import { approvalsTexts } from '@pitstop/core/approvals-texts';
import { messages } from '@pitstop/core/messages';
import { formatDollars } from '@pitstop/core/money';
import { orderListTexts } from '@pitstop/core/order-list-texts';
import {
  formatOrderNumber,
  ORDER_STATUSES,
  OrderNumberParamsSchema,
  orderPartsLabel,
  parseOrderNumber,
  type Order,
  type OrderStatus,
} from '@pitstop/core/orders';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { inputClass } from '@/components/ui/form-field';
import { ErrorNotice, StatusNotice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { problemText } from '@/lib/error-text';
import { useCancelOrder } from '../api/cancel-order';
import { useChangeOrderStatus, type OrderStatusChange } from '../api/change-order-status';
import { useDeleteAnyOrder } from '../api/delete-any-order';
import { useAllOrders } from '../api/get-all-orders';
import { useMarkOrderPaid } from '../api/mark-order-paid';
import { ordersKeys, type AdminOrdersParams } from '../api/orders-query-keys';
import { AllOrdersTable, cancelRefunds } from './all-orders-table';
import { STATUS_LABELS } from './status-labels';

export const ADMIN_ORDERS_PAGE = 20;

function isStatus(value: string | null): value is OrderStatus {
  return (ORDER_STATUSES as readonly (string | null)[]).includes(value);
}

/** "PS-10482" for any way of typing an order number; null for what is none. */
function orderNumberOf(text: string | null): string | null {
  const parsed = parseOrderNumber(text ?? '');
  return parsed === null ? null : formatOrderNumber(parsed);
}

/**
 * The list's filters and page live in the address (?status=&email=&number=&page=), so they
 * survive reloads.
 */
function useOrderFilters() {
  const [search, setSearch] = useSearchParams();
  const status = search.get('status');
  const email = search.get('email')?.trim() ?? '';
  const number = orderNumberOf(search.get('number'));
  const po = search.get('po')?.trim() ?? '';
  const page = Math.max(1, Math.floor(Number(search.get('page')) || 1));
  const params: AdminOrdersParams = {
    status: isStatus(status) ? status : undefined,
    email: email || undefined,
    number: number ?? undefined,
    po: po || undefined,
    limit: ADMIN_ORDERS_PAGE,
    offset: (page - 1) * ADMIN_ORDERS_PAGE,
  };

  function update(next: { status?: string; email?: string; number?: string; po?: string; page?: number }) {
    setSearch((current) => {
      const out = new URLSearchParams(current);
      for (const [key, value] of Object.entries(next)) {
        if (value === undefined) continue;
        if (value === '' || (key === 'page' && value === 1)) out.delete(key);
        else out.set(key, String(value));
      }
      return out;
    });
  }
  return { params, page, email, number: number ?? '', po, update };
}

const CHANGE_DONE: Record<OrderStatusChange, (order: Order) => string> = {
  delivered: (o) =>
    `The order of ${orderPartsLabel(o)} for ${o.email} is marked delivered; the customer was mailed.`,
};

/** What the admin is asked before cancelling: whether money goes back, and how. */
function adminCancelQuestion(order: Order): string {
  if (cancelRefunds(order)) return orderListTexts.confirmAdminCancel({ total: formatDollars(order.total) });
  return orderListTexts.confirmAdminCancel(order.paid ? 'on_account' : null);
}

/**
 * All Orders (admins): filter by status, search by email, page, ship (on the order's page, with
 * its carrier and tracking number), mark delivered, cancel, mark paid and delete.
 */
export function AllOrders() {
  const { params, page, email, number, po, update } = useOrderFilters();
  const orders = useAllOrders(params);
  const change = useChangeOrderStatus();
  const deletion = useDeleteAnyOrder(ordersKeys.admin(params));
  const cancellation = useCancelOrder();
  const markPaid = useMarkOrderPaid();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [emailDraft, setEmailDraft] = useState(email);
  const [numberDraft, setNumberDraft] = useState(number);
  const [poDraft, setPoDraft] = useState(po);
  const [numberError, setNumberError] = useState<string | null>(null);

  function move(order: Order, status: OrderStatusChange) {
    setNotice(null);
    setError(null);
    change.mutate(
      { order, status },
      {
        onSuccess: () => setNotice(CHANGE_DONE[status](order)),
        onError: (e) =>
          setError(
            `The order of ${orderPartsLabel(order)} could not be changed. ${problemText(e, 'Please try again.')}`,
          ),
      },
    );
  }

  function cancel(order: Order) {
    if (!window.confirm(adminCancelQuestion(order))) return;
    setNotice(null);
    setError(null);
    const parts = orderPartsLabel(order);
    cancellation.mutate(order, {
      onSuccess: (updated) =>
        setNotice(orderListTexts.adminCancelled(parts, order.email, Boolean(updated.refundedAt))),
      // A refused refund (402) names the provider's reason; nothing changed.
      onError: (e) =>
        setError(`${orderListTexts.cancelFailed(parts)} ${problemText(e, orderListTexts.tryAgain)}`),
    });
  }

  function recordPayment(order: Order) {
    setNotice(null);
    setError(null);
    const parts = orderPartsLabel(order);
    markPaid.mutate(order, {
      onSuccess: () => setNotice(orderListTexts.markedPaid(parts, order.email)),
      onError: (e) =>
        setError(`${orderListTexts.markPaidFailed(parts)} ${problemText(e, orderListTexts.tryAgain)}`),
    });
  }

  function remove(order: Order) {
    if (!window.confirm(messages.confirmDelete)) return;
    setNotice(null);
    setError(null);
    deletion.mutate(order, {
      onSuccess: () => setNotice(`The order of ${orderPartsLabel(order)} for ${order.email} was deleted.`),
      onError: (e) =>
        setError(
          `The order of ${orderPartsLabel(order)} could not be deleted. ${problemText(e, 'Please try again.')}`,
        ),
    });
  }

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update({ email: emailDraft.trim(), page: 1 });
  }

  // The server's rule for an order number, checked before asking; an empty field shows every order.
  function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = numberDraft.trim();
    const checked = text ? OrderNumberParamsSchema.shape.number.safeParse(text) : null;
    if (checked && !checked.success) {
      setNumberError(checked.error.issues[0]?.message ?? null);
      return;
    }
    setNumberError(null);
    const found = orderNumberOf(text);
    setNumberDraft(found ?? '');
    update({ number: found ?? '', page: 1 });
  }

  const total = orders.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE));
  const list = orders.data?.orders ?? [];
  const first = total === 0 ? 0 : params.offset + 1;
  const last = params.offset + list.length;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="orders-status" className="text-sm font-semibold text-slate-800">
            Status
          </label>
          <select
            id="orders-status"
            className={`${inputClass} sm:w-48`}
            value={params.status ?? ''}
            onChange={(event) => update({ status: event.target.value, page: 1 })}
          >
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <form role="search" aria-label="Orders by email" className="flex flex-col gap-1.5" onSubmit={search}>
          <label htmlFor="orders-email" className="text-sm font-semibold text-slate-800">
            Customer email
          </label>
          <div className="flex gap-2">
            <input
              id="orders-email"
              type="search"
              inputMode="email"
              autoComplete="off"
              className={`${inputClass} sm:w-72`}
              value={emailDraft}
              onChange={(event) => setEmailDraft(event.target.value)}
            />
            <button type="submit" className={buttonStyles('secondary', 'md')}>
              Search
            </button>
          </div>
        </form>
        <form
          role="search"
          aria-label="Orders by number"
          className="flex flex-col gap-1.5"
          onSubmit={find}
          noValidate
        >
          <label htmlFor="orders-number" className="text-sm font-semibold text-slate-800">
            Order number
          </label>
          <div className="flex gap-2">
            <input
              id="orders-number"
              type="search"
              autoComplete="off"
              placeholder="PS-10482"
              aria-invalid={numberError ? true : undefined}
              aria-describedby={numberError ? 'orders-number-error' : undefined}
              className={`${inputClass} sm:w-40`}
              value={numberDraft}
              onChange={(event) => setNumberDraft(event.target.value)}
            />
            <button type="submit" className={buttonStyles('secondary', 'md')}>
              Find
            </button>
          </div>
          {numberError ? (
            <p id="orders-number-error" className="text-sm font-medium text-red-700">
              {numberError}
            </p>
          ) : null}
        </form>
        <form
          role="search"
          aria-label={approvalsTexts.poFilterPlaceholder}
          className="flex flex-col gap-1.5"
          onSubmit={(event) => {
            event.preventDefault();
            update({ po: poDraft.trim().slice(0, 40), page: 1 });
          }}
        >
          <label htmlFor="orders-po" className="text-sm font-semibold text-slate-800">
            {approvalsTexts.poFilterLabel}
          </label>
          <div className="flex gap-2">
            <input
              id="orders-po"
              type="search"
              autoComplete="off"
              maxLength={40}
              className={`${inputClass} sm:w-40`}
              value={poDraft}
              onChange={(event) => setPoDraft(event.target.value)}
            />
            <button type="submit" className={buttonStyles('secondary', 'md')}>
              {approvalsTexts.poFilterButton}
            </button>
          </div>
        </form>
      </div>

      <StatusNotice message={notice} />
      <ErrorNotice message={error} />

      {orders.isPending ? (
        <Spinner label="Loading orders" className="py-16" />
      ) : orders.isError ? (
        <QueryError onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
      ) : list.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-lg text-slate-700">
          No orders match.
        </p>
      ) : (
        <AllOrdersTable
          orders={list}
          pendingId={change.isPending ? (change.variables?.order._id ?? null) : null}
          onDeliver={(order) => move(order, 'delivered')}
          cancellingId={cancellation.isPending ? (cancellation.variables?._id ?? null) : null}
          markingPaidId={markPaid.isPending ? (markPaid.variables?._id ?? null) : null}
          onCancel={cancel}
          onMarkPaid={recordPayment}
          onDelete={remove}
        />
      )}

      <nav aria-label="Orders pages" className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" aria-live="polite">
          {total === 0 ? 'No orders' : `Orders ${first}–${last} of ${total} · page ${page} of ${pages}`}
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            className={buttonStyles('secondary', 'md')}
            disabled={page <= 1}
            onClick={() => update({ page: page - 1 })}
          >
            Previous
          </button>
          <button
            type="button"
            className={buttonStyles('secondary', 'md')}
            disabled={page >= pages || orders.isPlaceholderData}
            onClick={() => update({ page: page + 1 })}
          >
            Next
          </button>
        </div>
      </nav>
    </div>
  );
}
