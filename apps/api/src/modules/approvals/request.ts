import { and, eq, inArray, ne } from 'drizzle-orm';
import { approvalsTexts } from '@pitstop/core/approvals-texts';
import { centsToDollars, formatDollars } from '@pitstop/core/money';
import type { Order } from '@pitstop/core/orders';
import type { Db } from '../../db/client.js';
import { companyMembers, orderApprovals, users } from '../../db/schema.js';
import { enqueueMail } from '../jobs/queue.js';
import type { Buyer } from '../companies/membership.js';
import { mailLine, mailTotals, utcMinute } from '../orders/confirmation-mail.js';
import { recordOrderEvent, SYSTEM } from '../orders/events.js';

/** The company's people who decide on a buyer's order: its approvers and owners, never the buyer. */
export async function decidersOf(
  tx: Db,
  companyId: string,
  buyerId: string,
): Promise<{ name: string; email: string }[]> {
  return tx
    .select({ name: users.name, email: users.email })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        inArray(companyMembers.role, ['approver', 'owner']),
        ne(companyMembers.userId, buyerId),
      ),
    );
}

/**
 * Records that a buyer's order waits for an approver (the order_approvals row, with the buyer's
 * limit then, and its timeline's line) and mails every approver and owner of the company, in the
 * order's transaction: nothing is written or mailed for an order that rolls back.
 */
export async function requestApproval(tx: Db, order: Order, buyer: Buyer, publicUrl = ''): Promise<void> {
  const membership = buyer.membership;
  if (!membership) throw new Error('an order awaiting approval without a company');
  const limitCents = membership.orderLimitCents ?? 0;
  const limit = formatDollars(centsToDollars(limitCents));
  await tx.insert(orderApprovals).values({
    orderId: order._id,
    companyId: membership.companyId,
    buyerId: buyer.userId,
    limitCents,
  });
  await recordOrderEvent(tx, order._id, 'approval_requested', SYSTEM, approvalsTexts.requestedEvent(limit));
  const total = formatDollars(order.total);
  const text = [
    approvalsTexts.requestBody(`${order.name} <${order.email}>`, order.orderNumber, total, limit),
    '',
    ...order.lines.map(mailLine),
    '',
    ...mailTotals(order),
    ...(order.poNumber ? [approvalsTexts.poLine(order.poNumber)] : []),
    '',
    ...(order.expiresAt ? [approvalsTexts.holdUntil(utcMinute(order.expiresAt)), ''] : []),
    approvalsTexts.queueLink(`${publicUrl}/company/approvals`),
    '',
    'Pitstop Parts',
    '',
  ].join('\n');
  for (const decider of await decidersOf(tx, membership.companyId, buyer.userId)) {
    await enqueueMail(tx, {
      to: decider.email,
      subject: approvalsTexts.requestSubject(order.orderNumber, total),
      text,
    });
  }
}
