import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderTexts } from '@pitstop/core/messages';
import { createPart } from '../../seed/factories.js';
import { idempotencyKeys, parts } from '../../db/schema.js';
import { forgetOldKeys } from '../../lib/idempotency.js';
import { useTestApp } from '../../test/app.js';
import { bearer, signUp, type Customer } from '../../test/accounts.js';
import { availableOf } from '../../test/catalogue.js';
import { DELIVERY_ADDRESS, ordersOf as ordersOfCustomer, partOrderBody } from '../../test/orders.js';

/*
 * A retried order request (the client lost the answer, or the load balancer tried the other
 * process) carries the same Idempotency-Key: it must answer the first order, not place a second.
 */

const t = useTestApp();

const withKey = (who: Customer, key?: string) => ({
  ...bearer(who.token),
  ...(key === undefined ? {} : { 'idempotency-key': key }),
});

const orderBody = (who: Customer, productId: string, quantity = 2) =>
  partOrderBody(who, productId, { quantity });

const placeOne = (who: Customer, productId: string, key?: string, quantity = 2) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: withKey(who, key),
    payload: orderBody(who, productId, quantity),
  });

const available = async (id: string) => (await availableOf(t.database.db, id))[0];

const ordersOf = (who: Customer) => ordersOfCustomer(t.app, who);

describe('POST /api/order with an Idempotency-Key', () => {
  it('places one order for a key sent twice, answers the same order both times, and takes the stock once', async () => {
    const me = await signUp(t.app);
    const part = await createPart(t.database.db, { availablequantity: 20, minquantity: 1 });
    const first = await placeOne(me, part.id, 'order-7f3a');
    const again = await placeOne(me, part.id, 'order-7f3a');
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ orderNumber: expect.stringMatching(/^PS-\d+$/) });
    expect(await available(part.id)).toBe(18);
    expect(await ordersOf(me)).toHaveLength(1);

    // A new key is a new order; no key at all is one too (as before keys existed).
    expect((await placeOne(me, part.id, 'order-8b21')).json().insertedId).not.toBe(first.json().insertedId);
    expect((await placeOne(me, part.id)).statusCode).toBe(200);
    expect(await available(part.id)).toBe(14);
    expect(await ordersOf(me)).toHaveLength(3);
  });

  it('places one order when the same request arrives twice at once', async () => {
    const me = await signUp(t.app);
    const part = await createPart(t.database.db, { availablequantity: 20, minquantity: 1 });
    const answers = await Promise.all([
      placeOne(me, part.id, 'twin-1'),
      placeOne(me, part.id, 'twin-1'),
      placeOne(me, part.id, 'twin-1'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().insertedId)).size).toBe(1);
    expect(await available(part.id)).toBe(18);
    expect(await ordersOf(me)).toHaveLength(1);
  });

  it('answers a retry of the order that took the last units with that order, alone or at once', async () => {
    const me = await signUp(t.app);
    // The key is stored last in the order's transaction: a retry's own steps fail here (nothing
    // left), and what it answers is still the first order, not "only 0 left".
    const part = await createPart(t.database.db, { availablequantity: 2, minquantity: 1 });
    const first = await placeOne(me, part.id, 'last-two');
    const again = await placeOne(me, part.id, 'last-two');
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());

    const other = await createPart(t.database.db, { availablequantity: 2, minquantity: 1 });
    const twins = await Promise.all([
      placeOne(me, other.id, 'twin-last'),
      placeOne(me, other.id, 'twin-last'),
    ]);
    expect(twins.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(twins[1]!.json()).toEqual(twins[0]!.json());
    expect([await available(part.id), await available(other.id)]).toEqual([0, 0]);
    expect(await ordersOf(me)).toHaveLength(2);
    // A different request under a used key is still refused, though its own steps would fail too.
    const reused = await placeOne(me, part.id, 'last-two', 1);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().errors).toEqual([
      { field: 'Idempotency-Key', message: orderTexts.idempotencyKeyReused },
    ]);
  });

  it('refuses the key for a different request, and a malformed key, with the field named', async () => {
    const me = await signUp(t.app);
    const part = await createPart(t.database.db, { availablequantity: 20, minquantity: 1 });
    expect((await placeOne(me, part.id, 'reused', 2)).statusCode).toBe(200);
    const other = await placeOne(me, part.id, 'reused', 3);
    expect(other.statusCode).toBe(409);
    expect(other.headers['content-type']).toContain('application/problem+json');
    expect(other.json()).toMatchObject({
      detail: orderTexts.idempotencyKeyReused,
      errors: [{ field: 'Idempotency-Key', message: orderTexts.idempotencyKeyReused }],
    });
    expect(await available(part.id)).toBe(18);

    for (const bad of ['', 'has space', 'x'.repeat(256), 'naïve']) {
      const res = await placeOne(me, part.id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'Idempotency-Key', message: orderTexts.idempotencyKeyInvalid },
      ]);
    }
    expect(await available(part.id)).toBe(18);
  });

  it('keeps keys apart per customer', async () => {
    const me = await signUp(t.app);
    const you = await signUp(t.app);
    const part = await createPart(t.database.db, { availablequantity: 20, minquantity: 1 });
    const mine = await placeOne(me, part.id, 'same-key');
    const yours = await placeOne(you, part.id, 'same-key');
    expect(yours.statusCode).toBe(200);
    expect(yours.json().insertedId).not.toBe(mine.json().insertedId);
    expect(await available(part.id)).toBe(16);
  });

  it('stores nothing for a refused order, so the retry runs again and can succeed', async () => {
    const me = await signUp(t.app);
    const part = await createPart(t.database.db, { availablequantity: 1, minquantity: 1 });
    const short = await placeOne(me, part.id, 'retry-after-restock', 2);
    expect(short.statusCode).toBe(400);
    await t.database.db.update(parts).set({ availablequantity: 5 }).where(eq(parts.id, part.id));
    const later = await placeOne(me, part.id, 'retry-after-restock', 2);
    expect(later.statusCode).toBe(200);
    expect(await available(part.id)).toBe(3);
  });

  it('forgets answers after a day', async () => {
    const me = await signUp(t.app);
    const part = await createPart(t.database.db, { availablequantity: 20, minquantity: 1 });
    expect((await placeOne(me, part.id, 'old-key')).statusCode).toBe(200);
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, 'old-key'));
    await forgetOldKeys(t.database.db);
    expect((await placeOne(me, part.id, 'old-key')).statusCode).toBe(200);
    expect(await ordersOf(me)).toHaveLength(2);
  });
});

describe('POST /api/checkout with an Idempotency-Key', () => {
  const checkout = (who: Customer, key: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: withKey(who, key),
      payload: { address: DELIVERY_ADDRESS, payment: 'card' },
    });

  it('answers a retried checkout with the order it made, instead of "your cart is empty"', async () => {
    const me = await signUp(t.app);
    const part = await createPart(t.database.db, { availablequantity: 20, minquantity: 1 });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/cart/items/${part.id}`,
      headers: bearer(me.token),
      payload: { quantity: 3 },
    });
    expect(put.statusCode).toBe(200);
    const first = await checkout(me, 'checkout-1');
    const retry = await checkout(me, 'checkout-1');
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await available(part.id)).toBe(17);
    expect(await ordersOf(me)).toHaveLength(1);
  });
});
