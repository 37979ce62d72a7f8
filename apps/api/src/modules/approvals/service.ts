import { and, asc, eq, sql } from 'drizzle-orm';
import type { Approval } from '@pitstop/core/approvals';
import { approvalsTexts } from '@pitstop/core/approvals-texts';
import { centsToDollars, formatDollars } from '@pitstop/core/money';
import type { Order } from '@pitstop/core/orders';
import type { SessionUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { orderApprovals, orders, users, type OrderRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { membershipOf, type Membership } from '../companies/membership.js';
import { assertWithinLimit, lockCreditLine } from '../credit/service.js';
import { issueInvoice } from '../invoices/issue.js';
import { enqueueMail, renderedMailJobs } from '../jobs/queue.js';
import { mailLine, mailTotals, orderPageUrl, utcDay, utcMinute } from '../orders/confirmation-mail.js';
import { recordOrderEvent } from '../orders/events.js';
import { newOrderNotice } from '../orders/order-mails.js';
import { releaseDiscountUses } from '../promotions/apply.js';
import {
  linesOf,
  outstandingOnAccountCents,
  returnStock,
  toOrder,
  toOrderLine,
  type OrderTerms,
} from '../orders/service.js';

/** Approvers and owners decide; anyone else in a company (or in none) is refused. */
function assertDecider(membership: Membership | null): asserts membership is Membership {
  if (!membership || (membership.role !== 'approver' && membership.role !== 'owner')) {
    throw new AppError('forbidden', approvalsTexts.onlyApprovers);
  }
}

/** The company's orders waiting for approval, oldest first, with their lines and buyers. */
export async function listApprovals(db: Db, caller: SessionUser): Promise<{ items: Approval[] }> {
  const membership = await membershipOf(db, caller.id);
  assertDecider(membership);
  const rows = await db
    .select({
      order: orders,
      limitCents: orderApprovals.limitCents,
      status: orderApprovals.status,
      buyerId: orderApprovals.buyerId,
      buyerName: users.name,
    })
    .from(orderApprovals)
    .innerJoin(orders, eq(orders.id, orderApprovals.orderId))
    .leftJoin(users, eq(users.id, orderApprovals.buyerId))
    .where(
      and(
        eq(orderApprovals.companyId, membership.companyId),
        eq(orderApprovals.status, 'pending'),
        eq(orders.status, 'awaiting_approval'),
      ),
    )
    .orderBy(asc(orderApprovals.createdAt))
    .limit(200);
  const lines = await linesOf(
    db,
    rows.map((r) => r.order.id),
  );
  return {
    items: rows.map(({ order, limitCents, status, buyerId, buyerName }) => {
      const o = toOrder(order, []);
      return {
        orderId: order.id,
        orderNumber: o.orderNumber,
        status,
        createdAt: o.createdAt,
        expiresAt: o.expiresAt ?? null,
        buyer: { id: buyerId, name: buyerName ?? order.name, email: order.email },
        limit: centsToDollars(limitCents),
        subtotal: o.subtotal,
        discount: o.discount ?? 0,
        tax: o.tax,
        total: o.total,
        poNumber: order.poNumber,
        paymentMethod: order.paymentMethod ?? 'card',
        lines: (lines.get(order.id) ?? []).map(toOrderLine),
      };
    }),
  };
}

export type Decision = { approve: true } | { approve: false; reason: string };

/**
 * An approver's (or the owner's) decision on a buyer's order, in one transaction: the order row
 * and its approval locked first, so two approvers deciding at once decide once (the second gets
 * 409), and the expiry job or an admin's cancel either happen before or find it decided.
 * Approve: a card order turns unpaid with a fresh hold (the buyer pays it), an on-account order
 * turns on_account (the company's credit line re-checked now) with its net-30 due date; then its
 * invoice. Decline: cancelled (reason 'declined'), its stock back. The buyer is mailed either way.
 * Another company's order (or none) is a 404; one's own order a 403.
 */
export async function decideApproval(
  db: Db,
  caller: SessionUser,
  orderId: string,
  decision: Decision,
  terms: Pick<OrderTerms, 'holdMinutes' | 'publicUrl'>,
): Promise<Order> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const membership = await membershipOf(tx, caller.id);
    assertDecider(membership);
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1).for('update');
    if (!order || order.companyId !== membership.companyId) {
      throw new AppError('not_found', approvalsTexts.notFound);
    }
    const [approval] = await tx
      .select()
      .from(orderApprovals)
      .where(and(eq(orderApprovals.orderId, orderId), eq(orderApprovals.companyId, membership.companyId)))
      .limit(1)
      .for('update');
    if (!approval) throw new AppError('not_found', approvalsTexts.notFound);
    if (order.userId === caller.id || approval.buyerId === caller.id) {
      throw new AppError('forbidden', approvalsTexts.ownOrder);
    }
    if (approval.status !== 'pending') {
      throw new AppError('conflict', approvalsTexts.alreadyDecided(approval.status));
    }
    if (order.status !== 'awaiting_approval') {
      throw new AppError('conflict', approvalsTexts.noLongerWaiting);
    }
    const actor = { id: caller.id, name: caller.name, role: 'user' as const };
    const now = new Date();
    const row = decision.approve
      ? await approve(tx, order, terms)
      : await decline(tx, order, decision.reason);
    await tx
      .update(orderApprovals)
      .set({
        status: decision.approve ? 'approved' : 'declined',
        decidedBy: caller.id,
        decidedAt: now,
        reason: decision.approve ? null : decision.reason,
        updatedAt: now,
      })
      .where(eq(orderApprovals.orderId, orderId));
    const lines = (await linesOf(tx, [orderId])).get(orderId) ?? [];
    const answer = toOrder(row, lines);
    if (decision.approve) {
      const how = row.paymentMethod === 'account' ? 'account' : 'card';
      await recordOrderEvent(tx, orderId, 'approved', actor, approvalsTexts.approvedEvent(how));
      await issueInvoice(tx, orderId);
      // On account it is one to ship now: the shop is told, as at an on-account order's placing.
      if (how === 'account') await renderedMailJobs(tx, [newOrderNotice(orderId, terms.publicUrl)]);
    } else {
      await recordOrderEvent(tx, orderId, 'declined', actor, approvalsTexts.declinedEvent(decision.reason));
      await returnStock(tx, lines);
      // A discount code it used is given back, as for any cancelled order.
      await releaseDiscountUses(tx, [orderId]);
    }
    await enqueueMail(tx, decisionMail(answer, caller.name, decision, terms.publicUrl));
    return answer;
  });
}

