import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneClickTexts } from '@pitstop/core/one-click';
import { savedCardTexts } from '@pitstop/core/saved-cards';
import { addresses, orders, parts, savedCards, users } from '../../db/schema.js';
import { createPart } from '../../seed/factories.js';
import { bearer, signUp, type Customer } from '../../test/accounts.js';
import { createTestApp, useTestApp, type TestApp } from '../../test/app.js';
import { DELIVERY_ADDRESS, orderPart } from '../../test/orders.js';
import { startStripeFake, stripeEnv, TEST_WEBHOOK_SECRET } from '../../test/stripe-fake.js';

const cardsOf = (t: TestApp, me: Customer) =>
  t.app.inject({ method: 'GET', url: '/api/cards', headers: bearer(me.token) });
const addSandboxCard = (t: TestApp, me: Customer, number: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cards/sandbox',
    headers: bearer(me.token),
    payload: { number, expiry: '11/38', cvc: '123' },
  });
const setDefaultAddress = (t: TestApp, me: Customer) =>
  t.database.db.insert(addresses).values({ userId: me.userId, ...DELIVERY_ADDRESS, isDefault: true });
const rowsOf = (t: TestApp, me: Customer) =>
  t.database.db.select().from(savedCards).where(eq(savedCards.userId, me.userId));

