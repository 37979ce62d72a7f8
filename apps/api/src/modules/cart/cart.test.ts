import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MAX_LINES, type Cart } from '@pitstop/core/cart';
import { cartTexts, messages } from '@pitstop/core/messages';
import { buildPart, createPart, insertParts } from '../../seed/factories.js';
import { parts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, signUp, type Customer } from '../../test/accounts.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const getCart = (who: Customer) =>
  t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(who.token) });
const put = (who: Customer, partId: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/cart/items/${partId}`,
    headers: bearer(who.token),
    payload: payload as Record<string, unknown>,
  });
const removeItem = (who: Customer, partId: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/cart/items/${partId}`, headers: bearer(who.token) });
const clear = (who: Customer) =>
  t.app.inject({ method: 'DELETE', url: '/api/cart', headers: bearer(who.token) });

describe('the cart', () => {
  it('starts empty; adds, changes and removes parts, answering the whole cart each time', async () => {
    const pads = await createPart(t.database.db, {
      name: 'Cart Pads',
      priceCents: 2599,
      availablequantity: 12,
      minquantity: 2,
      img: '/images/parts/brake-pads.svg',
    });
    const chain = await createPart(t.database.db, {
      name: 'Cart Chain',
      priceCents: 8950,
      availablequantity: 4,
    });
    const me = await signUp(t.app);

    const empty = await getCart(me);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ items: [], subtotal: 0 });

    const added = await put(me, pads.id, { quantity: 2 });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({
      items: [
        {
          partId: pads.id,
          name: 'Cart Pads',
          img: '/images/parts/brake-pads.svg',
          unitPrice: 25.99,
          quantity: 2,
          available: 12,
          minquantity: 2,
        },
      ],
      subtotal: 51.98,
    });

    await put(me, chain.id, { quantity: 1 });
    const changed = (await put(me, pads.id, { quantity: '3' })).json() as Cart;
    // The oldest line stays first; a change does not move it.
    expect(changed.items.map((i) => [i.name, i.quantity])).toEqual([
      ['Cart Pads', 3],
      ['Cart Chain', 1],
    ]);
    expect(changed.subtotal).toBe(167.47);
    // The answer is the cart as stored, not only the line that changed.
    expect((await getCart(me)).json()).toEqual(changed);

    const removed = (await removeItem(me, pads.id)).json() as Cart;
    expect(removed.items.map((i) => i.partId)).toEqual([chain.id]);
    expect(removed.subtotal).toBe(89.5);
    // Removing what is not there changes nothing.
    expect((await removeItem(me, pads.id)).json()).toEqual(removed);

    const cleared = await clear(me);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ items: [], subtotal: 0 });
    expect((await getCart(me)).json()).toEqual({ items: [], subtotal: 0 });
  });

  it.each([
    [{ quantity: 1 }, "Quantity can't be less than 2"],
    [{ quantity: 13 }, messages.quantityAboveAvailable],
    [{ quantity: 2.5 }, 'Quantity must be a whole number'],
    [{ quantity: 0 }, 'Quantity must be at least 1'],
    [{ quantity: '' }, messages.quantityRequired],
    [{}, messages.quantityRequired],
  ])('refuses %o with "quantity: %s" and leaves the cart alone', async (body, message) => {
    const part = await createPart(t.database.db, { availablequantity: 12, minquantity: 2 });
    const me = await signUp(t.app);
    const res = await put(me, part.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors).toContainEqual({ field: 'quantity', message });
    expect((await getCart(me)).json().items).toEqual([]);
  });

  it('answers 404 for an unknown part, 400 for a malformed id and 401 without a session', async () => {
    const me = await signUp(t.app);
    const unknown = await put(me, '6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab', { quantity: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('We could not find that part.');
    expect((await put(me, 'abc', { quantity: 1 })).statusCode).toBe(400);
    const part = await createPart(t.database.db);
    for (const [method, url] of [
      ['GET', '/api/cart'],
      ['PUT', `/api/cart/items/${part.id}`],
      ['DELETE', `/api/cart/items/${part.id}`],
      ['DELETE', '/api/cart'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'PUT' ? { quantity: 1 } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('keeps each customer’s cart to themselves', async () => {
    const part = await createPart(t.database.db, { availablequantity: 20 });
    const other = await createPart(t.database.db, { availablequantity: 20 });
    const me = await signUp(t.app);
    const them = await signUp(t.app);
    await put(me, part.id, { quantity: 4 });
    await put(them, part.id, { quantity: 1 });
    await put(them, other.id, { quantity: 2 });

    // Their changes, removals and clearing touch their cart only.
    await removeItem(them, part.id);
    await clear(them);
    const mine = (await getCart(me)).json() as Cart;
    expect(mine.items.map((i) => [i.partId, i.quantity])).toEqual([[part.id, 4]]);
    expect((await getCart(them)).json().items).toEqual([]);
    // Nothing is reserved by a cart.
    const [row] = await t.database.db.select().from(parts).where(eq(parts.id, part.id));
    expect(row?.availablequantity).toBe(20);
  });

  it('shows today’s price and stock, and drops a part deleted from the catalogue', async () => {
    const kept = await createPart(t.database.db, { priceCents: 1000, availablequantity: 10 });
    const gone = await createPart(t.database.db, { availablequantity: 10 });
    const me = await signUp(t.app);
    await put(me, kept.id, { quantity: 8 });
    await put(me, gone.id, { quantity: 1 });
    await t.database.db
      .update(parts)
      .set({ priceCents: 1250, availablequantity: 5 })
      .where(eq(parts.id, kept.id));
    await t.database.db.delete(parts).where(eq(parts.id, gone.id));
    const cart = (await getCart(me)).json() as Cart;
    // The line no longer fits the stock: the cart shows it so the page can warn.
    expect(cart.items).toEqual([
      expect.objectContaining({ partId: kept.id, quantity: 8, available: 5, unitPrice: 12.5 }),
    ]);
    expect(cart.subtotal).toBe(100);
  });

  it(`holds up to ${CART_MAX_LINES} different parts`, async () => {
    const rows = await insertParts(
      t.database.db,
      Array.from({ length: CART_MAX_LINES + 1 }, () => buildPart({ availablequantity: 5 })),
    );
    const me = await signUp(t.app);
    for (const row of rows.slice(0, CART_MAX_LINES)) {
      expect((await put(me, row.id, { quantity: 1 })).statusCode).toBe(200);
    }
    const extra = rows[CART_MAX_LINES]!;
    const full = await put(me, extra.id, { quantity: 1 });
    expect(full.statusCode).toBe(409);
    expect(full.json().detail).toBe(cartTexts.cartFull(CART_MAX_LINES));
    // A line already in the cart can still change.
    expect((await put(me, rows[0]!.id, { quantity: 3 })).statusCode).toBe(200);
    expect((await getCart(me)).json().items).toHaveLength(CART_MAX_LINES);
  }, 60_000);
});
