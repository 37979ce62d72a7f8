import { useId, useState } from 'react';
import { creditListEmptyTexts } from '@pitstop/core/checkout-place-texts';
import { creditAdminTexts } from '@pitstop/core/credit-texts';
import {
  CREDIT_APPLICATION_STATUSES,
  CreditDecisionSchema,
  type CreditApplication,
  type CreditApplicationStatus,
} from '@pitstop/core/credit';
import { formatDollars } from '@pitstop/core/money';
import { buttonStyles } from '@/components/ui/button-styles';
import { inputClass } from '@/components/ui/form-field';
import { ErrorNotice, StatusNotice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { ResponsiveTable, rowActionClass } from '@/components/ui/responsive-table';
import { problemText } from '@/lib/error-text';
import { useCreditApplications } from '../api/get-credit-applications';
import { useDecideCreditApplication } from '../api/decide-credit-application';

function isStatus(value: string): value is CreditApplicationStatus {
  return (CREDIT_APPLICATION_STATUSES as readonly string[]).includes(value);
}

interface DecisionProps {
  application: CreditApplication;
  pending: boolean;
  onApprove: (limit: number) => void;
  onDecline: () => void;
}

/** A pending application's decision: a limit (the requested one to start with), approve or decline. */
function Decision({ application, pending, onApprove, onDecline }: DecisionProps) {
  const inputId = useId();
  const errorId = useId();
  const [limit, setLimit] = useState(String(application.requestedLimit));
  const [error, setError] = useState<string | null>(null);

  function approve() {
    const parsed = CreditDecisionSchema.safeParse({ status: 'approved', limit });
    if (!parsed.success || parsed.data.status !== 'approved') {
      setError(parsed.error?.issues[0]?.message ?? creditAdminTexts.decideFailed);
      return;
    }
    setError(null);
    onApprove(parsed.data.limit);
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="sr-only">
        {creditAdminTexts.limitLabel(application.businessName)}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={inputId}
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
          inputMode="decimal"
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          className={`${inputClass} w-32 max-xl:flex-1`}
        />
        <button
          type="button"
          className={rowActionClass('primary')}
          aria-label={creditAdminTexts.approveLabel(application.businessName)}
          disabled={pending}
          onClick={approve}
        >
          {creditAdminTexts.approve}
        </button>
        <button
          type="button"
          className={rowActionClass('secondary')}
          aria-label={creditAdminTexts.declineLabel(application.businessName)}
          disabled={pending}
          onClick={onDecline}
        >
          {creditAdminTexts.decline}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Credit applications (admins): filter by status, approve with a limit or decline; the applicant is mailed. */
export function CreditApplicationsAdmin() {
  const filterId = useId();
  const [status, setStatus] = useState<CreditApplicationStatus | undefined>('pending');
  const applications = useCreditApplications(status);
  // Every page read so far, newest first ("Older applications" reads the next).
  const shown = applications.data?.pages.flatMap((page) => page.items) ?? [];
  const decide = useDecideCreditApplication();
  const [notice, setNotice] = useState<string | null>(null);
  const pendingId = decide.isPending ? decide.variables.id : null;

  function run(
    application: CreditApplication,
    decision: { status: 'approved'; limit: number } | { status: 'declined' },
  ) {
    setNotice(null);
    decide.mutate(
      { id: application.id, decision },
      {
        onSuccess: (decided) =>
          setNotice(
            decided.status === 'approved'
              ? creditAdminTexts.approved(decided.businessName, formatDollars(decided.approvedLimit ?? 0))
              : creditAdminTexts.declined(decided.businessName),
          ),
      },
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5 sm:max-w-xs">
        <label htmlFor={filterId} className="text-sm font-semibold text-slate-800">
          {creditAdminTexts.filterLabel}
        </label>
        <select
          id={filterId}
          value={status ?? ''}
          onChange={(event) => setStatus(isStatus(event.target.value) ? event.target.value : undefined)}
          className={inputClass}
        >
          <option value="">{creditAdminTexts.all}</option>
          {CREDIT_APPLICATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {creditAdminTexts.statusLabels[s]}
            </option>
          ))}
        </select>
      </div>
      <StatusNotice message={notice} />
      <ErrorNotice
        message={decide.isError ? problemText(decide.error, creditAdminTexts.decideFailed) : null}
      />
      {applications.isPending ? (
        <Spinner label={creditAdminTexts.loading} className="justify-start py-6" />
      ) : applications.isError && shown.length === 0 ? (
        <QueryError onRetry={() => void applications.refetch()} retrying={applications.isFetching} />
      ) : shown.length === 0 ? (
        // Said for the status shown: an empty Pending list after the last decision is not "no
        // applications yet" (issue #28).
        <p className="text-slate-700">{creditListEmptyTexts[status ?? 'all']}</p>
      ) : (
        <>
          <ResponsiveTable
            caption={creditAdminTexts.heading}
            rows={shown}
            rowKey={(application) => application.id}
            columns={[
              { header: creditAdminTexts.business, title: true, cell: (a) => a.businessName },
              {
                header: creditAdminTexts.contact,
                cell: (a) => (
                  <>
                    <div>{a.contactName}</div>
                    <div className="break-words text-slate-600">{a.email}</div>
                    <div className="text-slate-600">{a.phone}</div>
                  </>
                ),
              },
              {
                header: creditAdminTexts.ein,
                className: 'tabular-nums whitespace-nowrap',
                cell: (a) => a.ein,
              },
              { header: creditAdminTexts.years, align: 'right', cell: (a) => a.yearsInBusiness },
              {
                header: creditAdminTexts.requested,
                align: 'right',
                className: 'whitespace-nowrap',
                cell: (a) => formatDollars(a.requestedLimit),
              },
              {
                header: creditAdminTexts.status,
                cell: (a) =>
                  a.status === 'approved' && a.approvedLimit !== null
                    ? creditAdminTexts.approvedWith(formatDollars(a.approvedLimit))
                    : creditAdminTexts.statusLabels[a.status],
              },
              {
                header: creditAdminTexts.actions,
                actions: true,
                cell: (a) =>
                  a.status === 'pending' ? (
                    <Decision
                      application={a}
                      pending={pendingId === a.id}
                      onApprove={(limit) => run(a, { status: 'approved', limit })}
                      onDecline={() => run(a, { status: 'declined' })}
                    />
                  ) : null,
              },
            ]}
          />
          <div className="flex flex-col items-start gap-2" aria-live="polite">
            <p className="text-sm text-slate-600">{creditAdminTexts.shown(shown.length)}</p>
            {applications.isError ? (
              <QueryError
                onRetry={() => void applications.fetchNextPage()}
                retrying={applications.isFetching}
              />
            ) : applications.hasNextPage ? (
              <button
                type="button"
                onClick={() => void applications.fetchNextPage()}
                disabled={applications.isFetchingNextPage}
                className={buttonStyles('secondary', 'md', 'w-full sm:w-auto')}
              >
                {applications.isFetchingNextPage ? creditAdminTexts.loadingMore : creditAdminTexts.loadMore}
              </button>
            ) : (
              <p className="text-sm text-slate-600">{creditAdminTexts.end}</p>
            )}
          </div>
        </>
      )}
    </div>
  );
}
