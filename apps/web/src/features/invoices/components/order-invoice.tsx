import { invoiceTexts } from '@pitstop/core/invoices-texts';
import type { Order } from '@pitstop/core/orders';
import { useOrderInvoice } from '../api/invoices-api';
import { DownloadInvoiceButton } from './download-invoice-button';

/**
 * The order page's invoice: its number and the PDF, once the order has one (an order waiting for
 * an approver has none yet, and a reader who may not see it is answered 404: nothing shows).
 */
export function OrderInvoice({ order }: { order: Pick<Order, '_id' | 'status' | 'cancelReason'> }) {
  // An order still waiting for its approver, or one the approver declined, was never invoiced:
  // asking would only be answered 404.
  const invoiced =
    order.status !== 'awaiting_approval' &&
    !(order.status === 'cancelled' && order.cancelReason === 'declined');
  const invoice = useOrderInvoice(order._id, invoiced);
  if (!invoice.data) return null;
  return (
    <section aria-label={invoiceTexts.orderInvoice} className="flex flex-wrap items-center gap-3">
      <h2 className="text-base font-semibold text-slate-900">
        {invoiceTexts.orderInvoice} {invoice.data.number}
      </h2>
      <DownloadInvoiceButton
        invoice={invoice.data}
        label={invoiceTexts.orderInvoiceLink(invoice.data.number)}
      />
    </section>
  );
}
