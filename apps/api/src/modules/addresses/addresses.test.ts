import { addressTexts } from '@pitstop/core/address-texts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_BOOK_MAX,
  addressBookTexts,
  type AddressBook,
  type AddressEntry,
} from '@pitstop/core/address-book';

import { addressZipTexts } from '@pitstop/core/checkout-place-texts';
import { addresses } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { bearer, signUp, type Customer } from '../../test/accounts.js';
import { DELIVERY_ADDRESS } from '../../test/orders.js';

/*
 * Issue #28, item 4: the address book. Own rows only (another customer's id is a 404), one
 * default whenever there is an address, the delivery address's rules on every field.
 */

const t = useTestApp();

const HOME = DELIVERY_ADDRESS;
const WORK = { ...DELIVERY_ADDRESS, street: '1 Market St', line2: 'Suite 300', zip: '94103' };
const CABIN = { ...DELIVERY_ADDRESS, street: '9 Lake Rd', city: 'Reno', state: 'NV', zip: '89501' };

const book = async (who: Customer) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/addresses', headers: bearer(who.token) });
  expect(res.statusCode).toBe(200);
  return (res.json() as AddressBook).addresses;
};
const add = (who: Customer, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/addresses', headers: bearer(who.token), payload });
const edit = (who: Customer, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/addresses/${id}`, headers: bearer(who.token), payload });
const remove = (who: Customer, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/addresses/${id}`, headers: bearer(who.token) });
const added = async (who: Customer, payload: Record<string, unknown>) => {
  const res = await add(who, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AddressEntry;
};
const defaultOf = async (who: Customer) => (await book(who)).filter((a) => a.isDefault);
const savedAddress = async (who: Customer) =>
  (
    (await t.app.inject({ method: 'GET', url: '/api/me/address', headers: bearer(who.token) })).json() as {
      address: Record<string, unknown> | null;
    }
  ).address;
const fields = (res: { json(): unknown }) =>
  (res.json() as { errors?: { field: string; message: string }[] }).errors;

describe('the address book', () => {
  it('is for signed-in customers only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/addresses' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/addresses', payload: HOME })).statusCode).toBe(
      401,
    );
  });

  it('makes the first address the default, keeps the default first, then the most recently updated', async () => {
    const me = await signUp(t.app);
    expect(await book(me)).toEqual([]);
    const home = await added(me, HOME);
    expect(home).toMatchObject({ ...HOME, isDefault: true });
    expect('line2' in home).toBe(false);
    const work = await added(me, WORK);
    expect(work).toMatchObject({ ...WORK, isDefault: false });
    const cabin = await added(me, CABIN);
    expect((await book(me)).map((a) => a.id)).toEqual([home.id, cabin.id, work.id]);
    // GET /api/me/address (the checkout's older reader) answers the default.
    expect(await savedAddress(me)).toEqual(HOME);
  });

  it('moves the default with isDefault: true, on adding and on editing; false on the default is ignored', async () => {
    const me = await signUp(t.app);
    const home = await added(me, HOME);
    const work = await added(me, { ...WORK, isDefault: true });
    expect(work.isDefault).toBe(true);
    expect((await defaultOf(me)).map((a) => a.id)).toEqual([work.id]);

    const res = await edit(me, home.id, { ...HOME, isDefault: true });
    expect(res.statusCode).toBe(200);
    expect((res.json() as AddressEntry).isDefault).toBe(true);
    expect((await defaultOf(me)).map((a) => a.id)).toEqual([home.id]);

    const kept = await edit(me, home.id, { ...HOME, isDefault: false });
    expect(kept.statusCode).toBe(200);
    expect((kept.json() as AddressEntry).isDefault).toBe(true);
    expect((await defaultOf(me)).map((a) => a.id)).toEqual([home.id]);
    expect(await savedAddress(me)).toEqual(HOME);
  });

  it('edits an address, clearing its second line when none is sent', async () => {
    const me = await signUp(t.app);
    const work = await added(me, WORK);
    const res = await edit(me, work.id, { ...WORK, line2: '', city: 'Oakland', zip: '94607' });
    expect(res.statusCode).toBe(200);
    const entry = res.json() as AddressEntry;
    expect(entry).toMatchObject({ id: work.id, city: 'Oakland', zip: '94607', isDefault: true });
    expect('line2' in entry).toBe(false);
  });

  it('does not keep the same address twice: the entry kept is answered (200), touched, and made default if asked', async () => {
    const me = await signUp(t.app);
    const home = await added(me, HOME);
    await added(me, WORK);
    const again = await add(me, { ...HOME, state: 'ca', street: '  500 Howard St ' });
    expect(again.statusCode).toBe(200);
    expect((again.json() as AddressEntry).id).toBe(home.id);
    const work = await add(me, { ...WORK, isDefault: true });
    expect(work.statusCode).toBe(200);
    expect((work.json() as AddressEntry).isDefault).toBe(true);
    expect(await book(me)).toHaveLength(2);
  });

  it(`refuses a new address past ${ADDRESS_BOOK_MAX} with 409 and the book's message`, async () => {
    const me = await signUp(t.app);
    await t.database.db.insert(addresses).values(
      Array.from({ length: ADDRESS_BOOK_MAX }, (_, i) => ({
        userId: me.userId,
        ...HOME,
        street: `${i + 1} Full St`,
        isDefault: i === 0,
      })),
    );
    const res = await add(me, WORK);
    expect(res.statusCode).toBe(409);
    expect((res.json() as { detail: string }).detail).toBe(addressBookTexts.full);
    // The same address as one kept is not a new one.
    expect((await add(me, { ...HOME, street: '3 Full St' })).statusCode).toBe(200);
  });

  it('removes an address (204); removing the default promotes the most recently updated one', async () => {
    const me = await signUp(t.app);
    const home = await added(me, HOME);
    const work = await added(me, WORK);
    const cabin = await added(me, CABIN);
    // Work is touched last: it is the most recently updated.
    expect((await edit(me, work.id, { ...WORK, phone: '415-555-0199' })).statusCode).toBe(200);

    expect((await remove(me, cabin.id)).statusCode).toBe(204);
    expect((await defaultOf(me)).map((a) => a.id)).toEqual([home.id]);
    expect((await remove(me, home.id)).statusCode).toBe(204);
    expect(await book(me)).toMatchObject([{ id: work.id, isDefault: true }]);
    expect((await remove(me, work.id)).statusCode).toBe(204);
    expect(await book(me)).toEqual([]);
    expect(await savedAddress(me)).toBeNull();
    expect((await remove(me, work.id)).statusCode).toBe(404);
  });

  it("answers 404 for another customer's address, and changes nothing", async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const theirs = await added(other, HOME);
    for (const res of [
      await edit(me, theirs.id, { ...WORK, isDefault: true }),
      await remove(me, theirs.id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect((res.json() as { detail: string }).detail).toBe(addressBookTexts.notFound);
    }
    expect((await edit(me, 'not-a-uuid', WORK)).statusCode).toBe(400);
    expect(await book(other)).toMatchObject([{ id: theirs.id, street: HOME.street, isDefault: true }]);
    expect(await book(me)).toEqual([]);
  });

  it.each([
    ['state', { state: 'HI' }, addressTexts.stateNotServed('Hawaii')],
    ['state', { state: 'ZZ' }, addressTexts.stateUnknown],
    ['zip', { zip: '9410' }, addressTexts.zipInvalid],
    ['zip', { zip: '89501' }, addressZipTexts.notInState('California')],
    ['phone', { phone: '555-0134' }, addressTexts.phoneInvalid],
    ['line2', { line2: 'Apt\u00854B' }, undefined],
    ['name', { name: '' }, addressTexts.addressNameRequired],
  ])('refuses a bad %s with a 400 naming it, on adding and editing', async (field, change, message) => {
    const me = await signUp(t.app);
    const home = await added(me, HOME);
    for (const res of [
      await add(me, { ...WORK, ...change }),
      await edit(me, home.id, { ...HOME, ...change }),
    ]) {
      expect(res.statusCode).toBe(400);
      const [error] = fields(res) ?? [];
      expect(error?.field).toBe(field);
      if (message) expect(error?.message).toBe(message);
    }
    expect(await book(me)).toMatchObject([{ ...HOME }]);
  });

  it('keeps one default when two defaults are added at once', async () => {
    const me = await signUp(t.app);
    await added(me, HOME);
    const answers = await Promise.all(
      [WORK, CABIN, { ...WORK, street: '2 Market St' }].map((a) => add(me, { ...a, isDefault: true })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const rows = await t.database.db.select().from(addresses).where(eq(addresses.userId, me.userId));
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
  });
});
