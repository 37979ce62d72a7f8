import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTS_PAGE_DEFAULT, PARTS_PAGE_MAX, TOTAL_COUNT_HEADER } from '@pitstop/core/catalogue';
import { PartDetailSchema, type Part } from '@pitstop/core/parts';
import { PART_NUMBER_KINDS } from '@pitstop/core/part-numbers';
import { eq, inArray } from 'drizzle-orm';
import { catalogue } from '../../seed/catalogue-data.js';
import { addReviews, createPart } from '../../seed/factories.js';
import { parts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t.close();
});

async function list(query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/parts${query}` });
  return { res, body: res.json() as Part[] };
}

describe('GET /api/parts', () => {
  it('answers the first page of the demo catalogue in catalogue order, with the total', async () => {
    const { res, body } = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(res.headers[TOTAL_COUNT_HEADER])).toBe(catalogue.length);
    expect(body).toHaveLength(PARTS_PAGE_DEFAULT);
    expect(body.map((p) => p.name)).toEqual(catalogue.slice(0, PARTS_PAGE_DEFAULT).map((p) => p.name));
  });

  it('serves the home page its six parts with the spec fields, money in dollars', async () => {
    const { body } = await list('?limit=6');
    expect(body).toHaveLength(6);
    const first = body[0]!;
    const seeded = catalogue[0]!;
    expect(first).toMatchObject({
      name: seeded.name,
      seller: seeded.seller,
      price: seeded.priceCents / 100,
      img: seeded.img,
      description: seeded.description,
      // The demo catalogue has no reviews, so no part of it is rated.
      ratings: 0,
      reviewCount: 0,
      stock: seeded.stock,
      availablequantity: seeded.availablequantity,
      minquantity: seeded.minquantity,
      brand: seeded.brand,
      category: seeded.category,
      partNumber: seeded.partNumber,
      specifications: seeded.specifications,
    });
    expect(first._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.fitment).toHaveLength(seeded.fitment.length);
    expect(first).not.toHaveProperty('priceCents');
  });

  it('pages with limit and offset without overlap and reaches every part', async () => {
    const seen = new Set<string>();
    for (let offset = 0; offset < catalogue.length; offset += 25) {
      const { res, body } = await list(`?limit=25&offset=${offset}`);
      expect(res.statusCode).toBe(200);
      for (const p of body) seen.add(p._id);
    }
    expect(seen.size).toBe(catalogue.length);
    const past = await list(`?offset=${catalogue.length}`);
    expect(past.body).toEqual([]);
    expect(Number(past.res.headers[TOTAL_COUNT_HEADER])).toBe(catalogue.length);
  });

  it.each([
    ['?limit=0', 'limit'],
    [`?limit=${PARTS_PAGE_MAX + 1}`, 'limit'],
    ['?limit=abc', 'limit'],
    ['?limit=2.5', 'limit'],
    ['?offset=-1', 'offset'],
    ['?brand=Ducati', 'brand'],
  ])('refuses %s with a problem naming %s', async (query, field) => {
    const { res } = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = res.json();
    expect(problem).toMatchObject({ status: 400, title: 'Bad Request' });
    expect(problem.errors[0].field).toBe(field);
  });

  it('accepts the maximum page size', async () => {
    const { res, body } = await list(`?limit=${PARTS_PAGE_MAX}`);
    expect(res.statusCode).toBe(200);
    expect(body.length).toBe(Math.min(PARTS_PAGE_MAX, catalogue.length));
  });

  it('filters by brand, category, text and vehicle fitment', async () => {
    const hondas = await list('?brand=Honda&limit=100');
    expect(hondas.body.length).toBe(catalogue.filter((p) => p.brand === 'Honda').length);
    expect(hondas.body.every((p) => p.brand === 'Honda')).toBe(true);

    const pads = await list('?category=brake-pads&limit=100');
    expect(pads.body.length).toBe(catalogue.filter((p) => p.category === 'brake-pads').length);

    const fit = catalogue[0]!.fitment[0]!;
    const byVehicle = await list(
      `?make=${encodeURIComponent(fit.make)}&model=${encodeURIComponent(fit.model)}&year=${fit.yearFrom}&limit=100`,
    );
    expect(byVehicle.res.statusCode, byVehicle.res.body).toBe(200);
    expect(byVehicle.body.map((p) => p.name)).toContain(catalogue[0]!.name);
    expect(
      byVehicle.body.every(
        (p) => p.universal || p.fitment.some((f) => f.yearFrom <= fit.yearFrom && f.yearTo >= fit.yearFrom),
      ),
    ).toBe(true);

    const wildcard = await list('?q=%25');
    expect(wildcard.body).toEqual([]);
  });

  it('shows a new part once the cache is invalidated by a write', async () => {
    const before = await list('?limit=1');
    const total = Number(before.res.headers[TOTAL_COUNT_HEADER]);
    const row = await createPart(t.database.db, { name: 'Cache Probe Mirror' });
    t.app.catalogueCache.invalidate();
    const after = await list('?limit=1');
    expect(Number(after.res.headers[TOTAL_COUNT_HEADER])).toBe(total + 1);
    await t.database.db.delete(parts).where(eq(parts.id, row.id));
    t.app.catalogueCache.invalidate();
  });
});

describe('GET /api/parts/:id', () => {
  it('answers one part with its specifications and fitment, its other numbers and what replaces it', async () => {
    const { body } = await list('?limit=1');
    const res = await t.app.inject({ method: 'GET', url: `/api/parts/${body[0]!._id}` });
    expect(res.statusCode).toBe(200);
    // The list item's fields but why a search found it; the part's numbers and replacement instead.
    const { matchedBy: _why, ...listed } = body[0] as Part & { matchedBy: unknown };
    const { numbers, supersededBy, ...rest } = PartDetailSchema.parse(res.json());
    expect(rest).toEqual(listed);
    expect(numbers.map((n) => n.kind)).toEqual(
      [...numbers.map((n) => n.kind)].sort(
        (x, y) => PART_NUMBER_KINDS.indexOf(x) - PART_NUMBER_KINDS.indexOf(y),
      ),
    );
    expect(supersededBy === null || supersededBy._id !== listed._id).toBe(true);
  });

  it('answers 404 problem for an unknown id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/parts/6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 404, detail: 'We could not find that part.' });
  });

  it.each(['abc', '1', "1' or '1'='1", '6f1c2d3e-4b5a-4c6d-8e7f-0123456789abc', '%00'])(
    'answers 400 for the malformed id %s, never 500',
    async (id) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/parts/${encodeURIComponent(id)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, errors: [{ field: 'id' }] });
    },
  );
});

describe('ratings come from real reviews alone', () => {
  it('a part without reviews has no rating; one with reviews has their average and count', async () => {
    const unrated = await createPart(t.database.db, { name: 'Unreviewed Probe Lever' });
    const rated = await createPart(t.database.db, { name: 'Reviewed Probe Lever' });
    await addReviews(t.database.db, rated, [5, 4, 4, 2]);
    t.app.catalogueCache.invalidate();
    const one = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/parts/${id}` })).json();
    expect(await one(unrated.id)).toMatchObject({ ratings: 0, reviewCount: 0 });
    // (5 + 4 + 4 + 2) / 4 = 3.75, shown to one decimal.
    expect(await one(rated.id)).toMatchObject({ ratings: 3.8, reviewCount: 4 });
    const { body } = await list('?q=Probe+Lever');
    expect(body.map((p) => [p.name, p.ratings, p.reviewCount]).sort()).toEqual([
      ['Reviewed Probe Lever', 3.8, 4],
      ['Unreviewed Probe Lever', 0, 0],
    ]);
    await t.database.db.delete(parts).where(inArray(parts.id, [unrated.id, rated.id]));
    t.app.catalogueCache.invalidate();
  });

  it('the database refuses a rating that no review gave', async () => {
    const part = await createPart(t.database.db, { name: 'Hand Rated Probe' });
    await expect(
      t.database.db.update(parts).set({ ratings: 4.7 }).where(eq(parts.id, part.id)),
    ).rejects.toThrow();
    await expect(
      t.database.db.update(parts).set({ ratings: 0.5, reviewCount: 1 }).where(eq(parts.id, part.id)),
    ).rejects.toThrow();
    await t.database.db.delete(parts).where(eq(parts.id, part.id));
  });
});