async function approve(tx: Db, order: OrderRow, terms: Pick<OrderTerms, 'holdMinutes'>): Promise<OrderRow> {
  if (order.paymentMethod === 'account') {
    // The line may have been used since the buyer ordered: the order must still fit. It already
    // counts among the line's open orders, so what remains without it is limit - (used - total).
    const line = await lockCreditLine(tx, order.userId ?? '');
    try {
      await assertWithinLimit(
        tx,
        order.userId ?? '',
        { limitCents: line.limitCents + order.totalCents },
        order.totalCents,
      );
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const { remainingCents } = await remainingWithout(tx, order, line.limitCents);
      throw new AppError(
        'conflict',
        approvalsTexts.creditNoLonger(
          formatDollars(centsToDollars(remainingCents)),
          formatDollars(centsToDollars(order.totalCents)),
        ),
      );
    }
  }
  const [row] = await tx
    .update(orders)
    .set(
      order.paymentMethod === 'account'
        ? {
            status: 'on_account',
            expiresAt: null,
            paymentDueAt: sql`now() + interval '30 days'`,
            updatedAt: new Date(),
          }
        : {
            status: 'unpaid',
            expiresAt: sql`now() + make_interval(mins => ${terms.holdMinutes})`,
            updatedAt: new Date(),
          },
    )
    .where(and(eq(orders.id, order.id), eq(orders.status, 'awaiting_approval')))
    .returning();
  if (!row) throw new Error('a locked order awaiting approval did not change');
  return row;
}

/** What the credit line has left without this order, for the refusal's words. */
async function remainingWithout(
  tx: Db,
  order: OrderRow,
  limitCents: number,
): Promise<{ remainingCents: number }> {
  // The order is among the open ones counted: what remains is the limit less the others.
  const used = await outstandingOnAccountCents(tx, order.userId ?? '');
  return { remainingCents: Math.max(0, limitCents - (used - order.totalCents)) };
}

async function decline(tx: Db, order: OrderRow, _reason: string): Promise<OrderRow> {
  const now = new Date();
  const [row] = await tx
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: now, cancelReason: 'declined', updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'awaiting_approval')))
    .returning();
  if (!row) throw new Error('a locked order awaiting approval did not change');
  return row;
}

/** The buyer's mail: approved (and how it is paid now) or declined with the approver's reason. */
function decisionMail(order: Order, decider: string, decision: Decision, publicUrl: string) {
  const body = decision.approve
    ? order.paymentMethod === 'account'
      ? approvalsTexts.approvedBodyAccount(order.paymentDueAt ? utcDay(order.paymentDueAt) : 'in 30 days')
      : approvalsTexts.approvedBodyCard(
          order.expiresAt ? utcMinute(order.expiresAt) : '',
          `${publicUrl}/payment/${order._id}`,
        )
    : approvalsTexts.declinedBody(decider, decision.reason);
  const text = [
    `Hello ${order.address?.name ?? order.name},`,
    '',
    body,
    '',
    ...order.lines.map(mailLine),
    '',
    ...mailTotals(order),
    ...(order.poNumber ? [approvalsTexts.poLine(order.poNumber)] : []),
    '',
    `Your order: ${orderPageUrl(publicUrl, order)}`,
    '',
    'Pitstop Parts',
    '',
  ].join('\n');
  return {
    to: order.email,
    subject: decision.approve
      ? approvalsTexts.approvedSubject(order.orderNumber)
      : approvalsTexts.declinedSubject(order.orderNumber),
    text,
  };
}
