import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { formatDollars } from '@pitstop/core/money';
import type { Order } from '@pitstop/core/orders';
import { receiptTexts } from '@pitstop/core/receipt-texts';
import { sharedRead } from '../../lib/batch-load.js';
import type { Mail } from '../../lib/mail.js';
import type { RenderedMail } from '../jobs/queue.js';
import { adminEmails } from '../users/service.js';
import {
  mailAddress,
  mailLine,
  mailPromise,
  mailTotals,
  orderPageUrl,
  utcDay,
  utcMinute,
} from './confirmation-mail.js';

/*
 * The mails that follow an order becoming something to ship: the customer's receipt once a card
 * payment succeeds, and the shop's new-order notice (a paid card order, or an order placed on
 * account). Both are queued in the transaction of that change and written when their job runs,
 * from the order as stored then, so a mail never tells of a change that rolled back.
 */

/** The customer's receipt of a paid card order. */
export const ORDER_RECEIPT_MAIL = 'order-receipt';
/** The shop's notice of a new order to ship. */
export const NEW_ORDER_NOTICE_MAIL = 'new-order-notice';

const PayloadSchema = z.object({ orderId: z.uuid(), publicUrl: z.string() });

/** The shop's notice of an order that became one to ship (on account: as it is placed). */
export const newOrderNotice = (orderId: string, publicUrl: string): RenderedMail => ({
  render: NEW_ORDER_NOTICE_MAIL,
  data: { orderId, publicUrl },
});

/** A paid order's mails: the customer's receipt and the shop's notice. */
export const paidOrderMails = (orderId: string, publicUrl: string): RenderedMail[] => [
  { render: ORDER_RECEIPT_MAIL, data: { orderId, publicUrl } },
  newOrderNotice(orderId, publicUrl),
];

/**
 * The receipt: the order's number, lines, totals, delivery address, the card payment with its
 * transaction, what happens next, and the order's page.
 */
export function receiptMail(order: Order, publicUrl: string): Mail {
  const paid = [
    `Payment: ${formatDollars(order.total)} by card${order.paidAt ? ` on ${utcMinute(order.paidAt)}` : ''}`,
    ...(order.transactionId ? [`Transaction: ${order.transactionId}`] : []),
  ];
  const text = [
    `Hello ${order.address?.name ?? order.name},`,
    '',
    `Thank you: ${receiptTexts.isPaid(order.orderNumber)}. This is your receipt.`,
    '',
    ...order.lines.map(mailLine),
    '',
    ...mailTotals(order),
    '',
    ...mailAddress(order),
    '',
    ...mailPromise(order),
    ...paid,
    '',
    `${receiptTexts.whatNextHeading}: ${receiptTexts.whatNext}`,
    '',
    `Your order: ${orderPageUrl(publicUrl, order)}`,
    '',
    'Pitstop Parts',
    '',
  ].join('\n');
  return { to: order.email, subject: receiptTexts.receiptSubject(order.orderNumber), text };
}

/** The shop's notice: what to pack, where it goes, how it is paid, and the admin's order page. */
export function newOrderNoticeMail(order: Order, to: string[], publicUrl: string): Mail {
  const how = order.paymentMethod === 'account' ? 'account' : 'card';
  const payment =
    how === 'card'
      ? `Paid by card${order.transactionId ? ` (transaction ${order.transactionId})` : ''}`
      : `On account (net 30)${order.paymentDueAt ? `, invoice due ${utcDay(order.paymentDueAt)}` : ''}`;
  const text = [
    `A new order is ready to ship: ${order.orderNumber}, placed ${utcMinute(order.createdAt)} by ${order.name} <${order.email}>.`,
    '',
    ...order.lines.map(mailLine),
    '',
    ...mailTotals(order),
    `Payment: ${payment}`,
    '',
    ...mailAddress(order),
    '',
    ...mailPromise(order),
    `Open it (packing slip, shipping): ${publicUrl}/dashboard/orders/${order.orderNumber}`,
    '',
  ].join('\n');
  return {
    // One mail to every recipient: the shop's people see who else was told.
    to: to.join(', '),
    subject: receiptTexts.noticeSubject(order.orderNumber, formatDollars(order.total), how),
    text,
  };
}

/**
 * Writes these mails when their jobs run, each order read by `orderOf` (the mails of one job run
 * share the reads). The notice goes to ORDER_NOTIFY_EMAILS, or else to every admin as they are
 * when it is sent (read once a run); with nobody to tell (no admin yet) it is dropped.
 */
export function registerOrderMails(
  app: FastifyInstance,
  orderOf: (orderId: string) => Promise<Order | null>,
): void {
  const admins = sharedRead(() => adminEmails(app.db));
  app.jobs.renderMail(ORDER_RECEIPT_MAIL, async (payload) => {
    const { orderId, publicUrl } = PayloadSchema.parse(payload);
    const order = await orderOf(orderId);
    return order ? receiptMail(order, publicUrl) : null;
  });
  app.jobs.renderMail(NEW_ORDER_NOTICE_MAIL, async (payload) => {
    const { orderId, publicUrl } = PayloadSchema.parse(payload);
    const [order, to] = await Promise.all([
      orderOf(orderId),
      app.config.orderNotifyEmails.length > 0 ? app.config.orderNotifyEmails : admins(),
    ]);
    return order && to.length > 0 ? newOrderNoticeMail(order, to, publicUrl) : null;
  });
}
