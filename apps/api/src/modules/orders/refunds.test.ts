import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderTexts } from '@pitstop/core/messages';
import { createPart } from '../../seed/factories.js';
import { orders, parts, payments, users } from '../../db/schema.js';
import { captureMailer, createTestApp, type TestApp } from '../../test/app.js';
import { bearer, signUp, type Customer } from '../../test/accounts.js';
import { DELIVERY_ADDRESS } from '../../test/orders.js';
import { startStripeFake, stripeEnv } from '../../test/stripe-fake.js';

const CANCELLED_SUBJECT = 'Your Pitstop Parts order was cancelled';

/** Mail may leave through a queue after the answer: wait for the cancellation mail to arrive. */
async function cancellationMail(mailer: ReturnType<typeof captureMailer>, to: string) {
  return vi.waitFor(
    () => {
      const mail = mailer.sent.findLast((m) => m.to === to && m.subject === CANCELLED_SUBJECT);
      if (!mail) throw new Error(`no cancellation mail to ${to} yet`);
      return mail;
    },
    { timeout: 5_000, interval: 25 },
  );
}

async function adminOf(t: TestApp): Promise<Customer> {
  const admin = await signUp(t.app);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  return admin;
}

async function available(t: TestApp, partId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: parts.availablequantity })
    .from(parts)
    .where(eq(parts.id, partId));
  return row?.n ?? -1;
}

async function orderRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

async function placeOrder(t: TestApp, me: Customer, partId: string, quantity: number): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: bearer(me.token),
    payload: {
      email: me.email,
      name: 'Payer',
      num: '555-0100',
      parts: 'x',
      quantity,
      productId: partId,
      address: DELIVERY_ADDRESS,
    },
  });
  if (res.statusCode !== 200) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return res.json().insertedId as string;
}

async function clientSecretOf(t: TestApp, me: Customer, orderId: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: bearer(me.token),
    payload: { orderId },
  });
  if (res.statusCode !== 200) throw new Error(`intent: ${res.statusCode} ${res.body}`);
  return res.json().clientSecret as string;
}

