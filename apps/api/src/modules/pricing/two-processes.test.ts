import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Part } from '@pitstop/core/parts';
import type { PriceList, Sale } from '@pitstop/core/pricing';
import { createPart } from '../../seed/factories.js';
import { busLabel, useTwoProcesses } from '../../test/app.js';
import { bearer, makeAdmin, signUp, type Customer } from '../../test/accounts.js';

/*
 * Two processes on one database (Redis when REDIS_URL is set, else the in-memory bus): a price
 * list or a sale made on one is seen on the other at the next read, though the other had the
 * part's answer cached and priced.
 */
describe(`prices across processes (${busLabel})`, () => {
  const two = useTwoProcesses();
  let a: FastifyInstance;
  let b: FastifyInstance;
  let admin: Customer;
  let buyer: Customer;
  let partId: string;
  let partNumber: string;

  const seen = async (app: FastifyInstance, who?: Customer) =>
    (
      await app.inject({ method: 'GET', url: `/api/parts/${partId}`, headers: who ? bearer(who.token) : {} })
    ).json() as Part;

  beforeAll(async () => {
    ({ a, b } = two);
    const part = await createPart(two.database.db, { priceCents: 10_000 });
    partId = part.id;
    partNumber = part.partNumber;
    admin = await signUp(a);
    await makeAdmin(two.database.db, admin);
    buyer = await signUp(a);
  });

  it('prices a customer assigned on one process at the tier on the other', async () => {
    expect((await seen(b, buyer)).price).toBe(100);
    const list = (
      await a.inject({
        method: 'POST',
        url: '/api/admin/price-lists',
        headers: bearer(admin.token),
        payload: { name: 'Two', rules: [{ brand: null, category: null, percentOff: 30 }] },
      })
    ).json() as PriceList;
    await a.inject({
      method: 'POST',
      url: '/api/admin/price-list-assignments',
      headers: bearer(admin.token),
      payload: { priceListId: list.id, email: buyer.email },
    });
    expect((await seen(b, buyer)).price).toBe(70);
    expect((await seen(b)).price).toBe(100);
  });

  it('shows a sale made on one process to visitors of the other, and its removal', async () => {
    expect((await seen(b)).price).toBe(100);
    const sale = (
      await a.inject({
        method: 'POST',
        url: '/api/admin/sales',
        headers: bearer(admin.token),
        payload: {
          partNumber,
          salePrice: 60,
          startsAt: new Date(Date.now() - 1_000).toISOString(),
          endsAt: new Date(Date.now() + 3_600_000).toISOString(),
        },
      })
    ).json() as Sale;
    expect(await seen(b)).toMatchObject({ price: 60, listPrice: 100 });
    expect((await seen(b, buyer)).price).toBe(60);
    await a.inject({ method: 'DELETE', url: `/api/admin/sales/${sale.id}`, headers: bearer(admin.token) });
    expect((await seen(b)).price).toBe(100);
    expect((await seen(b, buyer)).price).toBe(70);
  });
});
