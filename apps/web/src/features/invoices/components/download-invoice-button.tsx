import { useState } from 'react';
import type { Invoice } from '@pitstop/core/invoices';
import { invoiceTexts } from '@pitstop/core/invoices-texts';
import { rowActionClass } from '@/components/ui/responsive-table';
import { problemText } from '@/lib/error-text';
import { downloadInvoicePdf } from '../api/invoices-api';

/** A button that downloads an invoice's PDF (with the reader's token), and says why when it cannot. */
export function DownloadInvoiceButton({
  invoice,
  label = invoiceTexts.download,
}: {
  invoice: Pick<Invoice, 'orderId' | 'number'>;
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="inline-flex flex-col gap-1 max-xl:flex-1">
      <button
        type="button"
        className={rowActionClass('secondary')}
        aria-label={invoiceTexts.downloadInvoice(invoice.number)}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          downloadInvoicePdf(invoice)
            .catch((err: unknown) => setError(problemText(err, invoiceTexts.loadFailed)))
            .finally(() => setBusy(false));
        }}
      >
        {label}
      </button>
      {error ? (
        <span role="alert" className="text-sm font-medium text-red-700">
          {error}
        </span>
      ) : null}
    </span>
  );
}
