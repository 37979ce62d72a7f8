import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderTexts } from '@pitstop/core/messages';
import { createPart } from '../../seed/factories.js';
import { jobs, orders, payments } from '../../db/schema.js';
import { captureMailer, createTestApp, type TestApp } from '../../test/app.js';
import { expireUnpaidOrders } from '../orders/service.js';
import { bearer, signUp, type Customer } from '../../test/accounts.js';
import { DELIVERY_ADDRESS } from '../../test/orders.js';
import { startStripeFake, stripeEnv, TEST_WEBHOOK_SECRET } from '../../test/stripe-fake.js';

async function orderFor(t: TestApp, me: Customer, quantity = 2) {
  const part = await createPart(t.database.db, { priceCents: 1250, availablequantity: 50 });
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
      productId: part.id,
      address: DELIVERY_ADDRESS,
    },
  });
  return res.json().insertedId as string;
}

async function orderRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

const createIntent = (t: TestApp, me: Customer, orderId: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: bearer(me.token),
    payload: { orderId, ...extra },
  });
const payByCard = (
  t: TestApp,
  me: Customer,
  clientSecret: string,
  number: string,
  expiry = '12/39',
  cvc = '123',
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    headers: bearer(me.token),
    payload: { clientSecret, number, expiry, cvc },
  });
