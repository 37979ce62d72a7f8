import { invoiceTexts } from '@pitstop/core/invoices-texts';
import type { Order } from '@pitstop/core/orders';
import type { Db } from '../../db/client.js';
import type { Mail } from '../../lib/mail.js';
import { invoicePdf } from './pdf.js';
import { invoiceDocument, invoiceForMail } from './service.js';

/**
 * The order's confirmation with its invoice attached as a PDF, when it has one (an order waiting
 * for an approver has none yet). Written when the mail's job runs, so the invoice issued in the
 * order's transaction is there.
 */
export async function withInvoiceAttached(db: Db, order: Order, mail: Mail): Promise<Mail> {
  const invoice = await invoiceForMail(db, order._id);
  if (!invoice) return mail;
  const document = await invoiceDocument(db, invoice, order);
  if (!document) return mail;
  return {
    ...mail,
    text: `${mail.text}\n\n${invoiceTexts.attachedNote(invoice.number)}`,
    attachments: [
      ...(mail.attachments ?? []),
      {
        filename: invoiceTexts.fileName(invoice.number),
        content: await invoicePdf(document),
        contentType: 'application/pdf',
      },
    ],
  };
}
