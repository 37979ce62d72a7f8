import { Link } from 'react-router';
import { useState, type ReactNode } from 'react';
import { creditPageTexts } from '@pitstop/core/credit-texts';
import { formatDollars } from '@pitstop/core/money';
import { buttonStyles } from '@/components/ui/button-styles';
import { StatusNotice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { useCreditStatus } from '../api/get-credit-status';
import { CreditApplicationForm } from './credit-application-form';
import { lazyDateFormat } from '@/lib/date-format';

const dateFormat = lazyDateFormat({ dateStyle: 'long' });

function Panel({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="flex flex-col items-start gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 className="text-xl font-bold text-slate-900">{heading}</h2>
      {children}
    </section>
  );
}

/**
 * Where a customer stands with credit: the application form, or that it is being reviewed, or the
 * limit they may use (and the form again after a decline).
 */
export function CreditPage({ email }: { email: string }) {
  const status = useCreditStatus();
  const [submitted, setSubmitted] = useState(false);

  if (status.isError) {
    return <QueryError onRetry={() => void status.refetch()} retrying={status.isFetching} />;
  }
  if (status.isPending) return <Spinner label={creditPageTexts.loading} className="justify-start py-6" />;

  const { application, account } = status.data;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <StatusNotice message={submitted ? creditPageTexts.submitted : null} />
      {account ? (
        <Panel heading={creditPageTexts.approvedHeading}>
          <p className="text-slate-700">
            {creditPageTexts.approvedText(formatDollars(account.limit), formatDollars(account.remaining))}
          </p>
          <Link to="/parts" className={buttonStyles('primary', 'md')}>
            {creditPageTexts.goShopping}
          </Link>
        </Panel>
      ) : application?.status === 'pending' ? (
        <Panel heading={creditPageTexts.pendingHeading}>
          <p className="text-slate-700">
            {creditPageTexts.pendingText(
              application.businessName,
              dateFormat.format(new Date(application.createdAt)),
            )}
          </p>
        </Panel>
      ) : (
        <>
          {application?.status === 'declined' ? (
            <Panel heading={creditPageTexts.declinedHeading}>
              <p className="text-slate-700">{creditPageTexts.declinedText}</p>
            </Panel>
          ) : null}
          <p className="text-lg leading-relaxed text-slate-700">{creditPageTexts.lead}</p>
          <CreditApplicationForm email={email} onSubmitted={() => setSubmitted(true)} />
        </>
      )}
    </div>
  );
}
