import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLowStock, PARTS_PAGE_MAX, TOTAL_COUNT_HEADER } from '@pitstop/core/catalogue';
import { fitStatus, type Vehicle } from '@pitstop/core/fitment';
import type { Part, PartFacets, Suggestions } from '@pitstop/core/parts';
import { catalogue, type SeedPart } from '../../seed/catalogue-data.js';
import { addReviews, createPart } from '../../seed/factories.js';
import { parts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
/** A part whose fitment is known exactly: Honda "Test Rig 300", 2018–2020, rear. */
let rig: { id: string; partNumber: string };
/** The review average of every reviewed part, by id; a part not here has no reviews. */
const averages = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const row = await createPart(t.database.db, {
    name: 'Rig Rear Disc Brake Pads',
    brand: 'Honda',
    category: 'brake-pads',
    partNumber: '15-9080',
    priceCents: 1234,
    availablequantity: 0,
    stock: 0,
    minquantity: 1,
    fitment: [{ make: 'Honda', model: 'Test Rig 300', yearFrom: 2018, yearTo: 2020, position: 'rear' }],
  });
  rig = { id: row.id, partNumber: row.partNumber };
  await addReviews(t.database.db, row, [2]);
  // Real reviews for some demo parts (the demo catalogue has none): every Yamaha brake pad is
  // rated 4.7, and a spread of averages elsewhere; a third of the parts stay unreviewed.
  const seededRows = await t.database.db
    .select({ id: parts.id, name: parts.name, brand: parts.brand, category: parts.category })
    .from(parts)
    .orderBy(asc(parts.createdAt));
  const spread = [[5, 4], [4, 3], [], [5], [3, 2, 2], []];
  for (const [i, part] of seededRows.entries()) {
    if (part.id === rig.id) continue;
    const stars = part.brand === 'Yamaha' && part.category === 'brake-pads' ? [5, 5, 4] : spread[i % 6]!;
    await addReviews(t.database.db, part, stars);
    if (stars.length)
      averages.set(part.id, Math.round((stars.reduce((a, b) => a + b) / stars.length) * 10) / 10);
  }
  averages.set(rig.id, 2);
  t.app.catalogueCache.invalidate();
});
afterAll(async () => {
  await t.close();
});

async function list(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/parts?limit=100&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return { parts: res.json() as Part[], total: Number(res.headers[TOTAL_COUNT_HEADER]) };
}