const recordPayment = (t: TestApp, me: Customer, orderId: string, transactionId: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/payment/${orderId}`,
    headers: bearer(me.token),
    payload: { order: orderId, transactionId },
  });

describe('payments with the sandbox provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const intent = (me: Customer, orderId: string, extra?: Record<string, unknown>) =>
    createIntent(t, me, orderId, extra);
  const card = (me: Customer, clientSecret: string, number: string, expiry?: string, cvc?: string) =>
    payByCard(t, me, clientSecret, number, expiry, cvc);
  const patch = (me: Customer, orderId: string, transactionId: string) =>
    recordPayment(t, me, orderId, transactionId);

  it('shows the order’s name and total, pays with 4242…, and marks it paid once', async () => {
    const me = await signUp(t.app);
    const orderId = await orderFor(t, me, 2);
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/payment/${orderId}`,
      headers: bearer(me.token),
    });
    expect(info.json()).toMatchObject({
      orderId,
      price: 25,
      quantity: 2,
      paid: false,
      provider: 'sandbox',
      publishableKey: null,
    });

    // A client-sent price is ignored: the amount comes from the order.
    const { clientSecret } = (await intent(me, orderId, { price: 0.01 })).json();
    expect(clientSecret).toMatch(/^pi_sandbox_/);
    expect((await intent(me, orderId)).json().clientSecret).toBe(clientSecret);

    const paid = await card(me, clientSecret, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(200);
    const { transactionId } = paid.json();
    expect((await orderRow(t, orderId))?.status).toBe('unpaid');

    const recorded = await patch(me, orderId, transactionId);
    expect(recorded.json()).toEqual({ modifiedCount: 1 });
    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({ status: 'paid', transactionId });
    expect(row?.paidAt).toBeInstanceOf(Date);

    expect((await patch(me, orderId, transactionId)).json()).toEqual({ modifiedCount: 0 });
    expect((await intent(me, orderId)).statusCode).toBe(409);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/order/${me.email}`,
      headers: bearer(me.token),
    });
    expect(list.json()[0]).toMatchObject({ status: 'paid', paid: true, transactionId });
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
  ])('declines %s with the provider’s message', async (number, message) => {
    const me = await signUp(t.app);
    const orderId = await orderFor(t, me);
    const { clientSecret } = (await intent(me, orderId)).json();
    const res = await card(me, clientSecret, number);
    expect(res.statusCode).toBe(402);
    expect(res.json().detail).toBe(message);
    const tx = clientSecret.split('_secret_')[0];
    expect((await patch(me, orderId, tx)).statusCode).toBe(402);
    expect((await orderRow(t, orderId))?.status).toBe('unpaid');
  });

  it.each([
    ['4242 4242 4242 4241', '12/39', '123', 'number'],
    ['4242 4242 4242 4242', '13/39', '123', 'expiry'],
    ['4242 4242 4242 4242', '01/20', '123', 'expiry'],
    ['4242 4242 4242 4242', '12/39', '1', 'cvc'],
  ])('validates the card (%s, %s, %s → %s)', async (number, expiry, cvc, field) => {
    const me = await signUp(t.app);
    const orderId = await orderFor(t, me);
    const { clientSecret } = (await intent(me, orderId)).json();
    const res = await card(me, clientSecret, number, expiry, cvc);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('does not mark an order paid for a made-up or someone else’s transaction', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const mine = await orderFor(t, me);
    const theirs = await orderFor(t, other);
    expect((await patch(me, mine, 'pi_made_up')).statusCode).toBe(402);
    const { clientSecret } = (await intent(other, theirs)).json();
    const { transactionId } = (await card(other, clientSecret, '4242424242424242')).json();
    expect((await patch(me, mine, transactionId)).statusCode).toBe(402);
    expect((await orderRow(t, mine))?.status).toBe('unpaid');
  });

  it('keeps other customers out of an order’s payment page, intent, card step and record', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const orderId = await orderFor(t, me);
    const { clientSecret } = (await intent(me, orderId)).json();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/payment/${orderId}`, headers: bearer(other.token) }))
        .statusCode,
    ).toBe(404);
    expect((await intent(other, orderId)).statusCode).toBe(404);
    expect((await card(other, clientSecret, '4242424242424242')).statusCode).toBe(404);
    expect((await patch(other, orderId, 'pi_x')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/payment/${orderId}` })).statusCode).toBe(401);
    expect((await orderRow(t, orderId))?.status).toBe('unpaid');
  });
});

describe('a card payment that comes through after its order was cancelled', () => {
  let t: TestApp;
  const mails = captureMailer();
  beforeAll(async () => {
    t = await createTestApp({ mailer: mails });
  });
  afterAll(async () => {
    await t.close();
  });

  async function paidThenCancelled(me: Customer, cancel: (orderId: string) => Promise<void>) {
    const orderId = await orderFor(t, me, 2);
    const { clientSecret } = (await createIntent(t, me, orderId)).json();
    const paid = await payByCard(t, me, clientSecret, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(200);
    // The card was charged; before the shop records it, the order is cancelled.
    await cancel(orderId);
    return { orderId, transactionId: paid.json().transactionId as string };
  }
  const record = (me: Customer, orderId: string, transactionId: string) =>
    recordPayment(t, me, orderId, transactionId);
  const refundJobs = async (paymentId: string) =>
    (await t.database.db.select().from(jobs).where(eq(jobs.kind, 'refund'))).filter(
      (j) => (j.payload as { paymentId: string }).paymentId === paymentId,
    );

  it('after the time to pay ran out: answers why, refunds the payment once and mails the customer', async () => {
    const me = await signUp(t.app);
    const { orderId, transactionId } = await paidThenCancelled(me, async (id) => {
      await t.database.db
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, id));
      expect((await expireUnpaidOrders(t.database.db)).orderIds).toContain(id);
    });

    const first = await record(me, orderId, transactionId);
    expect(first.statusCode).toBe(409);
    expect(first.json().detail).toBe(orderTexts.paidAfterCancel(true));
    // Asked again (a reload, a second tab): the same answer, and still one refund.
    expect((await record(me, orderId, transactionId)).json().detail).toBe(orderTexts.paidAfterCancel(true));
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.intentId, transactionId));
    expect(await refundJobs(payment!.id)).toHaveLength(1);

    await expect
      .poll(async () => {
        await t.app.jobs.runDue();
        return (await t.database.db.select().from(payments).where(eq(payments.id, payment!.id)))[0]?.status;
      })
      .toBe('refunded');
    const order = await orderRow(t, orderId);
    expect(order).toMatchObject({ status: 'cancelled', cancelReason: 'expired', paidAt: null });
    expect(order?.refundedAt).toBeInstanceOf(Date);
    expect(order?.refundId).toMatch(/^re_sandbox_/);
    await expect
      .poll(() => mails.sent.some((m) => m.to === me.email && /refunded/.test(m.subject)))
      .toBe(true);
    const mail = mails.last(me.email);
    expect(mail.text).toContain('We have refunded $25.00 to the card you paid with.');
    expect(mail.text).toContain('the time to pay for it had run out');

    // The customer's list shows the order cancelled and refunded; it never turns paid.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/order/${me.email}`,
      headers: bearer(me.token),
    });
    expect(list.json()[0]).toMatchObject({ _id: orderId, status: 'cancelled', paid: false });
    expect(list.json()[0].refundedAt).toBeTruthy();
    expect((await record(me, orderId, transactionId)).statusCode).toBe(409);
    expect(await refundJobs(payment!.id)).toHaveLength(1);
  });

  it('after the customer cancelled it in another tab: the same, with the reason', async () => {
    const me = await signUp(t.app);
    const { orderId, transactionId } = await paidThenCancelled(me, async (id) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/order/${id}/cancel`,
        headers: bearer(me.token),
      });
      expect(res.statusCode).toBe(200);
    });
    const res = await record(me, orderId, transactionId);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(orderTexts.paidAfterCancel(false));
    await expect
      .poll(async () => {
        await t.app.jobs.runDue();
        return (await orderRow(t, orderId))?.refundedAt;
      })
      .toBeInstanceOf(Date);
  });

  it('a made-up transaction for a cancelled order refunds nothing', async () => {
    const me = await signUp(t.app);
    const { orderId } = await paidThenCancelled(me, async (id) => {
      await t.app.inject({ method: 'POST', url: `/api/order/${id}/cancel`, headers: bearer(me.token) });
    });
    const res = await record(me, orderId, 'pi_made_up');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(orderTexts.cancelled);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment?.status).toBe('succeeded');
    expect(await refundJobs(payment!.id)).toHaveLength(0);
  });
});

describe('payments with Stripe (the official SDK against a local fake)', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startStripeFake>>;
  const webhookSecret = TEST_WEBHOOK_SECRET;
  const stripe = new Stripe('sk_test_local');

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

  it('lets Stripe’s script and frames through the CSP only in this mode', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health/live' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('https://hooks.stripe.com');
  });

  it('creates one intent per order for the order’s amount, with the publishable key for the page', async () => {
    const me = await signUp(t.app);
    const orderId = await orderFor(t, me, 3);
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/payment/${orderId}`,
      headers: bearer(me.token),
    });
    expect(info.json()).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_local', price: 37.5 });
    const first = await createIntent(t, me, orderId, { price: 1 });
    const again = await createIntent(t, me, orderId);
    expect(first.json().clientSecret).toBe(again.json().clientSecret);
    const created = [...fake.intents.values()].find((i) => i.metadata.orderId === orderId);
    expect(created).toMatchObject({ amount: 3750, currency: 'usd' });
    expect(created?.description).toBeTruthy();
  });

  it('PATCH verifies the intent with Stripe: unpaid until it succeeded, and only for the right amount', async () => {
    const me = await signUp(t.app);
    const orderId = await orderFor(t, me);
    await createIntent(t, me, orderId);
    const created = [...fake.intents.values()].find((i) => i.metadata.orderId === orderId)!;
    const patch = () => recordPayment(t, me, orderId, created.id);
    expect((await patch()).statusCode).toBe(402);
    fake.succeed(created.id, { amount: 1 });
    expect((await patch()).statusCode).toBe(402);
    fake.succeed(created.id, { amount: 2500 });
    expect((await patch()).json()).toEqual({ modifiedCount: 1 });
    expect((await orderRow(t, orderId))?.status).toBe('paid');
  });

  it('a signed payment_intent.succeeded webhook marks the order paid once; duplicates and bad signatures change nothing', async () => {
    const me = await signUp(t.app);
    const orderId = await orderFor(t, me);
    await createIntent(t, me, orderId);
    const created = fake.succeed([...fake.intents.values()].find((i) => i.metadata.orderId === orderId)!.id);
    const payload = JSON.stringify({
      id: `evt_${orderId.slice(0, 8)}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: created },
    });
    const send = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    const forged = await send(stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }));
    expect(forged.statusCode).toBe(400);
    expect((await orderRow(t, orderId))?.status).toBe('unpaid');

    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    expect((await send(header)).statusCode).toBe(200);
    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({ status: 'paid', transactionId: created.id });
    const paidAt = row?.paidAt?.getTime();
    expect((await send(header)).statusCode).toBe(200);
    expect((await orderRow(t, orderId))?.paidAt?.getTime()).toBe(paidAt);
  });

  it('a payment_intent.succeeded webhook for an order cancelled meanwhile refunds it through Stripe, once', async () => {
    const me = await signUp(t.app);
    const orderId = await orderFor(t, me);
    await createIntent(t, me, orderId);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/order/${orderId}/cancel`,
      headers: bearer(me.token),
    });
    expect(cancelled.statusCode).toBe(200);
    // The customer pays the intent that was still open (Stripe does not know about the cancel).
    const created = fake.succeed([...fake.intents.values()].find((i) => i.metadata.orderId === orderId)!.id);
    const event = (id: string) => {
      const payload = JSON.stringify({
        id,
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: created },
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
        },
        payload,
      });
    };
    expect((await event(`evt_late_${orderId.slice(0, 8)}`)).statusCode).toBe(200);
    // Stripe sends the same news again under another event id.
    expect((await event(`evt_late2_${orderId.slice(0, 8)}`)).statusCode).toBe(200);
    await expect
      .poll(async () => {
        await t.app.jobs.runDue();
        return (await orderRow(t, orderId))?.refundedAt;
      })
      .toBeInstanceOf(Date);
    const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === created.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 2500 });
    expect(await orderRow(t, orderId)).toMatchObject({
      status: 'cancelled',
      paidAt: null,
      refundId: refunds[0]!.id,
    });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.intentId, created.id));
    expect(payment?.status).toBe('refunded');
  });
});
