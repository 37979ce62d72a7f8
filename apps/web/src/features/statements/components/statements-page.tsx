import { useState } from 'react';
import type { Statement } from '@pitstop/core/invoices';
import { invoiceTexts, statementTexts } from '@pitstop/core/invoices-texts';
import { formatDollars } from '@pitstop/core/money';
import { ErrorNotice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { ResponsiveTable, rowActionClass } from '@/components/ui/responsive-table';
import { Spinner } from '@/components/ui/spinner';
import { DownloadInvoiceButton } from '@/features/invoices/components/download-invoice-button';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import { downloadStatement, useCompanyInvoices, useStatements } from '../api/statements-api';

function Downloads({ statement, onError }: { statement: Statement; onError: (message: string) => void }) {
  const month = statementTexts.monthName(statement.month);
  const [busy, setBusy] = useState(false);
  const run = (format: 'pdf' | 'csv') => {
    setBusy(true);
    downloadStatement(statement, format)
      .catch((err: unknown) => onError(problemText(err, statementTexts.loadFailed)))
      .finally(() => setBusy(false));
  };
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={rowActionClass('secondary')}
        aria-label={statementTexts.downloadPdf(month)}
        disabled={busy}
        onClick={() => run('pdf')}
      >
        {statementTexts.pdf}
      </button>
      <button
        type="button"
        className={rowActionClass('secondary')}
        aria-label={statementTexts.downloadCsv(month)}
        disabled={busy}
        onClick={() => run('csv')}
      >
        {statementTexts.csv}
      </button>
    </div>
  );
}

/** /company/statements: the company's monthly statements (PDF, CSV) and its invoices, for its owner and accountants. */
export function StatementsPage() {
  const statements = useStatements();
  const allowed = statements.isSuccess;
  const invoices = useCompanyInvoices(allowed);
  const [error, setError] = useState<string | null>(null);

  if (statements.isPending) return <Spinner label={statementTexts.loading} className="justify-start py-6" />;
  if (statements.isError) {
    // Not the company's owner or accountant (403), or no company at all (404): the server says which.
    if (isApiError(statements.error) && statements.error.isRefusal) {
      return <p className="text-slate-700">{statements.error.message}</p>;
    }
    return <QueryError onRetry={() => void statements.refetch()} retrying={statements.isFetching} />;
  }

  return (
    <div className="flex flex-col gap-8">
      <p className="text-slate-700">{statementTexts.intro}</p>
      <ErrorNotice message={error} />
      {statements.data.length === 0 ? (
        <p className="text-slate-700">{statementTexts.none}</p>
      ) : (
        <ResponsiveTable
          caption={statementTexts.pageTitle}
          rows={statements.data}
          rowKey={(s) => s.id}
          columns={[
            { header: statementTexts.month, title: true, cell: (s) => statementTexts.monthName(s.month) },
            { header: statementTexts.opening, align: 'right', cell: (s) => formatDollars(s.openingBalance) },
            { header: statementTexts.charges, align: 'right', cell: (s) => formatDollars(s.charges) },
            { header: statementTexts.payments, align: 'right', cell: (s) => formatDollars(s.payments) },
            { header: statementTexts.closing, align: 'right', cell: (s) => formatDollars(s.closingBalance) },
            {
              header: statementTexts.overdue,
              align: 'right',
              cell: (s) => (
                <span className={s.overdue > 0 ? 'font-semibold text-red-700' : undefined}>
                  {formatDollars(s.overdue)}
                </span>
              ),
            },
            {
              header: statementTexts.downloads,
              actions: true,
              cell: (s) => <Downloads statement={s} onError={setError} />,
            },
          ]}
        />
      )}
      <section aria-labelledby="company-invoices" className="flex flex-col gap-4">
        <h2 id="company-invoices" className="text-xl font-semibold text-slate-900">
          {statementTexts.invoicesTitle}
        </h2>
        <p className="text-slate-700">{statementTexts.invoicesIntro}</p>
        {invoices.isPending ? (
          <Spinner label={statementTexts.invoicesTitle} className="justify-start py-6" />
        ) : invoices.isError ? (
          <QueryError onRetry={() => void invoices.refetch()} retrying={invoices.isFetching} />
        ) : invoices.data.length === 0 ? (
          <p className="text-slate-700">{statementTexts.noInvoices}</p>
        ) : (
          <ResponsiveTable
            caption={statementTexts.invoicesTitle}
            rows={invoices.data}
            rowKey={(i) => i.id}
            columns={[
              { header: invoiceTexts.head.number, title: true, cell: (i) => i.number },
              { header: invoiceTexts.head.order, cell: (i) => i.orderNumber },
              { header: invoiceTexts.poNumber, cell: (i) => i.poNumber ?? '' },
              { header: invoiceTexts.head.total, align: 'right', cell: (i) => formatDollars(i.total) },
              { header: invoiceTexts.head.owed, align: 'right', cell: (i) => formatDollars(i.owed) },
              {
                header: invoiceTexts.head.due,
                cell: (i) =>
                  i.owed === 0 && !i.cancelled ? (
                    invoiceTexts.paidInFull
                  ) : i.dueAt ? (
                    <span className={i.overdue ? 'font-semibold text-red-700' : undefined}>
                      {i.overdue ? `${i.dueAt.slice(0, 10)} · ${invoiceTexts.overdue}` : i.dueAt.slice(0, 10)}
                    </span>
                  ) : (
                    invoiceTexts.dueOnReceipt
                  ),
              },
              {
                header: invoiceTexts.head.actions,
                actions: true,
                cell: (i) => <DownloadInvoiceButton invoice={i} />,
              },
            ]}
          />
        )}
      </section>
    </div>
  );
}
