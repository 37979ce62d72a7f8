import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BRANDS, TOTAL_COUNT_HEADER } from '@pitstop/core/catalogue';
import { brandsTexts } from '@pitstop/core/brands-texts';
import {
  BRAND_FILTER_MAX,
  PartFacetsQuerySchema,
  PartListQuerySchema,
  type Part,
  type PartFacets,
} from '@pitstop/core/parts';
import { parts } from '../../db/schema.js';
import { createPart } from '../../seed/factories.js';
import { bearer, signUp } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { listParts, partFacets } from './service.js';

/**
 * Several brands at once (issue #28): `brand=Honda&brand=Yamaha` lists the parts of either, on
 * the list and its facets, through the in-memory index and through SQL alike; each brand's count
 * is counted without the brand filter (an OR facet).
 */
const t = useTestApp({ seed: true });

async function list(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/parts?limit=100&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return { names: (res.json() as Part[]).map((p) => p.name), total: Number(res.headers[TOTAL_COUNT_HEADER]) };
}

async function facets(query: string): Promise<PartFacets> {
  const res = await t.app.inject({ method: 'GET', url: `/api/parts/facets?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PartFacets;
}

/** What SQL written by hand says: the names of the parts under these conditions, in catalogue order. */
async function namesWhere(...conditions: SQL[]): Promise<string[]> {
  const rows = await t.database.db
    .select({ name: parts.name })
    .from(parts)
    .where(and(...conditions))
    .orderBy(parts.createdAt, parts.id);
  return rows.map((r) => r.name);
}

/** Counts by one column under these conditions, as the facets list them (count > 0 only). */
async function countsBy(column: 'brand' | 'category', ...conditions: SQL[]): Promise<Record<string, number>> {
  const rows = await t.database.db
    .select({ value: parts[column], count: sql<number>`count(*)::int` })
    .from(parts)
    .where(and(...conditions))
    .groupBy(parts[column]);
  return Object.fromEntries(rows.map((r) => [r.value, r.count]));
}

const asRecord = (list: { value: string; count: number }[]) =>
  Object.fromEntries(list.map((x) => [x.value, x.count]));

describe('several brands', () => {
  it('lists the parts of any brand given, as the SQL does, and keeps a lone brand= working', async () => {
    const both = await list('brand=Honda&brand=Yamaha');
    const expected = await namesWhere(inArray(parts.brand, ['Honda', 'Yamaha']));
    expect(both.names).toEqual(expected);
    expect(both.total).toBe(expected.length);

    const honda = await list('brand=Honda');
    const yamaha = await list('brand=Yamaha');
    expect(honda.total).toBeGreaterThan(0);
    expect(yamaha.total).toBeGreaterThan(0);
    expect(both.total).toBe(honda.total + yamaha.total);
    expect(honda.names).toEqual(await namesWhere(eq(parts.brand, 'Honda')));

    // The order they are given in, or a brand given twice, changes nothing.
    expect(await list('brand=Yamaha&brand=Honda')).toEqual(both);
    expect(await list('brand=Honda&brand=Yamaha&brand=Honda')).toEqual(both);
  });

  it('counts each brand without the brand filter, and the rest within the brands chosen', async () => {
    const query = 'brand=Honda&brand=Suzuki&category=brake-pads';
    const f = await facets(query);
    const inBrakePads = eq(parts.category, 'brake-pads');
    const chosen = inArray(parts.brand, ['Honda', 'Suzuki']);

    // Every brand counted within brake pads, whichever brands are ticked.
    expect(asRecord(f.brand)).toEqual(await countsBy('brand', inBrakePads));
    expect(asRecord(f.brand)).toEqual(asRecord((await facets('category=brake-pads')).brand));
    // Categories counted within the two brands (the category filter left out, as always).
    expect(asRecord(f.category)).toEqual(await countsBy('category', chosen));
    // In stock: at least the minimum order left, under every filter.
    const [stocked] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(parts)
      .where(and(chosen, inBrakePads, gte(parts.availablequantity, parts.minquantity)));
    expect(f.inStock).toBe(stocked!.n);

    // The list agrees: its total is the chosen brands' counts added up.
    const { total, names } = await list(query);
    const byBrand = asRecord(f.brand);
    expect(total).toBe((byBrand.Honda ?? 0) + (byBrand.Suzuki ?? 0));
    expect(names).toEqual(await namesWhere(chosen, inBrakePads));
  });

  it('answers the same from the catalogue index as from SQL, text, bike and stock filters included', async () => {
    const queries: Record<string, string | string[]>[] = [
      { brand: ['Honda', 'Yamaha'] },
      { brand: ['TVS', 'Bajaj', 'Hero'], sort: 'price_desc' },
      { brand: ['Yamaha', 'Suzuki'], q: 'brake pads' },
      { brand: ['Yamaha', 'Honda'], q: 'hedlight' },
      { brand: ['Honda', 'Yamaha'], year: '2019', make: 'Yamaha', model: 'YZF-R15 V3' },
      { brand: ['Honda', 'Hero'], inStock: 'true', minPrice: '10', sort: 'price_asc' },
      { brand: [...BRANDS], category: 'filters', minRating: '0' },
    ];
    for (const raw of queries) {
      const label = JSON.stringify(raw);
      const listQuery = PartListQuerySchema.parse(raw);
      const facetQuery = PartFacetsQuerySchema.parse(raw);
      const [fromIndex, fromSql] = await Promise.all([
        listParts(t.database.db, listQuery, t.app.catalogueIndex),
        listParts(t.database.db, listQuery),
      ]);
      expect(fromIndex.total, label).toBe(fromSql.total);
      expect(
        fromIndex.items.map((p) => p._id),
        label,
      ).toEqual(fromSql.items.map((p) => p._id));
      for (const part of fromIndex.items) expect(raw.brand, label).toContain(part.brand);
      const [indexFacets, sqlFacets] = await Promise.all([
        partFacets(t.database.db, facetQuery, t.app.catalogueIndex),
        partFacets(t.database.db, facetQuery),
      ]);
      expect(indexFacets, label).toEqual(sqlFacets);
    }
  });

  it('keeps each set of brands its own cached answer', async () => {
    const one = await list('brand=Hero');
    const two = await list('brand=Hero&brand=TVS');
    const again = await list('brand=Hero');
    expect(two.total).toBeGreaterThan(one.total);
    expect(again).toEqual(one);
    expect(await list('brand=Hero&brand=TVS')).toEqual(two);
  });

  it.each([
    'brand=Ducati',
    'brand=Honda&brand=Ducati',
    'brand=',
    'brand=honda',
    Array.from({ length: BRAND_FILTER_MAX + 1 }, () => 'brand=Honda').join('&'),
  ])('refuses "%s" with 400 naming brand, on the list and its facets', async (query) => {
    for (const path of ['/api/parts', '/api/parts/facets']) {
      const res = await t.app.inject({ method: 'GET', url: `${path}?${query}` });
      expect(res.statusCode, `${path}?${query}`).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json().errors).toEqual([{ field: 'brand', message: brandsTexts.unknownBrand }]);
    }
  });
});

describe('the minimum order in the cart', () => {
  it('takes the minimum a card adds, and refuses fewer with the order form’s words naming quantity', async () => {
    const part = await createPart(t.database.db, { availablequantity: 40, minquantity: 5 });
    const me = await signUp(t.app);
    const put = (quantity: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/cart/items/${part.id}`,
        headers: bearer(me.token),
        payload: { quantity },
      });

    const under = await put(4);
    expect(under.statusCode).toBe(400);
    expect(under.json().errors).toEqual([{ field: 'quantity', message: "Quantity can't be less than 5" }]);
    // Refused, not rounded up: the cart is as it was.
    const cart = await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(me.token) });
    expect(cart.json().items).toEqual([]);

    const five = await put(5);
    expect(five.statusCode).toBe(200);
    expect(five.json().items).toMatchObject([{ partId: part.id, quantity: 5, minquantity: 5 }]);
    // "Add 5 to cart" again: ten.
    expect((await put(10)).json().items).toMatchObject([{ partId: part.id, quantity: 10 }]);
  });
});
