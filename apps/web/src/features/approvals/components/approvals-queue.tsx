import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DeclineSchema, type Approval } from '@pitstop/core/approvals';
import { approvalsTexts } from '@pitstop/core/approvals-texts';
import { formatDollars } from '@pitstop/core/money';
import { buttonStyles } from '@/components/ui/button-styles';
import { inputClass } from '@/components/ui/form-field';
import { ErrorNotice, StatusNotice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { mediumDateOf } from '@/lib/date-format';
import { problemText } from '@/lib/error-text';
import { useApprovals } from '../api/get-approvals';
import { useDecideApproval, type ApprovalDecision } from '../api/decide-approval';

const cell = 'border-b border-slate-200 px-2 py-2 sm:px-3';

/** "Dec 23, 2026, 3:04 PM" in the reader's zone, for a hold's end. */
function dateTime(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? '—'
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

function ApprovalLines({ approval }: { approval: Approval }) {
  return (
    <div className="max-w-full overflow-x-auto rounded-xl border border-slate-200">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{approvalsTexts.linesCaption(approval.orderNumber)}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className={`${cell} font-semibold`}>
              {approvalsTexts.partColumn}
            </th>
            <th scope="col" className={`${cell} text-right font-semibold`}>
              {approvalsTexts.quantityColumn}
            </th>
            <th scope="col" className={`${cell} text-right font-semibold`}>
              {approvalsTexts.totalColumn}
            </th>
          </tr>
        </thead>
        <tbody>
          {approval.lines.map((line) => (
            <tr key={line.lineId ?? line.partId} className="last:[&>*]:border-b-0">
              <th scope="row" className={`${cell} font-medium text-slate-900`}>
                {line.name}
                {line.partNumber ? (
                  <span className="block text-xs font-normal text-slate-600">{line.partNumber}</span>
                ) : null}
              </th>
              <td className={`${cell} text-right tabular-nums`}>{line.quantity}</td>
              <td className={`${cell} text-right tabular-nums whitespace-nowrap`}>
                {formatDollars(line.total)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface CardProps {
  approval: Approval;
  busy: boolean;
  onDecide: (decision: ApprovalDecision, done: (error: unknown) => void) => void;
}

/** One waiting order: who, what, how much, and its Approve / Decline (with a reason). */
function ApprovalCard({ approval, busy, onDecide }: CardProps) {
  const id = useId();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (declining) reasonRef.current?.focus();
  }, [declining]);

  const decide = (decision: ApprovalDecision) => {
    setError(null);
    onDecide(decision, (err) => {
      if (err) setError(problemText(err, approvalsTexts.decideFailed));
    });
  };
  const confirmDecline = () => {
    const parsed = DeclineSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? approvalsTexts.reasonRequired);
      reasonRef.current?.focus();
      return;
    }
    decide({ orderId: approval.orderId, approve: false, reason: parsed.data.reason });
  };

  return (
    <article
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
          {approval.orderNumber}
        </h2>
        <p className="text-lg font-bold tabular-nums text-slate-900">{formatDollars(approval.total)}</p>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm text-slate-700 sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-slate-800">{approvalsTexts.buyerLabel}</dt>
          <dd className="break-words">
            {approval.buyer.name} ({approval.buyer.email})
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-800">{approvalsTexts.limitLabel}</dt>
          <dd className="tabular-nums">{formatDollars(approval.limit)}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-800">{approvalsTexts.placedLabel}</dt>
          <dd>{mediumDateOf(approval.createdAt) ?? '—'}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-800">{approvalsTexts.holdLabel}</dt>
          <dd>{dateTime(approval.expiresAt)}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-800">{approvalsTexts.paymentLabel}</dt>
          <dd>
            {approval.paymentMethod === 'account'
              ? approvalsTexts.paymentAccount
              : approvalsTexts.paymentCard}
          </dd>
        </div>
        {approval.poNumber ? (
          <div>
            <dt className="font-semibold text-slate-800">{approvalsTexts.poLabel}</dt>
            <dd className="break-all">{approval.poNumber}</dd>
          </div>
        ) : null}
      </dl>
      <ApprovalLines approval={approval} />
      {declining ? (
        <div className="flex flex-col gap-2">
          <label htmlFor={`${id}-reason`} className="text-sm font-semibold text-slate-800">
            {approvalsTexts.reasonFor(approval.orderNumber)}
          </label>
          <textarea
            id={`${id}-reason`}
            ref={reasonRef}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={3}
            maxLength={500}
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`${inputClass} resize-y`}
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonStyles('primary', 'md')}
              disabled={busy}
              onClick={confirmDecline}
            >
              {busy ? approvalsTexts.declining : approvalsTexts.confirmDecline}
            </button>
            <button
              type="button"
              className={buttonStyles('secondary', 'md')}
              disabled={busy}
              onClick={() => {
                setDeclining(false);
                setError(null);
              }}
            >
              {approvalsTexts.cancel}
            </button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          {error ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonStyles('primary', 'md')}
              aria-label={approvalsTexts.approveLabel(approval.orderNumber)}
              disabled={busy}
              onClick={() => decide({ orderId: approval.orderId, approve: true })}
            >
              {busy ? approvalsTexts.approving : approvalsTexts.approve}
            </button>
            <button
              type="button"
              className={buttonStyles('secondary', 'md')}
              aria-label={approvalsTexts.declineLabel(approval.orderNumber)}
              disabled={busy}
              onClick={() => setDeclining(true)}
            >
              {approvalsTexts.decline}
            </button>
          </div>
        </div>
      )}
    </article>
  );
}

/**
 * /company/approvals: the company's orders waiting for approval, oldest first, each with its
 * buyer, limit, hold, lines and total; Approve places it, Decline asks why first.
 */
export function ApprovalsQueue() {
  const queue = useApprovals();
  const decide = useDecideApproval();
  const [done, setDone] = useState<string | null>(null);

  if (queue.isPending) return <Spinner label={approvalsTexts.loading} className="justify-start py-6" />;
  if (queue.isError) {
    if (isApiError(queue.error) && queue.error.status === 403) {
      return (
        <div className="flex flex-col items-start gap-3">
          <ErrorNotice message={approvalsTexts.notAllowed} />
          <Link to="/company" className={buttonStyles('secondary', 'md')}>
            {approvalsTexts.companyLink}
          </Link>
        </div>
      );
    }
    return <QueryError onRetry={() => void queue.refetch()} retrying={queue.isFetching} />;
  }
  const items = queue.data.items;
  return (
    <div className="flex flex-col gap-4">
      <StatusNotice message={done} />
      {items.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">
          {approvalsTexts.empty}
        </p>
      ) : (
        items.map((approval) => (
          <ApprovalCard
            key={approval.orderId}
            approval={approval}
            busy={decide.isPending && decide.variables.orderId === approval.orderId}
            onDecide={(decision, after) => {
              setDone(null);
              decide.mutate(decision, {
                onSuccess: () => {
                  setDone(
                    decision.approve
                      ? approvalsTexts.approved(approval.orderNumber)
                      : approvalsTexts.declined(approval.orderNumber),
                  );
                  after(null);
                },
                onError: (err) => after(err),
              });
            }}
          />
        ))
      )}
    </div>
  );
}
