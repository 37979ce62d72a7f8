import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { approvalsTexts } from '@pitstop/core/approvals-texts';
import { orderTermsTexts } from '@pitstop/core/order-terms-texts';
import type { Approval } from '@pitstop/core/approvals';
import type { Order } from '@pitstop/core/orders';
import {
  addresses,
  companyMembers,
  creditAccounts,
  invoices,
  orderApprovals,
  orders,
  type PartRow,
} from '../../db/schema.js';
import { createPart } from '../../seed/factories.js';
import { captureMailer, useTestApp } from '../../test/app.js';
import { bearer, signUp, signUpAdmin, type Customer } from '../../test/accounts.js';
import { availableOf } from '../../test/catalogue.js';
import { DELIVERY_ADDRESS, fillCart, ordersOf } from '../../test/orders.js';
import { expireUnpaidOrders } from '../orders/service.js';
import { makeCompany } from './test-company.js';

const mailer = captureMailer();
const t = useTestApp({ mailer, env: { ORDER_EXPIRY_INTERVAL_SECONDS: '3600' } });

/** Mail leaves through the job queue after the answer: wait for one to `to` whose subject matches. */
const mailTo = (to: string, subject: string | RegExp) =>
  vi.waitFor(
    () => {
      const mail = mailer.sent.findLast(
        (m) => m.to === to && (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)),
      );
      if (!mail) throw new Error(`no mail "${String(subject)}" to ${to} yet`);
      return mail;
    },
    { timeout: 5_000, interval: 25 },
  );

interface Company {
  id: string;
  owner: Customer;
  buyer: Customer;
  approver: Customer;
  accountant: Customer;
}

/** A company with an owner, a buyer whose limit is $50, an approver and an accountant. */
async function company(options: { poRequired?: boolean; creditLimitCents?: number } = {}): Promise<Company> {
  const [owner, buyer, approver, accountant] = await Promise.all([
    signUp(t.app, { name: 'Olive Owner' }),
    signUp(t.app, { name: 'Bea Buyer' }),
    signUp(t.app, { name: 'Abe Approver' }),
    signUp(t.app, { name: 'Cal Accountant' }),
  ]);
  const id = await makeCompany(
    t.database.db,
    [
      { userId: owner.userId, role: 'owner' },
      { userId: buyer.userId, role: 'buyer', orderLimitCents: 5_000 },
      { userId: approver.userId, role: 'approver' },
      { userId: accountant.userId, role: 'accountant' },
    ],
    options,
  );
  return { id, owner, buyer, approver, accountant };
}

let part: PartRow;
beforeAll(async () => {
  // $30 a unit: two go over the buyer's $50 limit, one does not.
  part = await createPart(t.database.db, { priceCents: 3_000, availablequantity: 1_000, minquantity: 1 });
});

const checkout = async (
  who: Customer,
  quantity: number,
  extra: { payment?: 'card' | 'account'; poNumber?: string } = {},
) => {
  await fillCart(t.app, who, [{ partId: part.id, quantity }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: bearer(who.token),
    payload: { address: DELIVERY_ADDRESS, payment: extra.payment ?? 'card', poNumber: extra.poNumber },
  });
};

/** The buyer's order over their limit: answers its id. */
async function waitingOrder(c: Company, extra: Parameters<typeof checkout>[2] = {}): Promise<string> {
  const res = await checkout(c.buyer, 2, extra);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().awaitingApproval).toBe(true);
  return res.json().insertedId as string;
}

const queue = (who: Customer) =>
  t.app.inject({ method: 'GET', url: '/api/company/approvals', headers: bearer(who.token) });
