import { formatDollars } from '@pitstop/core/money';
import type { Order } from '@pitstop/core/orders';
import type { Mail } from '../../lib/mail.js';

/** "2026-01-02 15:04 UTC": mail readers are in any time zone, so the deadline names its own. */
function utcMinute(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** The order confirmation: every line, the totals, where it goes and until when it is held. */
export function orderConfirmationMail(order: Order, publicUrl: string): Mail {
  const lines = order.lines.map(
    (line) =>
      `  ${line.name} × ${line.quantity} at ${formatDollars(line.unitPrice)} = ${formatDollars(line.total)}`,
  );
  const address = order.address
    ? [
        order.address.name,
        order.address.street,
        `${order.address.city}, ${order.address.state} ${order.address.zip}`,
        order.address.phone,
      ]
    : [order.name, order.num];
  const payUrl = `${publicUrl}/payment/${order._id}`;
  const payBy = order.expiresAt
    ? `Your parts are held for you until ${utcMinute(order.expiresAt)}. Please pay before then: ${payUrl}`
    : `Pay or follow your order: ${payUrl}`;
  const text = [
    `Hello ${order.address?.name ?? order.name},`,
    '',
    `Thank you for your order at Pitstop Parts (order ${order._id}).`,
    '',
    ...lines,
    '',
    `Subtotal: ${formatDollars(order.subtotal)}`,
    `Sales tax: ${formatDollars(order.tax)}`,
    'Shipping: free',
    `Total: ${formatDollars(order.total)}`,
    '',
    order.address ? 'Delivery address:' : 'Contact:',
    ...address.map((l) => `  ${l}`),
    '',
    payBy,
    '',
    'Pitstop Parts',
    '',
  ].join('\n');
  return { to: order.email, subject: 'Your Pitstop Parts order', text };
}
