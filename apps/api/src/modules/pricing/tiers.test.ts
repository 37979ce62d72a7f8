import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '@pitstop/core/cart';
import type { Part } from '@pitstop/core/parts';
import type { PriceList, Sale } from '@pitstop/core/pricing';
import { companies, companyMembers, orderLines, partSales } from '../../db/schema.js';
import { createPart } from '../../seed/factories.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, signUp, signUpAdmin, type Customer } from '../../test/accounts.js';
import { checkoutCart, DELIVERY_ADDRESS, orderPart } from '../../test/orders.js';
import { buyerOf } from '../companies/membership.js';
import { orderPrices } from './order-prices.js';
import { viewerPrices } from './viewer-prices.js';

/*
 * Price tiers and sales (issue #30 item 5): a company member and a single customer on a price
 * list see its prices on every read (lists, part, cart, checkout); a visitor and another customer
 * still see retail, and the catalogue cache never holds a tier price. Sales: for everyone, only
 * while they run, whatever was cached before.
 */
let t: TestApp;
let admin: Customer;
let member: Customer;
let single: Customer;
let other: Customer;
let companyId: string;
let list: PriceList;
const part: Record<'pad' | 'chain' | 'fixed' | 'honda', { id: string; partNumber: string }> = {} as never;

const get = async (url: string, who?: Customer) => {
  const res = await t.app.inject({ method: 'GET', url, headers: who ? bearer(who.token) : {} });
  expect(res.statusCode).toBe(200);
  return res;
};
const partAs = async (id: string, who?: Customer) => (await get(`/api/parts/${id}`, who)).json() as Part;
const adminCall = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  who: Customer = admin,
) =>
  t.app.inject({
    method,
    url,
    headers: bearer(who.token),
    payload: payload as Record<string, unknown> | undefined,
  });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const pad = await createPart(db, { priceCents: 10_000, brand: 'Yamaha', category: 'brake-pads' });
  const chain = await createPart(db, { priceCents: 5_000, brand: 'Yamaha', category: 'chains' as never });
  const fixed = await createPart(db, { priceCents: 2_000, brand: 'Yamaha', category: 'brake-pads' });
  const honda = await createPart(db, { priceCents: 4_000, brand: 'Honda', category: 'filters' });
  Object.assign(part, { pad, chain, fixed, honda });
  admin = await signUpAdmin(t);
  [member, single, other] = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
  const [company] = await db
    .insert(companies)
    .values({ name: 'Bayside Test', taxId: 'TX-1', billingAddress: DELIVERY_ADDRESS })
    .returning({ id: companies.id });
  companyId = company!.id;
  await db.insert(companyMembers).values({ userId: member.userId, companyId, role: 'buyer' });

  const created = await adminCall('POST', '/api/admin/price-lists', {
    name: 'Trade',
    rules: [
      { brand: null, category: null, percentOff: 10 },
      { brand: 'Yamaha', category: 'brake-pads', percentOff: 25 },
      { brand: 'Yamaha', category: null, percentOff: 15 },
    ],
    prices: [{ partNumber: fixed.partNumber.toLowerCase(), price: 5 }],
  });
  expect(created.statusCode, created.body).toBe(201);
  list = created.json();
});
afterAll(async () => {
  await t?.close();
});

