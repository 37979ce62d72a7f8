import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADDRESS_BOOK_MAX, type AddressBook } from '@pitstop/core/address-book';
import { createPart } from '../../seed/factories.js';
import { addresses, orders } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { bearer, signUp, type Customer } from '../../test/accounts.js';
import { DELIVERY_ADDRESS, fillCart, partOrderBody } from '../../test/orders.js';

/*
 * Issue #28, item 4: the checkout keeps the order's address in the address book instead of
 * overwriting one saved address. The same address is kept once (touched); a new one is added; it
 * is the default when it is the first or when the customer ticks "Use as my default address"
 * (makeDefault). GET /api/me/address answers the default, as before.
 */

const t = useTestApp();

const HOME = DELIVERY_ADDRESS;
const WORK = { ...DELIVERY_ADDRESS, street: '1 Market St', line2: 'Suite 300', zip: '94103' };
const CABIN = { ...DELIVERY_ADDRESS, street: '9 Lake Rd', city: 'Reno', state: 'NV', zip: '89501' };

async function checkout(
  who: Customer,
  address: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  const part = await createPart(t.database.db, { priceCents: 1000, availablequantity: 50 });
  await fillCart(t.app, who, [{ partId: part.id, quantity: 1 }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: bearer(who.token),
    payload: { address, payment: 'card', ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const book = async (who: Customer) =>
  (
    (
      await t.app.inject({ method: 'GET', url: '/api/addresses', headers: bearer(who.token) })
    ).json() as AddressBook
  ).addresses;
const savedAddress = async (who: Customer) =>
  (
    (await t.app.inject({ method: 'GET', url: '/api/me/address', headers: bearer(who.token) })).json() as {
      address: unknown;
    }
  ).address;
const streets = async (who: Customer) => (await book(who)).map((a) => [a.street, a.isDefault]);

describe('the checkout and the address book', () => {
  it('keeps a first address as the default, adds another one beside it, and keeps the same one once', async () => {
    const me = await signUp(t.app);
    await checkout(me, HOME);
    expect(await streets(me)).toEqual([[HOME.street, true]]);

    await checkout(me, WORK);
    expect(await streets(me)).toEqual([
      [HOME.street, true],
      [WORK.street, false],
    ]);
    expect(await savedAddress(me)).toEqual(HOME);

    await checkout(me, CABIN);
    expect(await streets(me)).toEqual([
      [HOME.street, true],
      [CABIN.street, false],
      [WORK.street, false],
    ]);
    // The same address again (typed with other spaces and case): no new entry, it moves up.
    await checkout(me, { ...WORK, street: ` ${WORK.street} `, state: 'ca' });
    expect(await streets(me)).toEqual([
      [HOME.street, true],
      [WORK.street, false],
      [CABIN.street, false],
    ]);
    expect(await book(me)).toMatchObject([HOME, WORK, CABIN]);
  });

  it('makes the order’s address the default when asked, new or already kept', async () => {
    const me = await signUp(t.app);
    await checkout(me, HOME);
    await checkout(me, WORK, { makeDefault: true });
    expect(await streets(me)).toEqual([
      [WORK.street, true],
      [HOME.street, false],
    ]);
    expect(await savedAddress(me)).toEqual(WORK);

    await checkout(me, HOME, { makeDefault: true });
    expect(await streets(me)).toEqual([
      [HOME.street, true],
      [WORK.street, false],
    ]);
    // Already the default, asked again: still one default, no new entry.
    await checkout(me, HOME, { makeDefault: true });
    expect(await streets(me)).toEqual([
      [HOME.street, true],
      [WORK.street, false],
    ]);
  });

  it('keeps the part page’s order address too (the default only when it is the first)', async () => {
    const me = await signUp(t.app);
    const part = await createPart(t.database.db, { priceCents: 1000, availablequantity: 50 });
    for (const address of [HOME, WORK]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: bearer(me.token),
        payload: partOrderBody(me, part.id, { address }),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await streets(me)).toEqual([
      [HOME.street, true],
      [WORK.street, false],
    ]);
  });

  it(`places the order with a full book (${ADDRESS_BOOK_MAX}) but keeps no new address, and the default stays`, async () => {
    const me = await signUp(t.app);
    await t.database.db.insert(addresses).values(
      Array.from({ length: ADDRESS_BOOK_MAX }, (_, i) => ({
        userId: me.userId,
        ...HOME,
        street: `${i + 1} Full St`,
        isDefault: i === 0,
      })),
    );
    await checkout(me, CABIN, { makeDefault: true });
    const rows = await t.database.db.select().from(addresses).where(eq(addresses.userId, me.userId));
    expect(rows).toHaveLength(ADDRESS_BOOK_MAX);
    expect(rows.filter((r) => r.isDefault).map((r) => r.street)).toEqual(['1 Full St']);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.userId, me.userId));
    expect(order?.deliveryAddress).toMatchObject({ street: CABIN.street });
    // A kept address can still become the default with a full book.
    await checkout(me, { ...HOME, street: '7 Full St' }, { makeDefault: true });
    expect((await book(me))[0]).toMatchObject({ street: '7 Full St', isDefault: true });
  });

  it('keeps nothing when the checkout is refused (empty cart)', async () => {
    const me = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: bearer(me.token),
      payload: { address: HOME, payment: 'card', makeDefault: true },
    });
    expect(res.statusCode).toBe(400);
    expect(await book(me)).toEqual([]);
  });

  it('places both of two orders at once that each want the default, and keeps one default', async () => {
    const me = await signUp(t.app);
    const part = await createPart(t.database.db, { priceCents: 1000, availablequantity: 50 });
    const answers = await Promise.all(
      [HOME, WORK, CABIN].map((address) =>
        t.app.inject({
          method: 'POST',
          url: '/api/order',
          headers: bearer(me.token),
          payload: partOrderBody(me, part.id, { address }),
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const rows = await t.database.db.select().from(addresses).where(eq(addresses.userId, me.userId));
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
  });
});
