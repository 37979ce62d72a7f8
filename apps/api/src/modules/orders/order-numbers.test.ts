import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CheckoutResult } from '@pitstop/core/checkout';
import { parseOrderNumber } from '@pitstop/core/orders';
import { createPart } from '../../seed/factories.js';
import { orderEvents, orderNumberCounter, orders } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { bearer, signUp, type Customer } from '../../test/accounts.js';
import { DELIVERY_ADDRESS, fillCart, ordersOf } from '../../test/orders.js';

const t = useTestApp();

const cartOf = (who: Customer, partId: string, quantity: number) =>
  fillCart(t.app, who, [{ partId, quantity }]);

const checkout = (who: Customer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: bearer(who.token),
    payload: { address: DELIVERY_ADDRESS, payment: 'card' },
  });

async function lastNumber(): Promise<number> {
  const [row] = await t.database.db.select().from(orderNumberCounter);
  return row?.last ?? -1;
}

describe('order numbers', () => {
  it('are shown as PS-… on the checkout’s answer, My Orders and the timeline’s first line', async () => {
    const part = await createPart(t.database.db, { availablequantity: 10, minquantity: 1 });
    const me = await signUp(t.app, { name: 'Numa Rider' });
    await cartOf(me, part.id, 1);
    const before = await lastNumber();
    const res = await checkout(me);
    expect(res.statusCode).toBe(201);
    const result = res.json() as CheckoutResult;
    expect(result.orderNumber).toBe(`PS-${before + 1}`);
    const [listed] = await ordersOf(t.app, me);
    expect(listed?.orderNumber).toBe(result.orderNumber);
    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, [result.insertedId]));
    expect(events.map((e) => [e.kind, e.actorName])).toEqual([['placed', 'Numa Rider (customer)']]);
  });

  it('never repeat and never skip under concurrent checkouts, also when some of them fail', async () => {
    // 12 buyers of one unit each, 8 units: 4 checkouts roll back (sold out) and take no number.
    const part = await createPart(t.database.db, { availablequantity: 8, minquantity: 1 });
    const buyers = await Promise.all(Array.from({ length: 12 }, () => signUp(t.app)));
    for (const buyer of buyers) await cartOf(buyer, part.id, 1);
    const before = await lastNumber();

    const answers = await Promise.all(buyers.map((buyer) => checkout(buyer)));

    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(8);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(4);
    const numbers = answers
      .filter((a) => a.statusCode === 201)
      .map((a) => parseOrderNumber((a.json() as CheckoutResult).orderNumber))
      .sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => before + 1 + i));
    expect(await lastNumber()).toBe(before + 8);
    // Every order in the database has its own number.
    const all = await t.database.db.select({ number: orders.number }).from(orders);
    expect(all.every((o) => o.number !== null)).toBe(true);
    expect(new Set(all.map((o) => o.number)).size).toBe(all.length);
  });
});
