import { approvalsTexts } from '@pitstop/core/approvals-texts';
import { deliveryTexts } from '@pitstop/core/delivery-texts';
import { formatDollars } from '@pitstop/core/money';
import type { Order, OrderLine } from '@pitstop/core/orders';
import { receiptTexts } from '@pitstop/core/receipt-texts';
import type { Mail } from '../../lib/mail.js';
import { promotionsTexts } from '@pitstop/core/promotions-texts';

/** "2026-01-02 15:04 UTC": mail readers are in any time zone, so the deadline names its own. */
export function utcMinute(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** "2026-01-02": a due date, the same day for every reader. */
export const utcDay = (iso: string): string => iso.slice(0, 10);

/** "  Brake pads (BP-1001) × 2 at $25.99 = $51.98": one line of an order in a mail. */
export function mailLine(line: OrderLine): string {
  const name = line.partNumber ? `${line.name} (${line.partNumber})` : line.name;
  return `  ${name} × ${line.quantity} at ${formatDollars(line.unitPrice)} = ${formatDollars(line.total)}`;
}

/** Subtotal, tax, free shipping and the total, one a line. */
export function mailTotals(
  order: Pick<Order, 'subtotal' | 'tax' | 'total'> & Partial<Pick<Order, 'discount' | 'discountCode'>>,
): string[] {
  return [
    `Subtotal: ${formatDollars(order.subtotal)}`,
    // A discount code's share (issue #30), so the lines add up to the total.
    ...(order.discount
      ? [`${promotionsTexts.summaryLine(order.discountCode ?? '')}: -${formatDollars(order.discount)}`]
      : []),
    `Sales tax: ${formatDollars(order.tax)}`,
    'Shipping: free',
    `Total: ${formatDollars(order.total)}`,
  ];
}

/** The delivery address, indented, or the contact the order was placed with (older orders). */
export function mailAddress(order: Pick<Order, 'address' | 'name' | 'num'>): string[] {
  const lines = order.address
    ? [
        order.address.name,
        order.address.street,
        // Apartment, suite, unit: only when given (older orders have none).
        ...(order.address.line2 ? [order.address.line2] : []),
        `${order.address.city}, ${order.address.state} ${order.address.zip}`,
        order.address.phone,
      ]
    : [order.name, order.num];
  return [order.address ? 'Delivery address:' : 'Contact:', ...lines.map((l) => `  ${l}`)];
}

/** "Arrives by Tue, Dec 1" and a blank line, when the order promised a date (older ones did not). */
export function mailPromise(order: Pick<Order, 'promisedOn'>): string[] {
  return order.promisedOn ? [deliveryTexts.arrivesBy(order.promisedOn), ''] : [];
}

/** The customer's own page of the order. */
export const orderPageUrl = (publicUrl: string, order: Pick<Order, 'orderNumber'>) =>
  `${publicUrl}/order/${order.orderNumber}`;

/**
 * The order confirmation: its number, every line, the totals, where it goes, and what is owed:
 * by card, until when it is held and where to pay; on account, when the invoice falls due.
 */
export function orderConfirmationMail(order: Order, publicUrl: string): Mail {
  const payUrl = `${publicUrl}/payment/${order._id}`;
  const owed =
    order.status === 'awaiting_approval'
      ? [
          approvalsTexts.confirmationWaits(order.expiresAt ? utcMinute(order.expiresAt) : ''),
          '',
          `Follow your order: ${orderPageUrl(publicUrl, order)}`,
        ]
      : order.paymentMethod === 'account'
        ? [
            `Placed on account: ${order.paymentDueAt ? receiptTexts.invoiceDue(formatDollars(order.total), utcDay(order.paymentDueAt)) : 'net 30.'}`,
            receiptTexts.whatNext,
            '',
            `Follow your order: ${orderPageUrl(publicUrl, order)}`,
          ]
        : order.expiresAt
          ? [
              `Your parts are held for you until ${utcMinute(order.expiresAt)}. Please pay before then: ${payUrl}`,
            ]
          : [`Pay or follow your order: ${payUrl}`];
  const text = [
    `Hello ${order.address?.name ?? order.name},`,
    '',
    `Thank you for your order at Pitstop Parts (order ${order.orderNumber}).`,
    '',
    ...order.lines.map(mailLine),
    '',
    ...mailTotals(order),
    ...(order.poNumber ? [approvalsTexts.poLine(order.poNumber)] : []),
    '',
    ...mailAddress(order),
    '',
    ...mailPromise(order),
    ...owed,
    '',
    'Pitstop Parts',
    '',
  ].join('\n');
  return { to: order.email, subject: receiptTexts.confirmationSubject(order.orderNumber), text };
}
