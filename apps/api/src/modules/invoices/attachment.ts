import { invoiceTexts } from '@pitstop/core/invoices-texts';
import type { Order } from '@pitstop/core/orders';
import type { Db } from '../../db/client.js';
import { batchLoader } from '../../lib/batch-load.js';
import type { Mail } from '../../lib/mail.js';
import { invoicePdf } from './pdf.js';
import { invoiceDocument, invoicesForMail } from './service.js';

/**
 * Attaches an order's invoice as a PDF to its confirmation, when it has one (an order waiting for
 * an approver has none yet). Used when the mail's job runs, so the invoice issued in the order's
 * transaction is there; the confirmations of one job run read their invoices together.
 */
export function invoiceAttacher(db: Db): (order: Order, mail: Mail) => Promise<Mail> {
  const invoiceOf = batchLoader((orderIds: string[]) => invoicesForMail(db, orderIds));
  return async (order, mail) => {
    const invoice = await invoiceOf(order._id);
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
  };
}