const approve = (who: Customer, orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/company/approvals/${orderId}/approve`,
    headers: bearer(who.token),
  });
const decline = (who: Customer, orderId: string, reason: unknown = 'Not in this month’s budget') =>
  t.app.inject({
    method: 'POST',
    url: `/api/company/approvals/${orderId}/decline`,
    headers: bearer(who.token),
    payload: { reason },
  });

const orderRow = async (id: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
const approvalRow = async (id: string) =>
  (await t.database.db.select().from(orderApprovals).where(eq(orderApprovals.orderId, id)))[0];
const stock = async () => (await availableOf(t.database.db, part.id))[0] ?? -1;

describe('a buyer’s order over their limit', () => {
  it('waits for approval holding its stock, tells the approvers and the owner, and the buyer’s confirmation says so', async () => {
    const c = await company();
    const before = await stock();
    const id = await waitingOrder(c, { poNumber: 'PO-7781' });
    const row = await orderRow(id);
    expect(row?.status).toBe('awaiting_approval');
    expect(row?.expiresAt).not.toBeNull();
    expect(row?.poNumber).toBe('PO-7781');
    expect(await stock()).toBe(before - 2);
    expect(await approvalRow(id)).toMatchObject({
      status: 'pending',
      limitCents: 5_000,
      buyerId: c.buyer.userId,
    });

    const toApprover = await mailTo(c.approver.email, /waits for your approval/);
    expect(toApprover.text).toContain('over their limit of $50.00');
    expect(toApprover.text).toContain('Purchase order: PO-7781');
    expect(toApprover.text).toContain('/company/approvals');
    await mailTo(c.owner.email, /waits for your approval/);
    const confirmation = await mailTo(c.buyer.email, /Order confirmation|order/i);
    await vi.waitFor(() => {
      const all = mailer.sent
        .filter((m) => m.to === c.buyer.email)
        .map((m) => m.text)
        .join('\n');
      expect(all).toContain('waits for your company’s approval');
    });
    expect(confirmation).toBeTruthy();
    expect(mailer.sent.some((m) => m.to === c.accountant.email && /approval/.test(m.subject))).toBe(false);

    // The buyer's own list shows it waiting, with its PO number.
    const mine = (await ordersOf(t.app, c.buyer)).find((o) => o._id === id);
    expect(mine).toMatchObject({ status: 'awaiting_approval', poNumber: 'PO-7781' });

    // It cannot be paid while it waits.
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(c.buyer.token),
      payload: { orderId: id },
    });
    expect(intent.statusCode).toBe(409);
  });

  it('within the limit is placed as usual', async () => {
    const c = await company();
    const res = await checkout(c.buyer, 1);
    expect(res.statusCode).toBe(201);
    expect(res.json().awaitingApproval).toBe(false);
    expect((await orderRow(res.json().insertedId))?.status).toBe('unpaid');
  });

  it('from an owner or an approver never waits', async () => {
    const c = await company();
    for (const who of [c.owner, c.approver]) {
      const res = await checkout(who, 3);
      expect(res.statusCode).toBe(201);
      expect(res.json().awaitingApproval).toBe(false);
    }
  });
});

describe('the approvals queue', () => {
  it('lists the company’s waiting orders with lines and buyer to approvers and the owner only', async () => {
    const c = await company();
    const id = await waitingOrder(c);
    for (const who of [c.approver, c.owner]) {
      const res = await queue(who);
      expect(res.statusCode).toBe(200);
      const items = res.json().items as Approval[];
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        orderId: id,
        buyer: { name: 'Bea Buyer', email: c.buyer.email },
        limit: 50,
        total: 60,
        paymentMethod: 'card',
      });
      expect(items[0]?.lines[0]).toMatchObject({ partId: part.id, quantity: 2 });
    }
    for (const who of [c.buyer, c.accountant, await signUp(t.app)]) {
      const res = await queue(who);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(approvalsTexts.onlyApprovers);
    }
    // Another company's approver sees none of it.
    const other = await company();
    expect((await queue(other.approver)).json().items).toEqual([]);
  });
});

describe('approving', () => {
  it('turns a card order unpaid with a fresh hold, mails the buyer the pay link, and decides once', async () => {
    const c = await company();
    const id = await waitingOrder(c);
    await t.database.db
      .update(orders)
      .set({ expiresAt: sql`now() + interval '1 minute'` })
      .where(eq(orders.id, id));
    const res = await approve(c.approver, id);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json() as Order;
    expect(order.status).toBe('unpaid');
    expect(new Date(order.expiresAt ?? 0).getTime()).toBeGreaterThan(Date.now() + 5 * 60_000);
    expect(await approvalRow(id)).toMatchObject({ status: 'approved', decidedBy: c.approver.userId });
    const mail = await mailTo(c.buyer.email, approvalsTexts.approvedSubject(order.orderNumber));
    expect(mail.text).toContain(`/payment/${id}`);

    // A second decision, either way, by anyone: 409; the queue no longer shows it.
    expect((await approve(c.owner, id)).statusCode).toBe(409);
    expect((await decline(c.approver, id)).statusCode).toBe(409);
    expect((await queue(c.approver)).json().items).toEqual([]);
  });

  it('of an order on account places it on the company’s line, re-checked then', async () => {
    const c = await company({ creditLimitCents: 100_000 });
    const id = await waitingOrder(c, { payment: 'account' });
    const invoiceOf = async (orderId: string) =>
      (await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId)))[0];
    // No invoice number is taken while it waits (a declined order never takes one).
    expect(await invoiceOf(id)).toBeUndefined();
    const res = await approve(c.owner, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'on_account' });
    expect(res.json().paymentDueAt).toBeTruthy();
    expect((await invoiceOf(id))?.number).toMatch(/^INV-\d{4}-\d{6}$/);

    const second = await waitingOrder(c, { payment: 'account' });
    // The line shrank meanwhile: what remains no longer covers it.
    await t.database.db
      .update(creditAccounts)
      .set({ limitCents: 7_000 })
      .where(
        inArray(creditAccounts.userId, [
          c.owner.userId,
          c.buyer.userId,
          c.approver.userId,
          c.accountant.userId,
        ]),
      );
    const refused = await approve(c.approver, second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('credit line no longer covers');
    expect((await orderRow(second))?.status).toBe('awaiting_approval');
  });

  it('decides once when two people decide at the same moment', async () => {
    const c = await company();
    const before = await stock();
    const id = await waitingOrder(c);
    const answers = await Promise.all([approve(c.approver, id), decline(c.owner, id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const row = await orderRow(id);
    const approval = await approvalRow(id);
    if (row?.status === 'cancelled') {
      expect(approval?.status).toBe('declined');
      expect(await stock()).toBe(before);
    } else {
      expect(row?.status).toBe('unpaid');
      expect(approval?.status).toBe('approved');
      expect(await stock()).toBe(before - 2);
    }
  });

  it('refuses one’s own order (403), another company’s order and an unknown one (404)', async () => {
    const c = await company();
    const id = await waitingOrder(c);
    // The buyer became an approver since: still not for their own order.
    await t.database.db
      .update(companyMembers)
      .set({ role: 'approver' })
      .where(eq(companyMembers.userId, c.buyer.userId));
    const own = await approve(c.buyer, id);
    expect(own.statusCode).toBe(403);
    expect(own.json().detail).toBe(approvalsTexts.ownOrder);

    const other = await company();
    expect((await approve(other.approver, id)).statusCode).toBe(404);
    expect((await decline(other.owner, id)).statusCode).toBe(404);
    expect((await approve(c.approver, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // A buyer or an accountant decides nothing.
    expect((await approve(c.accountant, id)).statusCode).toBe(403);
    expect((await orderRow(id))?.status).toBe('awaiting_approval');
  });
});

describe('declining', () => {
  it('cancels the order as declined, puts its stock back and mails the buyer the reason', async () => {
    const c = await company();
    const before = await stock();
    const id = await waitingOrder(c);
    expect(await stock()).toBe(before - 2);
    const res = await decline(c.approver, id, 'Use the Oakland depot’s stock');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelReason: 'declined' });
    expect(await stock()).toBe(before);
    expect(await approvalRow(id)).toMatchObject({
      status: 'declined',
      reason: 'Use the Oakland depot’s stock',
    });
    const mail = await mailTo(c.buyer.email, /was declined/);
    expect(mail.text).toContain('Use the Oakland depot’s stock');
    expect((await approve(c.owner, id)).statusCode).toBe(409);
  });

  it('needs a reason', async () => {
    const c = await company();
    const id = await waitingOrder(c);
    for (const reason of ['', '   ', 'x'.repeat(501), 'bad\u0000reason', null, 42]) {
      const res = await decline(c.approver, id, reason);
      expect(res.statusCode, `${JSON.stringify(reason)}: ${res.body}`).toBe(400);
    }
    expect((await orderRow(id))?.status).toBe('awaiting_approval');
  });
});

describe('the buyer', () => {
  it('cannot 1-Click an order over their limit (it would charge the card before anyone approved)', async () => {
    const c = await company();
    await t.database.db
      .insert(addresses)
      .values({ userId: c.buyer.userId, ...DELIVERY_ADDRESS, isDefault: true });
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/cards/sandbox',
      headers: bearer(c.buyer.token),
      payload: { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' },
    });
    expect(card.statusCode).toBe(201);
    const before = await stock();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/one-click',
      headers: { ...bearer(c.buyer.token), 'idempotency-key': crypto.randomUUID() },
      payload: { partId: part.id, quantity: 2 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(approvalsTexts.oneClickOverLimit);
    expect(await stock()).toBe(before);
    // Within the limit, 1-Click works as for anyone.
    const within = await t.app.inject({
      method: 'POST',
      url: '/api/orders/one-click',
      headers: { ...bearer(c.buyer.token), 'idempotency-key': crypto.randomUUID() },
      payload: { partId: part.id, quantity: 1 },
    });
    expect(within.statusCode, within.body).toBeLessThan(300);
  });

  it('may cancel their own order while it waits: stock back, no longer in the queue, no decision after', async () => {
    const c = await company();
    const before = await stock();
    const id = await waitingOrder(c);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/order/${id}/cancel`,
      headers: bearer(c.buyer.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelReason: 'customer' });
    expect(await stock()).toBe(before);
    expect((await approvalRow(id))?.status).toBe('expired');
    expect((await queue(c.approver)).json().items).toEqual([]);
    expect((await approve(c.approver, id)).statusCode).toBe(409);
  });
});

