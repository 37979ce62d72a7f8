import { formatDollars } from '@pitstop/core/money';
import type { Order } from '@pitstop/core/orders';
import type { Mail } from '../../lib/mail.js';

/**
 * The mail to a customer whose order an admin cancelled, or who cancelled a paid 1-Click order
 * themselves: what was cancelled and what happens to the money (refunded to the card, nothing
 * charged, or credited back on account).
 */
export function orderCancellationMail(order: Order, publicUrl: string): Mail {
  const lines = order.lines.map((line) => `  ${line.name} × ${line.quantity}`);
  const money = order.refundedAt
    ? `We have refunded ${formatDollars(order.total)} to the card you paid with. Depending on your bank it shows on your statement within 5–10 business days.`
    : order.paymentMethod === 'account'
      ? order.paid
        ? `The ${formatDollars(order.total)} you paid on account is credited back to your account.`
        : 'Nothing is charged to your account for this order.'
      : 'You were not charged for this order.';
  const text = [
    `Hello ${order.address?.name ?? order.name},`,
    '',
    `${order.cancelReason === 'customer' ? 'As you asked, we have' : 'We have'} cancelled your Pitstop Parts order ${order._id}:`,
    '',
    ...lines,
    '',
    money,
    '',
    `Questions? Reply to this mail. Your orders: ${publicUrl}/order`,
    '',
    'Pitstop Parts',
    '',
  ].join('\n');
  return { to: order.email, subject: 'Your Pitstop Parts order was cancelled', text };
}