async function recordPayment(t: TestApp, me: Customer, orderId: string, transactionId: string) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/payment/${orderId}`,
    headers: bearer(me.token),
    payload: { order: orderId, transactionId },
  });
  if (res.statusCode !== 200 || res.json().modifiedCount !== 1) {
    throw new Error(`payment: ${res.statusCode} ${res.body}`);
  }
}

const cancel = (t: TestApp, who: Customer, orderId: string) =>
  t.app.inject({ method: 'POST', url: `/api/order/${orderId}/cancel`, headers: bearer(who.token) });

describe('an admin cancels a paid order with the sandbox provider', () => {
  let t: TestApp;
  const mailer = captureMailer();
  let admin: Customer;
  beforeAll(async () => {
    t = await createTestApp({ mailer });
    admin = await adminOf(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function paidOrder(quantity = 2) {
    const me = await signUp(t.app);
    const part = await createPart(t.database.db, { priceCents: 1250, availablequantity: 10 });
    const orderId = await placeOrder(t, me, part.id, quantity);
    const clientSecret = await clientSecretOf(t, me, orderId);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      headers: bearer(me.token),
      payload: { clientSecret, number: '4242424242424242', expiry: '12/39', cvc: '123' },
    });
    await recordPayment(t, me, orderId, paid.json().transactionId as string);
    return { me, part, orderId };
  }

  it('refunds, returns the stock, keeps the times and mails the customer', async () => {
    const { me, part, orderId } = await paidOrder(3);
    expect(await available(t, part.id)).toBe(7);
    const res = await cancel(t, admin, orderId);
    expect(res.statusCode).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({ status: 'cancelled', cancelReason: 'admin', paid: true });
    expect(order.cancelledAt).toEqual(expect.any(String));
    expect(order.refundedAt).toEqual(expect.any(String));
    // Every status change keeps its time: paid before, cancelled after.
    expect(Date.parse(order.paidAt)).toBeLessThanOrEqual(Date.parse(order.cancelledAt));
    expect(await available(t, part.id)).toBe(10);

    const row = await orderRow(t, orderId);
    expect(row?.refundId).toMatch(/^re_sandbox_/);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment?.status).toBe('refunded');

    const mail = await cancellationMail(mailer, me.email);
    expect(mail.text).toContain('$37.50');
    // The money went back: the customer's dashboard no longer counts it as spent.
    const dashboard = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(me.token) });
    expect(dashboard.json().mine.spent).toBe(0);
    expect(mail.text).toContain('refunded');
  });

  it('a second cancel (a double click) changes nothing, returns no stock twice and mails once', async () => {
    const { me, part, orderId } = await paidOrder(2);
    const [first, second] = await Promise.all([cancel(t, admin, orderId), cancel(t, admin, orderId)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().status).toBe('cancelled');
    expect(second.json().status).toBe('cancelled');
    expect(await available(t, part.id)).toBe(10);
    await cancellationMail(mailer, me.email);
    // Give a second mail, if one had been queued, the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailer.sent.filter((m) => m.to === me.email && m.subject === CANCELLED_SUBJECT)).toHaveLength(1);
  });

  it('an unpaid order is cancelled without a refund; a shipped one is refused', async () => {
    const me = await signUp(t.app);
    const part = await createPart(t.database.db, { priceCents: 500, availablequantity: 5 });
    const unpaid = await placeOrder(t, me, part.id, 2);
    const res = await cancel(t, admin, unpaid);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelReason: 'admin', refundedAt: null });
    expect(await available(t, part.id)).toBe(5);
    expect((await cancellationMail(mailer, me.email)).text).toContain('You were not charged');

    const { orderId } = await paidOrder(1);
    const shipped = await t.app.inject({
      method: 'POST',
      url: `/api/orders/PS-${(await orderRow(t, orderId))?.number}/shipments`,
      headers: bearer(admin.token),
      payload: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
    });
    expect(shipped.statusCode).toBe(200);
    const refused = await cancel(t, admin, orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(orderTexts.shippedCannotCancel('shipped'));
    expect((await orderRow(t, orderId))?.status).toBe('shipped');
  });

  it('a customer still cannot cancel their own paid order', async () => {
    const { me, orderId } = await paidOrder(1);
    const res = await cancel(t, me, orderId);
    expect(res.statusCode).toBe(409);
    expect((await orderRow(t, orderId))?.status).toBe('paid');
  });
});

describe('an admin cancels a paid order with Stripe (the official SDK against a local fake)', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startStripeFake>>;
  const mailer = captureMailer();
  let admin: Customer;

  beforeAll(async () => {
    fake = await startStripeFake();
    t = await createTestApp({
      mailer,
      env: {
        ...stripeEnv(fake.url),
      },
    });
    admin = await adminOf(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function paidOrder(quantity: number) {
    const me = await signUp(t.app);
    const part = await createPart(t.database.db, { priceCents: 1999, availablequantity: 10 });
    const orderId = await placeOrder(t, me, part.id, quantity);
    await clientSecretOf(t, me, orderId);
    const intent = [...fake.intents.values()].find((i) => i.metadata.orderId === orderId);
    if (!intent) throw new Error('no intent');
    fake.succeed(intent.id);
    await recordPayment(t, me, orderId, intent.id);
    return { me, part, orderId, intentId: intent.id };
  }

  it('refunds the intent’s amount through Stripe, once, even for two cancels at once', async () => {
    const { me, part, orderId, intentId } = await paidOrder(2);
    const [first, second] = await Promise.all([cancel(t, admin, orderId), cancel(t, admin, orderId)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const mine = [...fake.refunds.values()].filter((r) => r.payment_intent === intentId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ amount: 3998, metadata: { orderId } });
    expect((await orderRow(t, orderId))?.refundId).toBe(mine[0]?.id);
    expect(await available(t, part.id)).toBe(10);
    expect((await cancellationMail(mailer, me.email)).text).toContain('$39.98');
  });

  it('when Stripe refuses, answers the reason and changes nothing', async () => {
    const { part, orderId } = await paidOrder(3);
    fake.refuseRefunds = 'This charge is disputed.';
    try {
      const res = await cancel(t, admin, orderId);
      expect(res.statusCode).toBe(402);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().detail).toBe(orderTexts.refundFailed('This charge is disputed.'));
    } finally {
      fake.refuseRefunds = undefined;
    }
    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({ status: 'paid', cancelledAt: null, refundedAt: null, refundId: null });
    expect(await available(t, part.id)).toBe(7);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment?.status).toBe('succeeded');

    // Once Stripe agrees, the same cancel goes through.
    expect((await cancel(t, admin, orderId)).json().status).toBe('cancelled');
    expect(await available(t, part.id)).toBe(10);
  });
});
