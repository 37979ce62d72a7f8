import { formatDollars } from '@pitstop/core/money';
import type { Return } from '@pitstop/core/order-detail';
import { RETURN_REASON_LABELS } from '@pitstop/core/return-policy';
import { returnTexts } from '@pitstop/core/returns';
import type { Mail } from '../../lib/mail.js';

/** What every returns mail is written from. */
export interface ReturnMailFacts {
  /** The customer's address. */
  to: string;
  name: string;
  item: Return;
  paymentMethod: 'card' | 'account';
  /** For an order on account: whether its invoice was already paid. */
  invoicePaid: boolean;
  orderUrl: string;
  adminOrderUrl: string;
  returnAddress: string;
}

const unitLines = (item: Return) =>
  item.lines.map((l) => `  ${l.quantity} × ${l.name}${l.partNumber ? ` (${l.partNumber})` : ''}`);

const money = (dollars: number | null) => formatDollars(dollars ?? 0);

const signed = (lines: string[]) => [...lines, '', 'Pitstop Parts', ''].join('\n');

/** To the customer: the request is in, what happens next. */
export function returnRequestedMail(f: ReturnMailFacts): Mail {
  const text = signed([
    `Hello ${f.name},`,
    '',
    `We received your request to return these parts of order ${f.item.orderNumber} (return ${f.item.label}):`,
    '',
    ...unitLines(f.item),
    '',
    `Reason: ${RETURN_REASON_LABELS[f.item.reason]}`,
    ...(f.item.note ? [`Your note: ${f.item.note}`] : []),
    '',
    'We look at it and answer by mail, usually within one business day. Please do not send the parts before we have approved the return: the approval says where to send them.',
    '',
    `Follow your return on your order page: ${f.orderUrl}`,
  ]);
  return { to: f.to, subject: returnTexts.requestedSubject(f.item.label), text };
}

/** To the shop: a return waits in the queue. */
export function returnShopNotice(f: ReturnMailFacts, to: string): Mail {
  const text = signed([
    `${f.name} (${f.to}) asks to return parts of order ${f.item.orderNumber}:`,
    '',
    ...unitLines(f.item),
    '',
    `Reason: ${RETURN_REASON_LABELS[f.item.reason]}`,
    ...(f.item.note ? [`Note: ${f.item.note}`] : []),
    ...(f.item.photos.length > 0 ? [`Photos: ${f.item.photos.length}`] : []),
    `Refund if received: ${money(f.item.refund)}`,
    '',
    `Approve or decline it: ${f.adminOrderUrl}`,
  ]);
  return { to, subject: returnTexts.shopNoticeSubject(f.item.label), text };
}

/** To the customer: approved, and how to send the parts. */
export function returnApprovedMail(f: ReturnMailFacts): Mail {
  const text = signed([
    `Hello ${f.name},`,
    '',
    `Your return ${f.item.label} is approved. Please send us these parts:`,
    '',
    ...unitLines(f.item),
    '',
    'How to send them:',
    '  1. Pack the parts safely, in their own packaging if you still have it.',
    `  2. Write the return number ${f.item.label} clearly on the outside of the parcel.`,
    `  3. Send the parcel to: ${f.returnAddress}`,
    '     Use a tracked service and keep the receipt; the postage is yours to pay (see our Returns page).',
    '',
    `Once the parcel arrives we check the parts and refund ${money(f.item.refund)} ${refundDestination(f)}. We mail you when it is done.`,
    '',
    `Your order: ${f.orderUrl}`,
  ]);
  return { to: f.to, subject: returnTexts.approvedSubject(f.item.label), text };
}

/** To the customer: declined, and why. */
export function returnDeclinedMail(f: ReturnMailFacts): Mail {
  const text = signed([
    `Hello ${f.name},`,
    '',
    `We are sorry: we cannot accept your return ${f.item.label} of order ${f.item.orderNumber}.`,
    '',
    `Why: ${f.item.declineReason ?? ''}`,
    '',
    'Please keep the parts. If you think we got it wrong, reply to this mail and tell us more.',
    '',
    `Your order: ${f.orderUrl}`,
  ]);
  return { to: f.to, subject: returnTexts.declinedSubject(f.item.label), text };
}

function refundDestination(f: ReturnMailFacts): string {
  if (f.paymentMethod === 'card') return 'to the card you paid with';
  return f.invoicePaid ? 'to your account' : 'off what you owe on this order';
}

/** To the customer: the parts arrived and the money went back. */
export function returnRefundedMail(f: ReturnMailFacts): Mail {
  const amount = money(f.item.refund);
  const where =
    f.paymentMethod === 'card'
      ? `We have refunded ${amount} to the card you paid with. Depending on your bank it shows on your statement within 5–10 business days.`
      : f.invoicePaid
        ? `We have credited ${amount} to your account. As the invoice for this order is already paid, we pay it back the way you paid the invoice.`
        : `We have credited ${amount} on account: the invoice for this order is that much lower.`;
  const text = signed([
    `Hello ${f.name},`,
    '',
    `Your parcel for return ${f.item.label} arrived. Thank you.`,
    '',
    ...unitLines(f.item),
    '',
    where,
    `Of the refund, ${money(f.item.refundTax)} is sales tax.`,
    '',
    `Your order: ${f.orderUrl}`,
  ]);
  return { to: f.to, subject: returnTexts.refundedSubject(f.item.label), text };
}
