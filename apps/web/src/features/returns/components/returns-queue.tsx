import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '@pitstop/core/money';
import { RETURN_STATUSES, type ReturnStatus } from '@pitstop/core/order-detail';
import { RETURN_REASON_LABELS, RETURN_STATUS_LABELS } from '@pitstop/core/return-policy';
import { returnItemTexts, returnQueueTexts } from '@pitstop/core/return-texts';
import type { ReturnQueueItem } from '@pitstop/core/returns';
import { inputClass } from '@/components/ui/form-field';
import { StatusNotice } from '@/components/ui/notice';
import { PhotoLinks } from '@/components/ui/photo-links';
import { QueryError } from '@/components/ui/query-error';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { Spinner } from '@/components/ui/spinner';
import { mediumDateOf } from '@/lib/date-format';
import { useReturns } from '../api/get-returns';
import { ReturnActions } from './return-actions';

function isStatus(value: string): value is ReturnStatus {
  return (RETURN_STATUSES as readonly string[]).includes(value);
}

/** The admin's order page for an order number ("PS-10482"). */
export const adminOrderHref = (orderNumber: string) => `/dashboard/orders/${encodeURIComponent(orderNumber)}`;

function Units({ item }: { item: ReturnQueueItem }) {
  return (
    <ul className="flex flex-col gap-0.5">
      {item.lines.map((line) => (
        <li key={line.lineId}>
          {line.partNumber ? <span className="font-mono text-slate-600">{`${line.partNumber} `}</span> : null}
          {`${line.name} × ${line.quantity}`}
        </li>
      ))}
    </ul>
  );
}

function Why({ item }: { item: ReturnQueueItem }) {
  return (
    <div className="flex flex-col gap-1">
      <span>{RETURN_REASON_LABELS[item.reason]}</span>
      {item.note ? <span className="break-words text-slate-600">{item.note}</span> : null}
      <PhotoLinks urls={item.photos} as="span" className="flex flex-wrap gap-2" />
    </div>
  );
}

function StatusOf({ item }: { item: ReturnQueueItem }) {
  return (
    <div className="flex flex-col gap-1">
      <span className="font-semibold">{RETURN_STATUS_LABELS[item.status]}</span>
      {item.declineReason ? <span className="break-words text-slate-600">{item.declineReason}</span> : null}
      {item.refund !== null ? (
        <span className="tabular-nums text-slate-600">
          {returnItemTexts.refundLine(item.status, formatDollars(item.refund))}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The Returns queue (admins): every return, newest first, or those of one status; each with its
 * order (a link to the admin's order page), the customer, the units, why, and the actions its
 * status allows. What an action did is announced above the list.
 */
export function ReturnsQueue() {
  const filterId = useId();
  const [status, setStatus] = useState<ReturnStatus | undefined>(undefined);
  const returns = useReturns(status);
  const [notice, setNotice] = useState<string | null>(null);
  function done(message: string) {
    setNotice(message);
    document.getElementById(`${filterId}-notice`)?.focus();
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5 sm:max-w-xs">
        <label htmlFor={filterId} className="text-sm font-semibold text-slate-800">
          {returnQueueTexts.filterLabel}
        </label>
        <select
          id={filterId}
          value={status ?? ''}
          onChange={(event) => setStatus(isStatus(event.target.value) ? event.target.value : undefined)}
          className={inputClass}
        >
          <option value="">{returnQueueTexts.all}</option>
          {RETURN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {RETURN_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {/* What an action did; focus lands here, as the row's buttons it was done with are gone. */}
      <div id={`${filterId}-notice`} tabIndex={-1} className="outline-none">
        <StatusNotice message={notice} />
      </div>
      {returns.isError ? (
        <QueryError onRetry={() => void returns.refetch()} retrying={returns.isFetching} />
      ) : returns.isPending ? (
        <Spinner label={returnQueueTexts.loading} className="justify-start py-6" />
      ) : returns.data.length === 0 ? (
        <p className="text-slate-700">{returnQueueTexts.empty}</p>
      ) : (
        <ResponsiveTable
          caption={returnQueueTexts.heading}
          rows={returns.data}
          rowKey={(item) => item.id}
          columns={[
            {
              header: returnQueueTexts.columns.item,
              title: true,
              cell: (item) => (
                <div className="flex flex-col gap-0.5">
                  <span className="whitespace-nowrap">{item.label}</span>
                  <Link
                    to={adminOrderHref(item.orderNumber)}
                    className="text-sm font-normal text-red-700 underline underline-offset-2"
                  >
                    {returnQueueTexts.orderLink(item.orderNumber)}
                  </Link>
                  <span className="text-sm font-normal text-slate-600">
                    {returnItemTexts.requestedOn(mediumDateOf(item.requestedAt) ?? '')}
                  </span>
                </div>
              ),
            },
            {
              header: returnQueueTexts.columns.customer,
              cell: (item) => (
                <>
                  <div>{item.customer.name}</div>
                  <div className="break-words text-slate-600">{item.customer.email}</div>
                </>
              ),
            },
            { header: returnQueueTexts.columns.parts, cell: (item) => <Units item={item} /> },
            { header: returnQueueTexts.columns.reason, cell: (item) => <Why item={item} /> },
            { header: returnQueueTexts.columns.status, cell: (item) => <StatusOf item={item} /> },
            {
              header: returnQueueTexts.columns.actions,
              actions: true,
              cell: (item) => <ReturnActions item={item} onDone={done} />,
            },
          ]}
        />
      )}
    </div>
  );
}
