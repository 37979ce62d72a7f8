import { useId, useState } from 'react';
import {
  ADMIN_INVOICES_PAGE_SIZE,
  INVOICE_FILTERS,
  type Invoice,
  type InvoiceFilter,
} from '@pitstop/core/invoices';
import { invoiceTexts } from '@pitstop/core/invoices-texts';
import { formatDollars } from '@pitstop/core/money';
import { buttonStyles } from '@/components/ui/button-styles';
import { inputClass } from '@/components/ui/form-field';
import { StatusNotice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { ResponsiveTable, rowActionClass } from '@/components/ui/responsive-table';
import { Spinner } from '@/components/ui/spinner';
import { useAdminInvoices } from '../api/invoices-api';
import { DownloadInvoiceButton } from './download-invoice-button';
import { RecordPaymentForm } from './record-payment-form';

const isFilter = (value: string): value is InvoiceFilter =>
  (INVOICE_FILTERS as readonly string[]).includes(value);

/** When it falls due, or that it is overdue, paid, or due on receipt (card). */
function dueText(invoice: Invoice): string {
  if (invoice.owed === 0 && !invoice.cancelled) return invoiceTexts.paidInFull;
  if (!invoice.dueAt) return invoiceTexts.dueOnReceipt;
  const day = invoice.dueAt.slice(0, 10);
  return invoice.overdue ? `${day} · ${invoiceTexts.overdue}` : day;
}

/** Admin → Invoices: every invoice with paid and owed, filtered and searched, and payments recorded. */
export function InvoicesAdmin() {
  const filterId = useId();
  const searchId = useId();
  const [filter, setFilter] = useState<InvoiceFilter>('open');
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const invoices = useAdminInvoices(filter, q, page);
  const pages = Math.max(1, Math.ceil((invoices.data?.total ?? 0) / ADMIN_INVOICES_PAGE_SIZE));
  const rows = invoices.data?.items ?? [];

  return (
    <div className="flex flex-col gap-5">
      <p className="text-slate-700">{invoiceTexts.adminIntro}</p>
      <form
        role="search"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(typed.trim());
          setPage(1);
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={filterId} className="text-sm font-semibold text-slate-800">
            {invoiceTexts.filterLabel}
          </label>
          <select
            id={filterId}
            value={filter}
            onChange={(event) => {
              if (isFilter(event.target.value)) setFilter(event.target.value);
              setPage(1);
            }}
            className={inputClass}
          >
            {INVOICE_FILTERS.map((f) => (
              <option key={f} value={f}>
                {invoiceTexts.filters[f]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:max-w-md">
          <label htmlFor={searchId} className="text-sm font-semibold text-slate-800">
            {invoiceTexts.searchLabel}
          </label>
          <input
            id={searchId}
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            className={inputClass}
          />
        </div>
        <button type="submit" className={buttonStyles('secondary')}>
          {invoiceTexts.search}
        </button>
      </form>
      <StatusNotice message={notice} />
      {paying ? (
        <RecordPaymentForm
          key={paying.id}
          invoice={paying}
          onCancel={() => setPaying(null)}
          onDone={(recorded) => {
            setPaying(null);
            setNotice(invoiceTexts.recorded(recorded.payment.amount, recorded.invoice.number));
          }}
        />
      ) : null}
      {invoices.isPending ? (
        <Spinner label={invoiceTexts.adminTitle} className="justify-start py-6" />
      ) : invoices.isError && rows.length === 0 ? (
        <QueryError onRetry={() => void invoices.refetch()} retrying={invoices.isFetching} />
      ) : rows.length === 0 ? (
        <p className="text-slate-700">{invoiceTexts.none}</p>
      ) : (
        <>
          <ResponsiveTable
            caption={invoiceTexts.adminTitle}
            rows={rows}
            rowKey={(invoice) => invoice.id}
            dense
            columns={[
              { header: invoiceTexts.head.number, title: true, cell: (i) => i.number },
              { header: invoiceTexts.head.order, className: 'whitespace-nowrap', cell: (i) => i.orderNumber },
              {
                header: invoiceTexts.head.billTo,
                cell: (i) => (
                  <>
                    <div>{i.companyName ?? i.customerName}</div>
                    <div className="break-words text-slate-600">{i.email}</div>
                  </>
                ),
              },
              { header: invoiceTexts.head.total, align: 'right', cell: (i) => formatDollars(i.total) },
              { header: invoiceTexts.head.paid, align: 'right', cell: (i) => formatDollars(i.paid) },
              { header: invoiceTexts.head.owed, align: 'right', cell: (i) => formatDollars(i.owed) },
              {
                header: invoiceTexts.head.due,
                className: 'whitespace-nowrap',
                cell: (i) => (
                  <span className={i.overdue ? 'font-semibold text-red-700' : undefined}>{dueText(i)}</span>
                ),
              },
              {
                header: invoiceTexts.head.actions,
                actions: true,
                cell: (i) => (
                  <div className="flex flex-wrap gap-2">
                    <DownloadInvoiceButton invoice={i} />
                    {i.paymentMethod === 'account' && i.owed > 0 ? (
                      <button
                        type="button"
                        className={rowActionClass('primary')}
                        aria-label={invoiceTexts.recordPaymentFor(i.number)}
                        onClick={() => {
                          setNotice(null);
                          setPaying(i);
                        }}
                      >
                        {invoiceTexts.recordPayment}
                      </button>
                    ) : null}
                  </div>
                ),
              },
            ]}
          />
          {pages > 1 ? (
            <nav aria-label={invoiceTexts.pageOf(page, pages)} className="flex items-center gap-3">
              <button
                type="button"
                className={buttonStyles('secondary')}
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
              >
                {invoiceTexts.previous}
              </button>
              <span className="text-sm text-slate-700">{invoiceTexts.pageOf(page, pages)}</span>
              <button
                type="button"
                className={buttonStyles('secondary')}
                disabled={page >= pages}
                onClick={() => setPage((p) => p + 1)}
              >
                {invoiceTexts.next}
              </button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