describe('price lists assigned to a company or a customer', () => {
  it('prices parts for visitors at retail before anyone is assigned', async () => {
    expect((await partAs(part.pad.id)).price).toBe(100);
    expect((await partAs(part.pad.id, member)).price).toBe(100);
  });

  it('gives a company member and a single customer the tier price; a visitor and another customer retail', async () => {
    expect(
      (await adminCall('POST', '/api/admin/price-list-assignments', { priceListId: list.id, companyId }))
        .statusCode,
    ).toBe(200);
    const assignedSingle = await adminCall('POST', '/api/admin/price-list-assignments', {
      priceListId: list.id,
      email: single.email.toUpperCase(),
    });
    expect(assignedSingle.statusCode, assignedSingle.body).toBe(200);

    // The most specific rule: Yamaha brake pads 25 % off; Yamaha chains 15 %; Honda: everything 10 %.
    for (const who of [member, single]) {
      expect(await partAs(part.pad.id, who)).toMatchObject({ price: 75, listPrice: 100 });
      expect(await partAs(part.chain.id, who)).toMatchObject({ price: 42.5, listPrice: 50 });
      expect(await partAs(part.honda.id, who)).toMatchObject({ price: 36, listPrice: 40 });
      // A fixed price beats every rule.
      expect(await partAs(part.fixed.id, who)).toMatchObject({ price: 5, listPrice: 20 });
    }
    for (const who of [undefined, other]) {
      const seen = await partAs(part.pad.id, who);
      expect(seen.price).toBe(100);
      expect(seen.listPrice).toBeUndefined();
    }
  });

  it('lays tier prices over lists too, and the catalogue cache keeps only retail', async () => {
    const url = `/api/parts?q=${encodeURIComponent(part.pad.partNumber)}`;
    const visitor = await get(url);
    const tiered = await get(url, member);
    expect((tiered.json() as Part[])[0]).toMatchObject({ _id: part.pad.id, price: 75, listPrice: 100 });
    expect(tiered.headers['cache-control']).toBe('private, no-cache');
    expect(tiered.headers.etag).not.toBe(visitor.headers.etag);
    // The member's answer was not stored for the URL: the visitor and another customer get retail.
    for (const who of [undefined, other]) {
      const again = await get(url, who);
      expect((again.json() as Part[])[0]!.price).toBe(100);
      expect(again.headers['cache-control']).toBe('public, no-cache');
    }
    const kept = t.app.catalogueCache.get(url);
    expect(kept && JSON.parse(kept.body.toString())[0].price).toBe(100);
    const keptPart = t.app.catalogueCache.get(`/api/parts/${part.pad.id}`);
    expect(keptPart && JSON.parse(keptPart.body.toString()).price).toBe(100);
    // Revalidating with the visitor's validator: the member gets their own prices, not a 304.
    const revalidated = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(member.token), 'if-none-match': visitor.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(200);
    const own = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(member.token), 'if-none-match': tiered.headers.etag as string },
    });
    expect(own.statusCode).toBe(304);
  });

  it('prices the cart and the order at the tier, keeping retail on the line', async () => {
    const orderId = await checkoutCart(t.app, member, [{ partId: part.pad.id, quantity: 2 }]);
    const [line] = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(line).toMatchObject({ unitPriceCents: 7_500, listPriceCents: 10_000 });

    await t.app.inject({
      method: 'PUT',
      url: `/api/cart/items/${part.chain.id}`,
      headers: bearer(single.token),
      payload: { quantity: 2 },
    });
    const cart = (await get('/api/cart', single)).json() as Cart;
    expect(cart.items[0]!.unitPrice).toBe(42.5);
    expect(cart.subtotal).toBe(85);
    await t.app.inject({
      method: 'PUT',
      url: `/api/cart/items/${part.chain.id}`,
      headers: bearer(other.token),
      payload: { quantity: 1 },
    });
    expect(((await get('/api/cart', other)).json() as Cart).items[0]!.unitPrice).toBe(50);
  });

  it('answers viewerPrices and orderPrices the same way', async () => {
    const db = t.database.db;
    const retail = [{ partId: part.honda.id, priceCents: 4_000 }];
    expect((await viewerPrices(db, null, retail)).get(part.honda.id)).toEqual({
      priceCents: 4_000,
      listPriceCents: null,
      saleEndsAt: null,
    });
    expect(
      (await viewerPrices(db, await buyerOf(db, member.userId), retail)).get(part.honda.id)?.priceCents,
    ).toBe(3_600);
    const prices = await orderPrices(db, await buyerOf(db, single.userId), [
      {
        partId: part.fixed.id,
        quantity: 1,
        name: 'x',
        partNumber: 'x',
        priceCents: 2_000,
        available: 9,
        minquantity: 1,
        brand: 'Yamaha',
        category: 'brake-pads',
      },
    ]);
    expect(prices.get(part.fixed.id)).toEqual({ unitPriceCents: 500, listPriceCents: 2_000 });
  });

  it('takes a customer back to retail when the list is unassigned', async () => {
    await adminCall('POST', '/api/admin/price-list-assignments', { priceListId: null, email: single.email });
    expect((await partAs(part.pad.id, single)).price).toBe(100);
    expect((await partAs(part.pad.id, member)).price).toBe(75);
  });

  it('re-prices at once when the list changes', async () => {
    const res = await adminCall('PUT', `/api/admin/price-lists/${list.id}`, {
      name: 'Trade',
      rules: [{ brand: null, category: null, percentOff: 50 }],
      prices: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await partAs(part.pad.id, member)).price).toBe(50);
    expect((await partAs(part.fixed.id, member)).price).toBe(10);
  });
});

