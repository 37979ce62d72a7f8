import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addressBookTexts } from '@pitstop/core/address-book';
import { oneClickTexts } from '@pitstop/core/one-click';
import { savedCardTexts } from '@pitstop/core/saved-cards';
import {
  addresses,
  jobs,
  orderEvents,
  orders,
  parts,
  payments,
  refunds,
  savedCards,
} from '../../db/schema.js';
import { createPart } from '../../seed/factories.js';
import { bearer, signUp, type Customer } from '../../test/accounts.js';
import { useTestApp, type TestApp } from '../../test/app.js';
import { DELIVERY_ADDRESS, fillCart } from '../../test/orders.js';
import { ORDER_RECEIPT_MAIL } from '../orders/order-mails.js';

/** A customer ready for 1-Click: a default address and a sandbox card saved with `number`. */
async function readyCustomer(t: TestApp, number = '4242 4242 4242 4242'): Promise<Customer> {
  const me = await signUp(t.app);
  await t.database.db.insert(addresses).values({ userId: me.userId, ...DELIVERY_ADDRESS, isDefault: true });
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/cards/sandbox',
    headers: bearer(me.token),
    payload: { number, expiry: '12/39', cvc: '123' },
  });
  expect(saved.statusCode).toBe(201);
  return me;
}