async function facets(query: string): Promise<PartFacets> {
  const res = await t.app.inject({ method: 'GET', url: `/api/parts/facets?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PartFacets;
}

const bikeQuery = (v: Vehicle) =>
  `year=${v.year}&make=${encodeURIComponent(v.make)}&model=${encodeURIComponent(v.model)}`;

/** The seeded parts as the oracle sees them (the rig part is added by hand where it counts). */
const seeded = (filter: (p: SeedPart) => boolean) =>
  catalogue
    .filter(filter)
    .map((p) => p.name)
    .sort();
const seedFits = (p: SeedPart, v: Vehicle) =>
  fitStatus({ universal: p.universal ?? false, fitment: p.fitment }, v).kind !== 'does-not-fit';

describe('the bike filter', () => {
  const r15: Vehicle = { year: 2019, make: 'Yamaha', model: 'YZF-R15 V3' };

  it('keeps exactly the parts that fit the bike, universal parts included', async () => {
    const { parts, total } = await list(bikeQuery(r15));
    const expected = seeded((p) => seedFits(p, r15));
    expect(expected.length).toBeGreaterThan(4);
    expect(parts.map((p) => p.name).sort()).toEqual(expected);
    expect(total).toBe(expected.length);
    expect(parts.some((p) => p.universal)).toBe(true);
  });

  it.each([
    [2018, true],
    [2020, true],
    [2017, false],
    [2021, false],
  ])('treats year ranges as inclusive at both ends (%i → %s)', async (year, fits) => {
    const { parts } = await list(bikeQuery({ year, make: 'Honda', model: 'Test Rig 300' }));
    expect(parts.some((p) => p._id === rig.id)).toBe(fits);
    // Universal parts fit every bike, known or not.
    expect(parts.filter((p) => !p.universal).map((p) => p._id)).toEqual(fits ? [rig.id] : []);
  });

  it('answers fits and fitment for one part', async () => {
    const yes = await t.app.inject({
      url: `/api/parts/${rig.id}/fits?year=2018&make=Honda&model=Test%20Rig%20300`,
    });
    expect(yes.json()).toEqual({ fits: true, universal: false, positions: ['rear'] });
    const no = await t.app.inject({
      url: `/api/parts/${rig.id}/fits?year=2021&make=Honda&model=Test%20Rig%20300`,
    });
    expect(no.json()).toEqual({ fits: false, universal: false, positions: [] });
    const universal = catalogue.find((p) => p.universal)!;
    const { parts } = await list(`q=${encodeURIComponent(universal.name)}`);
    const id = parts.find((p) => p.name === universal.name)!._id;
    const any = await t.app.inject({ url: `/api/parts/${id}/fits?${bikeQuery(r15)}` });
    expect(any.json()).toMatchObject({ fits: true, universal: true });

    const rows = await t.app.inject({ url: `/api/parts/${rig.id}/fitment` });
    expect(rows.json()).toEqual([
      {
        make: 'Honda',
        model: 'Test Rig 300',
        yearFrom: 2018,
        yearTo: 2020,
        position: 'rear',
        quantity: 1,
        note: null,
      },
    ]);
    const missing = await t.app.inject({ url: '/api/parts/6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab/fitment' });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ url: `/api/parts/${rig.id}/fits?year=soon&make=Honda&model=X` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('year');
  });
});

describe('text search', () => {
  it('finds brake pads from a half-typed "brak pad"', async () => {
    const { parts, total } = await list('q=brak%20pad');
    expect(total).toBeGreaterThan(3);
    expect(parts.every((p) => p.category === 'brake-pads')).toBe(true);
  });

  it('forgives a typo by trigram similarity when nothing matches exactly', async () => {
    const { parts } = await list('q=hedlight');
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.every((p) => /headlight/i.test(p.name))).toBe(true);
  });

  it.each(['15-9080', '159080', '15 9080', '15-90'])('finds the part number from %s', async (q) => {
    const { parts } = await list(`q=${encodeURIComponent(q)}`);
    expect(parts[0]?._id).toBe(rig.id);
  });

  it('ranks a part named exactly as typed first', async () => {
    const target = catalogue.find((p) => p.category === 'brake-pads' && p.brand === 'Suzuki')!;
    const { parts } = await list(`q=${encodeURIComponent(target.name.toLowerCase())}`);
    expect(parts[0]?.name).toBe(target.name);
  });

  it('weighs the name above the description', async () => {
    const named = await createPart(t.database.db, { name: 'Zorbex Lever', description: 'A lever.' });
    const described = await createPart(t.database.db, {
      name: 'Plain Lever',
      description: 'Works like the zorbex one.',
    });
    t.app.catalogueCache.invalidate();
    const { parts } = await list('q=zorbex');
    expect(parts.map((p) => p._id)).toEqual([named.id, described.id]);
  });

  it('treats search syntax as plain text', async () => {
    for (const q of ['%', "pad' | !", '(brake & ', ':*', '\\']) {
      const res = await t.app.inject({ url: `/api/parts?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, q).toBe(200);
    }
  });
});

