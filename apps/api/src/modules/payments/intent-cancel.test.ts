import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderTexts } from '@pitstop/core/messages';
import { createPart } from '../../seed/factories.js';
import type { Db } from '../../db/client.js';
import { jobs, orders, payments, users } from '../../db/schema.js';
import { queueIntentCancels } from '../../lib/payments/intent-cancels.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, signUp, type Customer } from '../../test/accounts.js';
import { placeUnpaidOrder } from '../../test/orders.js';
import { startStripeFake, stripeEnv } from '../../test/stripe-fake.js';
import { expireUnpaidOrders } from '../orders/service.js';

/** An unpaid card order of one part with its intent opened: the order and the intent's secret. */
async function orderWithIntent(t: TestApp, me: Customer) {
  const part = await createPart(t.database.db, { priceCents: 1000, availablequantity: 20 });
  const order = await placeUnpaidOrder(t.app, me, [{ partId: part.id, quantity: 1 }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: bearer(me.token),
    payload: { orderId: order._id },
  });
  expect(res.statusCode).toBe(200);
  const { clientSecret } = res.json() as { clientSecret: string };
  const [payment] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.clientSecret, clientSecret));
  return { orderId: order._id, clientSecret, payment: payment! };
}

const paymentStatus = async (t: TestApp, id: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]?.status;

/** The intent-cancel jobs queued for this payment (kind `refund`, action `cancel-intent`). */
const cancelJobs = (t: TestApp, paymentId: string) =>
  t.database.db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, 'refund'),
        sql`${jobs.payload}->>'action' = 'cancel-intent'`,
        sql`${jobs.payload}->>'paymentId' = ${paymentId}`,
      ),
    );

async function adminOf(t: TestApp): Promise<Customer> {
  const admin = await signUp(t.app);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  return admin;
}

describe('an unpaid order’s open intent is cancelled with the order (sandbox)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('the customer’s cancel queues the intent’s cancel in its transaction; the card step is then refused', async () => {
    const me = await signUp(t.app);
    const { orderId, clientSecret, payment } = await orderWithIntent(t, me);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/order/${orderId}/cancel`,
      headers: bearer(me.token),
    });
    expect(cancelled.statusCode).toBe(200);
    // Committed with the cancel, before any job ran.
    expect(await cancelJobs(t, payment.id)).toHaveLength(1);
    await t.app.jobs.runDue();
    expect(await paymentStatus(t, payment.id)).toBe('cancelled');
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      headers: bearer(me.token),
      payload: { clientSecret, number: '4242424242424242', expiry: '12/39', cvc: '123' },
    });
    expect(card.statusCode).toBe(409);
    expect(await paymentStatus(t, payment.id)).toBe('cancelled');
    // The provider's word on the intent: not paid.
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/payment/${orderId}`,
      headers: bearer(me.token),
      payload: { order: orderId, transactionId: payment.intentId },
    });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().detail).toBe(orderTexts.cancelled);
  });

  it('the expiry sweep, an admin’s cancel and a delete of an unpaid order each close its intent', async () => {
    const me = await signUp(t.app);
    const admin = await adminOf(t);
    const expired = await orderWithIntent(t, me);
    const byAdmin = await orderWithIntent(t, me);
    const deleted = await orderWithIntent(t, me);
    await t.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, expired.orderId));
    expect((await expireUnpaidOrders(t.database.db)).orderIds).toContain(expired.orderId);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/order/${byAdmin.orderId}/cancel`,
      headers: bearer(admin.token),
    });
    expect(cancel.statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${deleted.orderId}`,
      headers: bearer(me.token),
    });
    expect(del.statusCode).toBe(200);
    for (const { payment } of [expired, byAdmin, deleted]) {
      expect(await cancelJobs(t, payment.id)).toHaveLength(1);
    }
    await t.app.jobs.runDue();
    for (const { payment } of [expired, byAdmin, deleted]) {
      expect(await paymentStatus(t, payment.id)).toBe('cancelled');
    }
  });

  it('a cancel that rolls back queues nothing', async () => {
    const me = await signUp(t.app);
    const { orderId, payment } = await orderWithIntent(t, me);
    await expect(
      t.database.db.transaction(async (tx) => {
        await queueIntentCancels(tx as unknown as Db, [orderId]);
        throw new Error('the cancel failed');
      }),
    ).rejects.toThrow('the cancel failed');
    expect(await cancelJobs(t, payment.id)).toHaveLength(0);
  });

  it('an intent paid before its cancel reached the provider is refunded by the job, once', async () => {
    const me = await signUp(t.app);
    const { orderId, payment } = await orderWithIntent(t, me);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/order/${orderId}/cancel`,
      headers: bearer(me.token),
    });
    expect(cancelled.statusCode).toBe(200);
    // The card step won the race: the money was taken before the job ran.
    await t.database.db.update(payments).set({ status: 'succeeded' }).where(eq(payments.id, payment.id));
    await expect
      .poll(async () => {
        await t.app.jobs.runDue();
        return paymentStatus(t, payment.id);
      })
      .toBe('refunded');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'cancelled', paidAt: null });
    expect(order?.refundId).toMatch(/^re_sandbox_/);
    const refundJobs = (await t.database.db.select().from(jobs).where(eq(jobs.kind, 'refund'))).filter(
      (j) => (j.payload as { paymentId: string; action?: string }).paymentId === payment.id,
    );
    // One cancel-intent job and one refund job.
    expect(refundJobs.map((j) => (j.payload as { action?: string }).action ?? 'refund').sort()).toEqual([
      'cancel-intent',
      'refund',
    ]);
  });
});

describe('an unpaid order’s open intent is cancelled at Stripe', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startStripeFake>>;
  beforeAll(async () => {
    fake = await startStripeFake();
    t = await createTestApp({
      env: {
        ...stripeEnv(fake.url),
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('cancels the intent at Stripe; one paid first is refunded through Stripe instead', async () => {
    const me = await signUp(t.app);
    const open = await orderWithIntent(t, me);
    const paidFirst = await orderWithIntent(t, me);
    for (const { orderId } of [open, paidFirst]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/order/${orderId}/cancel`,
        headers: bearer(me.token),
      });
      expect(res.statusCode).toBe(200);
    }
    fake.succeed(paidFirst.payment.intentId);
    await expect
      .poll(async () => {
        await t.app.jobs.runDue();
        return [await paymentStatus(t, open.payment.id), await paymentStatus(t, paidFirst.payment.id)];
      })
      .toEqual(['cancelled', 'refunded']);
    expect(fake.intents.get(open.payment.intentId)?.status).toBe('canceled');
    const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === paidFirst.payment.intentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.amount).toBe(paidFirst.payment.amountCents);
  });
});