const oneClick = (
  t: TestApp,
  me: Customer,
  payload: Record<string, unknown>,
  key: string | null = randomUUID(),
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders/one-click',
    headers: { ...bearer(me.token), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

async function ordersOfUser(t: TestApp, me: Customer) {
  return t.database.db.select().from(orders).where(eq(orders.userId, me.userId));
}
async function stockOf(t: TestApp, partId: string) {
  const [row] = await t.database.db.select().from(parts).where(eq(parts.id, partId));
  return row?.availablequantity;
}

describe('1-Click orders (sandbox)', () => {
  const t = useTestApp();

  it('places the order to the default address, charges the saved card and answers it paid', async () => {
    const me = await readyCustomer(t);
    const part = await createPart(t.database.db, { priceCents: 2000, availablequantity: 10 });
    const shown = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/parts/${part.id}` })).json().availablequantity;
    expect(await shown()).toBe(10);
    const res = await oneClick(t, me, { partId: part.id, quantity: 2 });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      payment: 'paid',
      subtotal: 40,
      paymentMethod: 'card',
      address: DELIVERY_ADDRESS,
    });
    const [row] = await ordersOfUser(t, me);
    expect(row).toMatchObject({ status: 'paid', oneClick: true, paymentMethod: 'card', id: body.insertedId });
    expect(row?.deliveryAddress).toMatchObject(DELIVERY_ADDRESS);
    expect(row?.transactionId).toMatch(/^pi_sandbox_1click_/);
    expect(await stockOf(t, part.id)).toBe(8);
    // The part page's cached answer was dropped with the order.
    expect(await shown()).toBe(8);
    const renders = (await t.database.db.select({ payload: jobs.payload }).from(jobs))
      .map((j) => j.payload as { render?: string; orderId?: string })
      .filter((p) => p.orderId === body.insertedId)
      .map((p) => p.render);
    expect(renders).toContain(ORDER_RECEIPT_MAIL);
    // The order says it was placed with 1-Click.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/order/${me.email}`,
      headers: bearer(me.token),
    });
    expect(listed.json()[0]).toMatchObject({ _id: body.insertedId, oneClick: true, paid: true });
  });

  it('answers a repeated or concurrent request with the same key with the first order', async () => {
    const me = await readyCustomer(t);
    const part = await createPart(t.database.db, { priceCents: 1000, availablequantity: 10 });
    const key = randomUUID();
    const first = await oneClick(t, me, { partId: part.id, quantity: 1 }, key);
    const again = await oneClick(t, me, { partId: part.id, quantity: 1 }, key);
    expect(again.statusCode).toBe(201);
    expect(again.json().insertedId).toBe(first.json().insertedId);
    expect(again.json().payment).toBe('paid');

    const other = randomUUID();
    const both = await Promise.all([
      oneClick(t, me, { partId: part.id, quantity: 1 }, other),
      oneClick(t, me, { partId: part.id, quantity: 1 }, other),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(both[0]?.json().insertedId).toBe(both[1]?.json().insertedId);
    expect(await ordersOfUser(t, me)).toHaveLength(2);
    expect(await stockOf(t, part.id)).toBe(8);
    const charged = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, both[0]?.json().insertedId as string));
    expect(charged).toHaveLength(1);
  });

  it('requires an Idempotency-Key', async () => {
    const me = await readyCustomer(t);
    const part = await createPart(t.database.db, { availablequantity: 5 });
    const res = await oneClick(t, me, { partId: part.id, quantity: 1 }, null);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'Idempotency-Key', message: oneClickTexts.keyRequired }]);
    expect(await ordersOfUser(t, me)).toHaveLength(0);
  });

  it('refuses when 1-Click is off, there is no default address or no card', async () => {
    const part = await createPart(t.database.db, { availablequantity: 5 });
    const off = await readyCustomer(t);
    await t.app.inject({
      method: 'PUT',
      url: '/api/me/one-click',
      headers: bearer(off.token),
      payload: { enabled: false },
    });
    const refusedOff = await oneClick(t, off, { partId: part.id, quantity: 1 });
    expect(refusedOff.statusCode).toBe(409);
    expect(JSON.stringify(refusedOff.json())).toContain(oneClickTexts.notEnabled);

    const noAddress = await signUp(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/cards/sandbox',
      headers: bearer(noAddress.token),
      payload: { number: '4242424242424242', expiry: '12/39', cvc: '123' },
    });
    const refusedAddress = await oneClick(t, noAddress, { partId: part.id, quantity: 1 });
    expect(refusedAddress.statusCode).toBe(409);
    expect(JSON.stringify(refusedAddress.json())).toContain(oneClickTexts.noDefaultAddress);

    const noCard = await signUp(t.app);
    await t.database.db
      .insert(addresses)
      .values({ userId: noCard.userId, ...DELIVERY_ADDRESS, isDefault: true });
    const refusedCard = await oneClick(t, noCard, { partId: part.id, quantity: 1 });
    expect(refusedCard.statusCode).toBe(409);
    expect(JSON.stringify(refusedCard.json())).toContain(oneClickTexts.noCard);

    expect(await stockOf(t, part.id)).toBe(5);
  });

  it('ships to a saved address named; another customer’s address or card is not found (404), and nothing is ordered', async () => {
    const part = await createPart(t.database.db, { availablequantity: 5 });
    const me = await readyCustomer(t);
    const other = await readyCustomer(t);
    const CABIN = { ...DELIVERY_ADDRESS, street: '9 Lake Rd', city: 'Reno', state: 'NV', zip: '89501' };
    const [cabin] = await t.database.db
      .insert(addresses)
      .values({ userId: me.userId, ...CABIN, isDefault: false })
      .returning({ id: addresses.id });
    const [theirAddress] = await t.database.db
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, other.userId));
    const [theirCard] = await t.database.db
      .select({ id: savedCards.id })
      .from(savedCards)
      .where(eq(savedCards.userId, other.userId));

    const toTheirs = await oneClick(t, me, { partId: part.id, quantity: 1, addressId: theirAddress!.id });
    expect(toTheirs.statusCode).toBe(404);
    expect(toTheirs.json().errors).toEqual([{ field: 'addressId', message: addressBookTexts.notFound }]);
    const withTheirs = await oneClick(t, me, { partId: part.id, quantity: 1, cardId: theirCard!.id });
    expect(withTheirs.statusCode).toBe(404);
    expect(withTheirs.json().errors).toEqual([{ field: 'cardId', message: savedCardTexts.notFound }]);
    expect(await ordersOfUser(t, me)).toEqual([]);
    expect(await stockOf(t, part.id)).toBe(5);

    const toCabin = await oneClick(t, me, { partId: part.id, quantity: 1, addressId: cabin!.id });
    expect(toCabin.statusCode).toBe(201);
    expect(toCabin.json()).toMatchObject({ payment: 'paid', address: CABIN });
    expect(await stockOf(t, part.id)).toBe(4);
  });

  it('leaves the order unpaid when the bank asks for authentication, payable on its payment page', async () => {
    const me = await readyCustomer(t, '4000 0027 6000 3184');
    const part = await createPart(t.database.db, { priceCents: 1500, availablequantity: 5 });
    const key = randomUUID();
    const res = await oneClick(t, me, { partId: part.id, quantity: 1 }, key);
    expect(res.statusCode).toBe(201);
    expect(res.json().payment).toBe('requires_action');
    const retried = await oneClick(t, me, { partId: part.id, quantity: 1 }, key);
    expect(retried.json()).toMatchObject({ insertedId: res.json().insertedId, payment: 'requires_action' });
    const orderId = res.json().insertedId as string;
    const [row] = await ordersOfUser(t, me);
    expect(row).toMatchObject({ status: 'unpaid', oneClick: true });
    expect(row?.expiresAt).toBeInstanceOf(Date);
    expect(await stockOf(t, part.id)).toBe(4);

    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(me.token),
      payload: { orderId },
    });
    // The payment page finishes the click's own intent.
    const { clientSecret } = intent.json();
    expect(clientSecret).toMatch(/^pi_sandbox_1click_/);
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      headers: bearer(me.token),
      payload: { clientSecret, number: '4000002760003184', expiry: '12/39', cvc: '123' },
    });
    expect(card.statusCode).toBe(200);
    const paid = await t.app.inject({
      method: 'PATCH',
      url: `/api/payment/${orderId}`,
      headers: bearer(me.token),
      payload: { transactionId: card.json().transactionId },
    });
    expect(paid.json()).toEqual({ modifiedCount: 1 });
    // The click's retry now says it is paid; still one order.
    const after = await oneClick(t, me, { partId: part.id, quantity: 1 }, key);
    expect(after.json()).toMatchObject({ insertedId: orderId, payment: 'paid' });
    expect(await ordersOfUser(t, me)).toHaveLength(1);
  });

  it('cancels the order when the card is declined (stock back, 402), and a retry places nothing', async () => {
    const me = await readyCustomer(t, '4000 0000 0000 0341');
    const part = await createPart(t.database.db, { availablequantity: 5 });
    const key = randomUUID();
    const res = await oneClick(t, me, { partId: part.id, quantity: 2 }, key);
    expect(res.statusCode).toBe(402);
    expect(res.json().errors).toEqual([{ field: 'cardId', message: 'Your card was declined.' }]);
    const [row] = await ordersOfUser(t, me);
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'customer' });
    expect(await stockOf(t, part.id)).toBe(5);
    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, row?.id ?? ''));
    expect(events.some((e) => e.detail?.startsWith('1-Click payment declined'))).toBe(true);

    const retry = await oneClick(t, me, { partId: part.id, quantity: 2 }, key);
    expect(retry.statusCode).toBe(402);
    expect(retry.json().errors).toEqual(res.json().errors);
    expect(await ordersOfUser(t, me)).toHaveLength(1);
    expect(await stockOf(t, part.id)).toBe(5);
  });

  it('drops a card the provider no longer knows and tells the customer', async () => {
    const me = await readyCustomer(t);
    const part = await createPart(t.database.db, { availablequantity: 5 });
    // The card's customer is not the user's any more (as when Stripe detached it).
    await t.database.db
      .update(savedCards)
      .set({ customerId: 'cus_gone' })
      .where(eq(savedCards.userId, me.userId));
    const res = await oneClick(t, me, { partId: part.id, quantity: 1 });
    expect(res.statusCode).toBe(402);
    expect(res.json().errors).toEqual([{ field: 'cardId', message: savedCardTexts.dropped }]);
    const [card] = await t.database.db.select().from(savedCards).where(eq(savedCards.userId, me.userId));
    expect(card?.removedAt).toBeInstanceOf(Date);
    expect(await stockOf(t, part.id)).toBe(5);
  });

  it('takes the line out of the cart when bought from it', async () => {
    const me = await readyCustomer(t);
    const part = await createPart(t.database.db, { availablequantity: 5 });
    const other = await createPart(t.database.db, { availablequantity: 5 });
    await fillCart(t.app, me, [
      { partId: part.id, quantity: 2 },
      { partId: other.id, quantity: 1 },
    ]);
    const res = await oneClick(t, me, { partId: part.id, quantity: 2, fromCart: true });
    expect(res.statusCode).toBe(201);
    const cart = await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(me.token) });
    expect(cart.json().items.map((i: { partId: string }) => i.partId)).toEqual([other.id]);
  });

  it('lets the customer cancel a paid 1-Click order before it ships, refunded in full', async () => {
    const me = await readyCustomer(t);
    const part = await createPart(t.database.db, { priceCents: 2500, availablequantity: 5 });
    const placed = await oneClick(t, me, { partId: part.id, quantity: 1 });
    const orderId = placed.json().insertedId as string;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/order/${orderId}/cancel`,
      headers: bearer(me.token),
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'cancelled', cancelReason: 'customer', oneClick: true });
    expect(cancel.json().refunded).toBe(cancel.json().total);
    expect(cancel.json().refundedAt).not.toBeNull();
    expect(await stockOf(t, part.id)).toBe(5);
    const recorded = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.amountCents).toBe(Math.round(cancel.json().total * 100));
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment?.status).toBe('refunded');
    const mails = (await t.database.db.select({ payload: jobs.payload }).from(jobs))
      .map((j) => j.payload as { to?: string; text?: string })
      .filter((m) => m.to === me.email && m.text?.includes(orderId));
    expect(
      mails.some((m) => m.text?.startsWith('Hello') && m.text.includes('As you asked, we have cancelled')),
    ).toBe(true);

    // Once it has shipped, or partly, it is refused.
    for (const status of ['shipped', 'partially_shipped'] as const) {
      const next = await oneClick(t, me, { partId: part.id, quantity: 1 });
      const id = next.json().insertedId as string;
      await t.database.db.update(orders).set({ status }).where(eq(orders.id, id));
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/order/${id}/cancel`,
        headers: bearer(me.token),
      });
      expect(refused.statusCode).toBe(409);
    }
  });
});