describe('filters, sorting and facets', () => {
  it('filters by price range, stock and rating, alone and together', async () => {
    const cheap = await list('maxPrice=20');
    expect(cheap.parts.every((p) => p.price <= 20)).toBe(true);
    expect(cheap.total).toBe(cheap.parts.length);
    const band = await list('minPrice=20&maxPrice=60');
    expect(band.parts.length).toBeGreaterThan(0);
    expect(band.parts.every((p) => p.price >= 20 && p.price <= 60)).toBe(true);
    const inStock = await list('inStock=true');
    expect(inStock.parts.some((p) => p._id === rig.id)).toBe(false);
    expect(inStock.parts.every((p) => p.availablequantity >= p.minquantity)).toBe(true);
    // Low on stock, the admin's view: exactly the parts isLowStock names, counted on the server.
    const everything = await list('');
    const low = await list('stock=low');
    expect(everything.total).toBeLessThanOrEqual(PARTS_PAGE_MAX);
    expect(low.total).toBeGreaterThan(0);
    expect(low.parts.map((p) => p._id).sort()).toEqual(
      everything.parts
        .filter(isLowStock)
        .map((p) => p._id)
        .sort(),
    );
    // The rating filter reads the review average: exactly the parts reviewed that well.
    for (const min of [4.5, 3, 1]) {
      const rated = await list(`minRating=${min}`);
      const expected = [...averages].filter(([, avg]) => avg >= min).map(([id]) => id);
      expect(rated.parts.map((p) => p._id).sort()).toEqual(expected.sort());
      expect(rated.parts.every((p) => p.reviewCount > 0 && p.ratings >= min)).toBe(true);
    }
    const all = await list('brand=Yamaha&category=brake-pads&minPrice=5&inStock=true&minRating=4&q=pad');
    expect(all.parts.length).toBeGreaterThan(0);
    for (const p of all.parts) {
      expect(p).toMatchObject({ brand: 'Yamaha', category: 'brake-pads' });
      expect(p.price).toBeGreaterThanOrEqual(5);
      expect(p.ratings).toBeGreaterThanOrEqual(4);
    }
  });

  it('answers each part with its review average and count, and no rating without reviews', async () => {
    const { parts: page } = await list('');
    expect(page.some((p) => p.reviewCount === 0)).toBe(true);
    for (const p of page) {
      expect(p.ratings).toBe(averages.get(p._id) ?? 0);
      expect(p.reviewCount > 0).toBe(averages.has(p._id));
    }
  });

  it('sorts by price both ways, rating and newest', async () => {
    const asc = (await list('sort=price_asc')).parts.map((p) => p.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await list('sort=price_desc')).parts.map((p) => p.price);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    // Best reviewed first; parts without reviews last, after every rated one.
    const byRating = (await list('sort=rating')).parts;
    const rating = byRating.map((p) => p.ratings);
    expect(rating).toEqual([...rating].sort((a, b) => b - a));
    const firstUnrated = byRating.findIndex((p) => p.reviewCount === 0);
    expect(firstUnrated).toBeGreaterThan(0);
    expect(byRating.slice(firstUnrated).every((p) => p.reviewCount === 0)).toBe(true);
    const newest = (await list('sort=newest')).parts.map((p) => p.createdAt);
    expect(newest).toEqual([...newest].sort().reverse());
  });

  it('pages a sorted search without overlap', async () => {
    const whole = await list('sort=price_asc&category=brake-pads');
    const paged: string[] = [];
    for (let offset = 0; offset < whole.total; offset += 3) {
      const res = await t.app.inject({
        url: `/api/parts?sort=price_asc&category=brake-pads&limit=3&offset=${offset}`,
      });
      paged.push(...(res.json() as Part[]).map((p) => p._id));
    }
    expect(paged).toEqual(whole.parts.map((p) => p._id));
  });

  it.each([
    '',
    'q=pads',
    'brand=Honda',
    'category=mirrors',
    'brand=Yamaha&category=brake-pads',
    'year=2019&make=Yamaha&model=YZF-R15%20V3',
    'year=2019&make=Yamaha&model=YZF-R15%20V3&category=brake-pads&inStock=true',
    'minPrice=10&maxPrice=80&minRating=4',
    'q=brak&brand=Suzuki&inStock=true',
  ])('counts facets that agree with X-Total-Count under "%s"', async (query) => {
    const { total } = await list(query);
    const f = await facets(query);
    const params = new URLSearchParams(query);
    const brandCount = (b: string) => f.brand.find((x) => x.value === b)?.count ?? 0;
    const categoryCount = (c: string) => f.category.find((x) => x.value === c)?.count ?? 0;
    if (params.get('brand')) expect(brandCount(params.get('brand')!)).toBe(total);
    else expect(f.brand.reduce((n, x) => n + x.count, 0)).toBe(total);
    if (params.get('category')) expect(categoryCount(params.get('category')!)).toBe(total);
    else expect(f.category.reduce((n, x) => n + x.count, 0)).toBe(total);
    // Each brand's count is what choosing it would show.
    for (const { value, count } of f.brand.slice(0, 2)) {
      params.set('brand', value);
      expect((await list(params.toString())).total).toBe(count);
    }
  });

  it('reports the in-stock count and a price range that ignores the price filter', async () => {
    const { parts } = await list('category=brake-pads');
    const f = await facets('category=brake-pads&maxPrice=1');
    expect(f.price.min).toBe(Math.min(...parts.map((p) => p.price)));
    expect(f.price.max).toBe(Math.max(...parts.map((p) => p.price)));
    const all = await facets('category=brake-pads');
    expect(all.inStock).toBe(parts.filter((p) => p.availablequantity >= p.minquantity).length);
    expect(all.didYouMean).toBeNull();
  });

  it('offers the closest part name when the text found nothing', async () => {
    const f = await facets('q=gixer%20brkae%20padz');
    expect((await list('q=gixer%20brkae%20padz')).total).toBe(0);
    expect(f.didYouMean).toMatch(/gixxer/i);
    // The suggestion itself finds parts.
    expect((await list(`q=${encodeURIComponent(f.didYouMean!)}`)).total).toBeGreaterThan(0);
    expect(f.brand).toEqual([]);
  });

  it('refuses bad filter values with the field named', async () => {
    for (const [query, field] of [
      ['sort=cheapest', 'sort'],
      ['minPrice=-1', 'minPrice'],
      ['inStock=yes', 'inStock'],
      ['minRating=6', 'minRating'],
      ['stock=high', 'stock'],
    ]) {
      const res = await t.app.inject({ url: `/api/parts?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].field).toBe(field);
      const facetsRes = await t.app.inject({ url: `/api/parts/facets?${query}` });
      expect(facetsRes.statusCode, query).toBe(field === 'sort' ? 200 : 400);
    }
  });
});

describe('vehicles and suggestions', () => {
  it('lists years, makes and models that have parts', async () => {
    const years = (await t.app.inject({ url: '/api/vehicles/years' })).json() as number[];
    expect(years).toContain(2019);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    const makes = (await t.app.inject({ url: '/api/vehicles/makes?year=2019' })).json() as string[];
    expect(makes).toContain('Yamaha');
    const models = (await t.app.inject({ url: '/api/vehicles/models?year=2019&make=Yamaha' })).json() as {
      model: string;
    }[];
    const names = models.map((m) => m.model);
    expect(names).toContain('YZF-R15 V3');
    // Every listed model has at least one part that fits it (universal parts aside).
    for (const model of names) {
      const bike = { year: 2019, make: 'Yamaha', model };
      expect(
        catalogue.some((p) => p.fitment.length && seedFits({ ...p, universal: false }, bike)),
        model,
      ).toBe(true);
    }
    // A model year the catalogue has nothing for is not offered.
    const v4 = (await t.app.inject({ url: '/api/vehicles/models?year=2019&make=Yamaha' })).json() as {
      model: string;
    }[];
    expect(v4.map((m) => m.model)).not.toContain('YZF-R15 V4');
    const bad = await t.app.inject({ url: '/api/vehicles/models?year=2019' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('make');
  });

  it('suggests parts and bikes as a visitor types', async () => {
    const res = await t.app.inject({ url: '/api/search/suggest?q=brak' });
    const body = res.json() as Suggestions;
    expect(body.parts.length).toBeGreaterThan(0);
    expect(body.parts.every((p) => /brake/i.test(p.name))).toBe(true);
    const bikes = (await t.app.inject({ url: '/api/search/suggest?q=2019%20r15' })).json() as Suggestions;
    expect(bikes.vehicles).toContainEqual({ year: 2019, make: 'Yamaha', model: 'YZF-R15 V3' });
    const byNumber = (await t.app.inject({ url: '/api/search/suggest?q=159080' })).json() as Suggestions;
    expect(byNumber.parts[0]).toEqual({
      _id: rig.id,
      name: 'Rig Rear Disc Brake Pads',
      partNumber: rig.partNumber,
      // Found by its own number: no other number to name.
      matchedBy: null,
    });
    const empty = await t.app.inject({ url: '/api/search/suggest?q=' });
    expect(empty.statusCode).toBe(400);
  });
});