describe('saved cards (sandbox)', () => {
  const t = useTestApp();

  it('keeps the card of a sandbox payment with "Save this card" ticked: brand, last four, expiry, never the number', async () => {
    const me = await signUp(t.app);
    const part = await createPart(t.database.db, { availablequantity: 5 });
    const orderId = await orderPart(t.app, me, part.id);
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(me.token),
      payload: { orderId },
    });
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      headers: bearer(me.token),
      payload: {
        clientSecret: intent.json().clientSecret,
        number: '5555 5555 5555 4444',
        expiry: '12/39',
        cvc: '123',
        saveCard: true,
      },
    });
    expect(paid.statusCode).toBe(200);
    const listed = await cardsOf(t, me);
    expect(listed.json()).toMatchObject({
      cards: [{ provider: 'sandbox', brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2039 }],
      oneClickEnabled: true,
      // The order's address became the default: 1-Click is ready.
      oneClickReady: true,
      provider: 'sandbox',
      publishableKey: null,
    });
    const [row] = await rowsOf(t, me);
    expect(row).toMatchObject({ sandboxBehaviour: 'succeeds', customerId: `cus_sandbox_${me.userId}` });
    expect(JSON.stringify(row)).not.toContain('5555555555554444');

    // Paying without the tick keeps nothing more.
    const second = await orderPart(t.app, me, part.id);
    const intent2 = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(me.token),
      payload: { orderId: second },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      headers: bearer(me.token),
      payload: {
        clientSecret: intent2.json().clientSecret,
        number: '4242424242424242',
        expiry: '12/39',
        cvc: '123',
      },
    });
    expect(await rowsOf(t, me)).toHaveLength(1);
  });

  it('adds cards from the profile, lists them newest first, removes one (kept as history) and not another’s', async () => {
    const me = await signUp(t.app);
    const visa = await addSandboxCard(t, me, '4000 0027 6000 3184');
    expect(visa.statusCode).toBe(201);
    expect(visa.json()).toMatchObject({ brand: 'visa', last4: '3184', expMonth: 11, expYear: 2038 });
    const amex = await addSandboxCard(t, me, '378282246310005');
    expect(amex.json()).toMatchObject({ brand: 'amex', last4: '0005' });
    const behaviours = (await rowsOf(t, me)).map((r) => [r.last4, r.sandboxBehaviour]);
    expect(behaviours).toEqual(
      expect.arrayContaining([
        ['3184', 'authenticates'],
        ['0005', 'succeeds'],
      ]),
    );
    expect((await cardsOf(t, me)).json().cards.map((c: { id: string }) => c.id)).toEqual([
      amex.json().id,
      visa.json().id,
    ]);

    const stranger = await signUp(t.app);
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/cards/${visa.json().id}`,
      headers: bearer(stranger.token),
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().detail ?? theirs.json().title).toBe(savedCardTexts.notFound);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/cards/${visa.json().id}`,
      headers: bearer(me.token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await cardsOf(t, me)).json().cards.map((c: { id: string }) => c.id)).toEqual([amex.json().id]);
    const kept = (await rowsOf(t, me)).find((r) => r.id === visa.json().id);
    expect(kept?.removedAt).toBeInstanceOf(Date);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/cards/${visa.json().id}`,
      headers: bearer(me.token),
    });
    expect(again.statusCode).toBe(404);
  });

  it('lists a card saved again once: the newest stands for it, the older kept as history', async () => {
    const me = await signUp(t.app);
    const first = await addSandboxCard(t, me, '4242 4242 4242 4242');
    const other = await addSandboxCard(t, me, '5555 5555 5555 4444');
    const again = await addSandboxCard(t, me, '4242424242424242');
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(first.json().id);
    expect((await cardsOf(t, me)).json().cards.map((c: { id: string }) => c.id)).toEqual([
      again.json().id,
      other.json().id,
    ]);
    const older = (await rowsOf(t, me)).find((r) => r.id === first.json().id);
    expect(older?.removedAt).toBeInstanceOf(Date);
    // Another customer's same card is theirs alone.
    const stranger = await signUp(t.app);
    await addSandboxCard(t, stranger, '4242 4242 4242 4242');
    expect((await cardsOf(t, me)).json().cards).toHaveLength(2);
  });

  it('is ready for 1-Click with a default address and a card, and the switch turns it off', async () => {
    const me = await signUp(t.app);
    await addSandboxCard(t, me, '4242424242424242');
    expect((await cardsOf(t, me)).json().oneClickReady).toBe(false);
    await setDefaultAddress(t, me);
    expect((await cardsOf(t, me)).json()).toMatchObject({ oneClickEnabled: true, oneClickReady: true });
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/me/one-click',
      headers: bearer(me.token),
      payload: { enabled: false },
    });
    expect(off.json()).toMatchObject({ oneClickEnabled: false, oneClickReady: false });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, me.userId));
    expect(user?.oneClickEnabled).toBe(false);
  });

  it('refuses a SetupIntent in test mode, and a card form with a bad number names the field', async () => {
    const me = await signUp(t.app);
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/cards/setup-intent',
      headers: bearer(me.token),
    });
    expect(setup.statusCode).toBe(409);
    expect(JSON.stringify(setup.json())).toContain(savedCardTexts.setupNotInSandbox);
    const bad = await addSandboxCard(t, me, '4242424242424241');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('number');
  });
});

describe('saved cards and 1-Click with Stripe', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startStripeFake>>;
  beforeAll(async () => {
    fake = await startStripeFake();
    t = await createTestApp({ env: stripeEnv(fake.url) });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const customerOf = async (me: Customer) =>
    (await t.database.db.select().from(users).where(eq(users.id, me.userId)))[0]?.paymentCustomerId ?? null;

  it('makes the intent for the customer to keep the card, and keeps it once the payment is confirmed', async () => {
    const me = await signUp(t.app);
    const part = await createPart(t.database.db, { priceCents: 1800, availablequantity: 5 });
    const orderId = await orderPart(t.app, me, part.id);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(me.token),
      payload: { orderId },
    });
    const saving = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(me.token),
      payload: { orderId, saveCard: true },
    });
    expect(saving.json().clientSecret).not.toBe(plain.json().clientSecret);
    const customer = await customerOf(me);
    expect(customer).toMatch(/^cus_fake_/);
    expect(fake.customers.get(customer ?? '')?.metadata).toEqual({ userId: me.userId });
    const intent = [...fake.intents.values()].find((i) => saving.json().clientSecret.startsWith(i.id));
    expect(intent).toMatchObject({ customer, setup_future_usage: 'off_session' });

    const method = fake.addCard(customer, { brand: 'mastercard', last4: '4444' });
    fake.succeed(intent?.id ?? '', { payment_method: method.id });
    const confirm = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/payment/${orderId}`,
        headers: bearer(me.token),
        payload: { transactionId: intent?.id },
      });
    expect((await confirm()).json()).toEqual({ modifiedCount: 1 });
    await confirm();
    const rows = await rowsOf(t, me);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: 'stripe',
      paymentMethodId: method.id,
      customerId: customer,
      brand: 'mastercard',
      last4: '4444',
      sandboxBehaviour: null,
    });
    // A second save uses the same customer.
    const other = await orderPart(t.app, me, part.id);
    await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(me.token),
      payload: { orderId: other, saveCard: true },
    });
    expect(fake.customers.size).toBe(1);
  });

  it('keeps the card when Stripe’s webhook confirms the payment first, and once with the confirmation', async () => {
    const me = await signUp(t.app);
    const part = await createPart(t.database.db, { priceCents: 900, availablequantity: 5 });
    const orderId = await orderPart(t.app, me, part.id);
    const saving = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(me.token),
      payload: { orderId, saveCard: true },
    });
    const intent = [...fake.intents.values()].find((i) => saving.json().clientSecret.startsWith(i.id));
    const method = fake.addCard(await customerOf(me), { last4: '0077' });
    const paid = fake.succeed(intent?.id ?? '', { payment_method: method.id });
    const payload = JSON.stringify({
      id: `evt_save_${orderId.slice(0, 8)}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: paid },
    });
    const signature = new Stripe('sk_test_local').webhooks.generateTestHeaderString({
      payload,
      secret: TEST_WEBHOOK_SECRET,
    });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(hook.statusCode).toBe(200);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/payment/${orderId}`,
      headers: bearer(me.token),
      payload: { transactionId: paid.id },
    });
    const rows = await rowsOf(t, me);
    expect(rows.map((r) => [r.paymentMethodId, r.last4])).toEqual([[method.id, '0077']]);
  });

  it('after a switch from test mode, hides the sandbox’s cards and makes a Stripe customer', async () => {
    const me = await signUp(t.app);
    const sandboxCustomer = `cus_sandbox_${me.userId}`;
    await t.database.db
      .update(users)
      .set({ paymentCustomerId: sandboxCustomer })
      .where(eq(users.id, me.userId));
    await t.database.db.insert(savedCards).values({
      userId: me.userId,
      provider: 'sandbox',
      customerId: sandboxCustomer,
      paymentMethodId: `pm_sandbox_${me.userId}`,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2039,
      sandboxBehaviour: 'succeeds',
    });
    expect((await cardsOf(t, me)).json()).toMatchObject({
      cards: [],
      provider: 'stripe',
      publishableKey: 'pk_test_local',
    });
    await t.app.inject({ method: 'POST', url: '/api/cards/setup-intent', headers: bearer(me.token) });
    expect(await customerOf(me)).toMatch(/^cus_fake_/);
  });

  it('adds a card through a SetupIntent the customer confirmed, only their own and only once succeeded', async () => {
    const me = await signUp(t.app);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/cards/setup-intent',
      headers: bearer(me.token),
    });
    expect(made.statusCode).toBe(200);
    const setupId = made.json().clientSecret.replace(/_secret_fake$/, '');
    expect(fake.setupIntents.get(setupId)).toMatchObject({
      customer: await customerOf(me),
      usage: 'off_session',
    });
    const save = (who: Customer) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cards',
        headers: bearer(who.token),
        payload: { setupIntentId: setupId },
      });

    const early = await save(me);
    expect(early.statusCode).toBe(409);
    expect(early.json().errors).toEqual([
      { field: 'setupIntentId', message: savedCardTexts.setupNotFinished },
    ]);

    fake.completeSetup(setupId, { brand: 'visa', last4: '1881' });
    const stranger = await signUp(t.app);
    expect((await save(stranger)).statusCode).toBe(404);
    const saved = await save(me);
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ provider: 'stripe', brand: 'visa', last4: '1881', expYear: 2039 });
    expect((await save(me)).json().id).toBe(saved.json().id);
    expect(await rowsOf(t, me)).toHaveLength(1);

    // Removing it detaches it at Stripe.
    const pm = fake.setupIntents.get(setupId)?.payment_method ?? '';
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/cards/${saved.json().id}`,
      headers: bearer(me.token),
    });
    expect(removed.statusCode).toBe(204);
    expect(fake.methods.get(pm)?.customer).toBeNull();
  });

  async function readyStripeCustomer() {
    const me = await signUp(t.app);
    await setDefaultAddress(t, me);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/cards/setup-intent',
      headers: bearer(me.token),
    });
    const setupId = made.json().clientSecret.replace(/_secret_fake$/, '');
    fake.completeSetup(setupId);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/cards',
      headers: bearer(me.token),
      payload: { setupIntentId: setupId },
    });
    const pm = fake.setupIntents.get(setupId)?.payment_method ?? '';
    return { me, cardId: saved.json().id as string, pm };
  }
  const oneClick = (me: Customer, partId: string, key = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/one-click',
      headers: { ...bearer(me.token), 'idempotency-key': key },
      payload: { partId, quantity: 1 },
    });

  it('charges off-session with its own idempotency key; a decline cancels, a detached card is dropped', async () => {
    const { me, pm } = await readyStripeCustomer();
    const part = await createPart(t.database.db, { priceCents: 3000, availablequantity: 5 });
    const paid = await oneClick(me, part.id);
    expect(paid.statusCode).toBe(201);
    expect(paid.json().payment).toBe('paid');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, paid.json().insertedId));
    const charged = fake.intents.get(order?.transactionId ?? '');
    expect(charged).toMatchObject({
      status: 'succeeded',
      payment_method: pm,
      customer: await customerOf(me),
    });
    expect(fake.intentKeys).toContain(`one-click-${paid.json().insertedId}`);
    expect(fake.intentKeys).not.toContain(`order-${paid.json().insertedId}-3000`);

    fake.behave(pm, 'authenticates');
    const auth = await oneClick(me, part.id);
    expect(auth.json().payment).toBe('requires_action');
    // The payment page gets the click's own intent, the saved card put back on it for the bank's check.
    const page = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(me.token),
      payload: { orderId: auth.json().insertedId },
    });
    const waiting = [...fake.intents.values()].find((i) => page.json().clientSecret.startsWith(i.id));
    expect(waiting).toMatchObject({ payment_method: pm, status: 'requires_confirmation' });
    expect(fake.intentKeys).toContain(`one-click-${auth.json().insertedId}`);
    fake.succeed(waiting?.id ?? '');
    const confirmed = await t.app.inject({
      method: 'PATCH',
      url: `/api/payment/${auth.json().insertedId}`,
      headers: bearer(me.token),
      payload: { transactionId: waiting?.id },
    });
    expect(confirmed.json()).toEqual({ modifiedCount: 1 });

    fake.behave(pm, 'declines');
    const declined = await oneClick(me, part.id);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().errors[0].message).toBe('Your card was declined.');
    const statuses = (await t.database.db.select().from(orders).where(eq(orders.userId, me.userId))).map(
      (o) => o.status,
    );
    expect(statuses.sort()).toEqual(['cancelled', 'paid', 'paid']);

    fake.behave(pm, 'succeeds');
    const method = fake.methods.get(pm);
    if (method) method.customer = null;
    const dropped = await oneClick(me, part.id);
    expect(dropped.statusCode).toBe(402);
    expect(dropped.json().errors[0].message).toBe(savedCardTexts.dropped);
    expect((await cardsOf(t, me)).json().cards).toEqual([]);
    const next = await oneClick(me, part.id);
    expect(next.statusCode).toBe(409);
    expect(JSON.stringify(next.json())).toContain(oneClickTexts.noCard);
    // The two paid orders hold their units; the declined and dropped ones gave theirs back.
    const [stock] = await t.database.db.select().from(parts).where(eq(parts.id, part.id));
    expect(stock?.availablequantity).toBe(3);
  });
});