describe('expiry', () => {
  it('cancels an order nobody decided on once its hold runs out: stock back, approval expired', async () => {
    const c = await company();
    const before = await stock();
    const id = await waitingOrder(c);
    await t.database.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, id));
    const { orderIds } = await expireUnpaidOrders(t.database.db);
    expect(orderIds).toContain(id);
    expect(await orderRow(id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    expect((await approvalRow(id))?.status).toBe('expired');
    expect(await stock()).toBe(before);
    expect((await approve(c.approver, id)).statusCode).toBe(409);
  });
});

describe('who may order', () => {
  it('refuses an accountant (403, naming why)', async () => {
    const c = await company();
    const res = await checkout(c.accountant, 1);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(approvalsTexts.accountantMayNotOrder);
  });

  it('asks for a PO number when the company requires one, and keeps it on the order', async () => {
    const c = await company({ poRequired: true });
    const res = await checkout(c.owner, 1);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      field: 'poNumber',
      message: orderTermsTexts.poNumberRequired,
    });
    const blank = await checkout(c.owner, 1, { poNumber: '   ' });
    expect(blank.statusCode).toBe(400);
    const ok = await checkout(c.owner, 1, { poNumber: 'PO-2026-0042' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().poNumber).toBe('PO-2026-0042');
    const mail = await mailTo(c.owner.email, /./);
    await vi.waitFor(() => {
      const all = mailer.sent
        .filter((m) => m.to === c.owner.email)
        .map((m) => m.text)
        .join('\n');
      expect(all).toContain('Purchase order: PO-2026-0042');
    });
    expect(mail).toBeTruthy();
  });

  it('refuses a PO number that is too long or holds control characters', async () => {
    const c = await company();
    expect((await checkout(c.owner, 1, { poNumber: 'P'.repeat(41) })).statusCode).toBe(400);
    expect((await checkout(c.owner, 1, { poNumber: 'PO\u0007' })).statusCode).toBe(400);
  });
});

describe('admins', () => {
  it('find orders by PO number', async () => {
    const admin = await signUpAdmin(t);
    const c = await company();
    const po = `PO-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const res = await checkout(c.owner, 1, { poNumber: po });
    expect(res.statusCode).toBe(201);
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/order?po=${encodeURIComponent(po.toLowerCase())}`,
      headers: bearer(admin.token),
    });
    expect(found.statusCode, found.body).toBe(200);
    const items = found.json() as Order[];
    expect(items.map((o) => o._id)).toEqual([res.json().insertedId]);
    expect(items[0]?.poNumber).toBe(po);
  });
});