describe('sale prices', () => {
  it('applies a running sale to everyone when lower, and a lower tier price still wins', async () => {
    const now = Date.now();
    const res = await adminCall('POST', '/api/admin/sales', {
      partNumber: part.chain.partNumber,
      salePrice: 30,
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json() as Sale;
    const seen = await partAs(part.chain.id);
    expect(seen).toMatchObject({ price: 30, listPrice: 50, saleEndsAt: sale.endsAt });
    expect((await partAs(part.chain.id, other)).price).toBe(30);
    // The member's tier (50 % off: $25) is lower than the sale.
    expect((await partAs(part.chain.id, member)).price).toBe(25);
    // The cache still holds retail; the sale is laid over it.
    expect(JSON.parse(t.app.catalogueCache.get(`/api/parts/${part.chain.id}`)!.body.toString()).price).toBe(
      50,
    );
    expect((await adminCall('DELETE', `/api/admin/sales/${sale.id}`)).statusCode).toBe(200);
    expect((await partAs(part.chain.id)).price).toBe(50);
  });

  it('charges a running sale on the order, by the cart and by the part page, and not one yet to start', async () => {
    const now = Date.now();
    const running = await adminCall('POST', '/api/admin/sales', {
      partNumber: part.fixed.partNumber,
      salePrice: 12,
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
    });
    const later = await adminCall('POST', '/api/admin/sales', {
      partNumber: part.pad.partNumber,
      salePrice: 60,
      startsAt: new Date(now + 3_600_000).toISOString(),
      endsAt: new Date(now + 7_200_000).toISOString(),
    });
    expect([running.statusCode, later.statusCode]).toEqual([201, 201]);
    const buyer = await signUp(t.app);
    const lineOf = async (orderId: string, partId: string) =>
      (await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId))).find(
        (l) => l.partId === partId,
      );
    const byCart = await checkoutCart(t.app, buyer, [
      { partId: part.fixed.id, quantity: 1 },
      { partId: part.pad.id, quantity: 1 },
    ]);
    expect(await lineOf(byCart, part.fixed.id)).toMatchObject({
      unitPriceCents: 1_200,
      listPriceCents: 2_000,
    });
    expect(await lineOf(byCart, part.pad.id)).toMatchObject({ unitPriceCents: 10_000, listPriceCents: null });
    const byForm = await orderPart(t.app, buyer, part.fixed.id, { quantity: 1 });
    expect(await lineOf(byForm, part.fixed.id)).toMatchObject({
      unitPriceCents: 1_200,
      listPriceCents: 2_000,
    });
    for (const sale of [running.json() as Sale, later.json() as Sale]) {
      expect((await adminCall('DELETE', `/api/admin/sales/${sale.id}`)).statusCode).toBe(200);
    }
  });

  it('starts and ends on time, whatever answers were cached before', async () => {
    const start = Date.now() + 1_200;
    const res = await adminCall('POST', '/api/admin/sales', {
      partNumber: part.honda.partNumber,
      salePrice: 10,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 1_200).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const url = `/api/parts?q=${encodeURIComponent(part.honda.partNumber)}`;
    expect((await partAs(part.honda.id)).price).toBe(40);
    expect(((await get(url)).json() as Part[])[0]!.price).toBe(40);
    await new Promise((r) => setTimeout(r, start - Date.now() + 50));
    expect((await partAs(part.honda.id)).price).toBe(10);
    expect(((await get(url)).json() as Part[])[0]!.price).toBe(10);
    await new Promise((r) => setTimeout(r, start + 1_200 - Date.now() + 50));
    expect((await partAs(part.honda.id)).price).toBe(40);
    expect(((await get(url)).json() as Part[])[0]!.price).toBe(40);
  });

  it('refuses a sale that ends before it starts, is over, is not below retail, overlaps, or names no part', async () => {
    const soon = (ms: number) => new Date(Date.now() + ms).toISOString();
    const body = { partNumber: part.pad.partNumber, salePrice: 80, startsAt: soon(0), endsAt: soon(60_000) };
    const cases: [unknown, number, string][] = [
      [{ ...body, endsAt: body.startsAt }, 400, 'endsAt'],
      [{ ...body, startsAt: soon(-120_000), endsAt: soon(-60_000) }, 400, 'endsAt'],
      [{ ...body, salePrice: 100 }, 400, 'salePrice'],
      [{ ...body, salePrice: -1 }, 400, 'salePrice'],
      [{ ...body, partNumber: 'NO-SUCH-PART' }, 400, 'partNumber'],
      [{ ...body, partNumber: 'A\u0000B' }, 400, 'partNumber'],
    ];
    for (const [payload, status, field] of cases) {
      const res = await adminCall('POST', '/api/admin/sales', payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(JSON.stringify(res.json().errors)).toContain(field);
    }
    expect((await adminCall('POST', '/api/admin/sales', body)).statusCode).toBe(201);
    const overlap = await adminCall('POST', '/api/admin/sales', {
      ...body,
      startsAt: soon(30_000),
      endsAt: soon(90_000),
    });
    expect(overlap.statusCode).toBe(409);
    await t.database.db.delete(partSales).where(eq(partSales.partId, part.pad.id));
  });
});

describe('admin refusals', () => {
  it('keeps price lists and sales to admins', async () => {
    expect((await adminCall('POST', '/api/admin/price-lists', { name: 'X' }, member)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/price-lists' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/sales', headers: bearer(other.token) }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses bad lists and assignments naming the field', async () => {
    const cases: [unknown, number, string][] = [
      [{ name: 'Trade', rules: [], prices: [] }, 409, 'name'],
      [{ name: 'Y', rules: [{ brand: null, category: null, percentOff: 101 }] }, 400, 'percentOff'],
      [{ name: 'Y', rules: [{ brand: null, category: null, percentOff: -1 }] }, 400, 'percentOff'],
      [{ name: 'Y', rules: [{ brand: 'Nobody', category: null, percentOff: 5 }] }, 400, 'brand'],
      [
        {
          name: 'Y',
          rules: [
            { brand: null, category: 'x', percentOff: 5 },
            { brand: null, category: 'x', percentOff: 6 },
          ],
        },
        400,
        'rules.1',
      ],
      [{ name: 'Y', prices: [{ partNumber: part.pad.partNumber, price: -1 }] }, 400, 'price'],
      [{ name: 'Y', prices: [{ partNumber: 'NOPE', price: 1 }] }, 400, 'partNumber'],
      [{ name: '' }, 400, 'name'],
    ];
    for (const [payload, status, field] of cases) {
      const res = await adminCall('POST', '/api/admin/price-lists', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(JSON.stringify(res.json().errors)).toContain(field);
    }
    const assign = [
      [{ priceListId: list.id }, 400],
      [{ priceListId: list.id, companyId, email: member.email }, 400],
      [{ priceListId: list.id, email: 'nobody@example.com' }, 400],
      [{ priceListId: '00000000-0000-4000-8000-000000000000', companyId }, 400],
    ] as const;
    for (const [payload, status] of assign) {
      expect((await adminCall('POST', '/api/admin/price-list-assignments', payload)).statusCode).toBe(status);
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await adminCall('PUT', `/api/admin/price-lists/${missing}`, { name: 'Z' })).statusCode).toBe(404);
    expect((await adminCall('DELETE', `/api/admin/price-lists/${missing}`)).statusCode).toBe(404);
  });

  it('sends a deleted list’s company back to retail', async () => {
    expect((await adminCall('DELETE', `/api/admin/price-lists/${list.id}`)).statusCode).toBe(200);
    expect((await partAs(part.pad.id, member)).price).toBe(100);
  });
});
