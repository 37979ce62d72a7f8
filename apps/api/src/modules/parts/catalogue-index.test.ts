import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BRANDS, CATEGORIES } from '@pitstop/core/catalogue';
import {
  PART_SORTS,
  PartFacetsQuerySchema,
  PartListQuerySchema,
  type PartFacetsQuery,
  type PartListQuery,
} from '@pitstop/core/parts';
import { addReviews, insertParts, buildPart } from '../../seed/factories.js';
import { partFitments, partNumbers, parts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { CatalogueIndex } from './catalogue-index.js';
import { suggestVehicles, suggestVehiclesFrom } from '../vehicles/service.js';
import { listParts, partFacets, suggestParts } from './service.js';

/**
 * The in-memory index must answer exactly what the SQL it replaces answers: every page, total
 * and facet count, for every kind of filter, sort and text, and again after stock and catalogue
 * changes. The SQL path (no index) is the reference.
 */
let t: TestApp;
let index: CatalogueIndex;

const BIKES = [
  { make: 'Yamaha', model: 'YZF-R15 V3', years: [2017, 2024] },
  { make: 'Honda', model: 'CB350 Index Rig', years: [2019, 2023] },
  { make: 'TVS', model: 'Apache Index Rig', years: [2015, 2022] },
] as const;
const NAMES = ['Brake Pads', 'Chain Kit', 'Oil Filter', 'Headlight Assembly', 'Mirror Set', 'Clutch Plates'];

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  index = t.app.catalogueIndex;
  const next = random(20);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  // 240 parts beside the demo's, with prices that tie, stock on both sides of the minimum,
  // universal parts and fitments over three bikes' year ranges.
  const generated = Array.from({ length: 240 }, (_, i) => {
    const bike = pick(BIKES);
    const from = bike.years[0] + Math.floor(next() * 4);
    const minquantity = 1 + Math.floor(next() * 3);
    return buildPart({
      name: `${pick(['Front', 'Rear', 'Sport', 'Touring'])} ${pick(NAMES)} ${i}`,
      brand: pick(BRANDS),
      category: pick(CATEGORIES),
      partNumber: `IX-${1000 + i}`,
      priceCents: 500 + Math.floor(next() * 40) * 250,
      availablequantity: Math.floor(next() * 6),
      stock: 10,
      minquantity,
      universal: next() < 0.1,
      fitment: [
        { make: bike.make, model: bike.model, yearFrom: from, yearTo: from + Math.floor(next() * 3) },
      ],
    });
  });
  const rows = await insertParts(t.database.db, generated);
  for (const [i, row] of rows.entries()) {
    if (i % 3 === 0) await addReviews(t.database.db, row, [1 + (i % 5), 1 + ((i * 7) % 5)]);
  }
  t.app.catalogueCache.invalidate();
});
afterAll(async () => {
  await t.close();
});

const TEXTS = [
  undefined,
  'brake pads',
  'brak',
  'chain kit',
  'IX-1010',
  'ix 1010',
  'hedlight',
  'zzzqqq',
  'front',
];

function queries(count: number, seed: number): Record<string, string>[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: count }, () => {
    const query: Record<string, string> = {};
    const text = pick(TEXTS);
    if (text) query.q = text;
    if (next() < 0.6) {
      const bike = pick(BIKES);
      query.make = bike.make;
      query.model = bike.model;
      // Years on and just outside the fitment ranges, so both inclusive ends are crossed.
      query.year = String(bike.years[0] - 1 + Math.floor(next() * (bike.years[1] - bike.years[0] + 6)));
    }
    if (next() < 0.3) query.brand = pick(BRANDS);
    if (next() < 0.3) query.category = pick(CATEGORIES);
    if (next() < 0.3) query.minPrice = String(5 + Math.floor(next() * 40));
    if (next() < 0.3) query.maxPrice = String(20 + Math.floor(next() * 80));
    if (next() < 0.3) query.inStock = 'true';
    if (next() < 0.2) query.minRating = String(1 + Math.floor(next() * 4));
    if (next() < 0.1) query.stock = 'low';
    query.sort = pick(PART_SORTS);
    query.limit = String(pick([5, 24, 100]));
    query.offset = String(pick([0, 0, 3, 20]));
    return query;
  });
}

async function expectSameAnswers(raw: Record<string, string>) {
  const listQuery: PartListQuery = PartListQuerySchema.parse(raw);
  const facetQuery: PartFacetsQuery = PartFacetsQuerySchema.parse(raw);
  const [fromIndex, fromSql] = await Promise.all([
    listParts(t.database.db, listQuery, index),
    listParts(t.database.db, listQuery),
  ]);
  const label = JSON.stringify(raw);
  expect(fromIndex.total, label).toBe(fromSql.total);
  expect(
    fromIndex.items.map((p) => p.partNumber),
    label,
  ).toEqual(fromSql.items.map((p) => p.partNumber));
  expect(fromIndex.items, label).toEqual(fromSql.items);
  const [facetsIndex, facetsSql] = await Promise.all([
    partFacets(t.database.db, facetQuery, index),
    partFacets(t.database.db, facetQuery),
  ]);
  expect(facetsIndex, label).toEqual(facetsSql);
  return fromSql.total;
}

describe('catalogue index', () => {
  it('answers every filter, sort, text and page as the SQL does', async () => {
    let nonEmpty = 0;
    for (const query of queries(250, 7)) {
      if ((await expectSameAnswers(query)) > 0) nonEmpty++;
    }
    // The comparison means something only if most queries find parts.
    expect(nonEmpty).toBeGreaterThan(150);
  });

  it('follows stock changes announced for parts, here and from other processes', async () => {
    const query = { inStock: 'true', q: 'brake pads', sort: 'price_asc', limit: '100' };
    const before = await listParts(t.database.db, PartListQuerySchema.parse(query), index);
    expect(before.total).toBeGreaterThan(2);
    const [first, second] = before.items;
    // An order takes the first part's last units: announced as this process's order would be.
    await t.database.db.update(parts).set({ availablequantity: 0 }).where(eq(parts.id, first!._id));
    await t.app.catalogueCache.invalidateStock([first!._id]);
    // Another process took the second one's: its announcement arrives through the bus.
    await t.database.db.update(parts).set({ availablequantity: 0 }).where(eq(parts.id, second!._id));
    t.app.catalogueCache.invalidateTagsLocal([`part:${second!._id}`, 'stock']);
    const after = await listParts(t.database.db, PartListQuerySchema.parse(query), index);
    expect(after.total).toBe(before.total - 2);
    expect(after.items.map((p) => p._id)).not.toContain(first!._id);
    expect(after.items.map((p) => p._id)).not.toContain(second!._id);
    await expectSameAnswers(query);
    await expectSameAnswers({ q: 'brake pads' });
  });

  it('follows rating changes announced for parts', async () => {
    const query = { minRating: '4', sort: 'rating', limit: '100' };
    await expectSameAnswers(query);
    const unrated = await listParts(
      t.database.db,
      PartListQuerySchema.parse({ q: 'touring', limit: '100' }),
      index,
    );
    const part = unrated.items.find((p) => p.reviewCount === 0)!;
    await addReviews(t.database.db, { id: part._id, name: part.name }, [5, 5, 5, 5, 5, 5, 5, 5, 5]);
    await t.app.catalogueCache.invalidateTags([`part:${part._id}`, 'rating']);
    const after = await listParts(t.database.db, PartListQuerySchema.parse(query), index);
    // Nine fives: first in the rating sort, and now inside the minimum-rating filter.
    expect(after.items[0]!._id).toBe(part._id);
    await expectSameAnswers(query);
  });

  it('re-reads only the parts an admin edited, and answers as the SQL does after the edit', async () => {
    const loads = vi.spyOn(index as unknown as { load: () => Promise<unknown> }, 'load');
    const warm: Record<string, string>[] = [
      { q: 'clutch plates' },
      { q: 'mirror', sort: 'price_asc' },
      { brand: BRANDS[0] },
    ];
    for (const query of warm) await expectSameAnswers(query);
    const bike = BIKES[1];
    const [edited, other] = (
      await listParts(t.database.db, PartListQuerySchema.parse({ q: 'mirror set', limit: '100' }), index)
    ).items.filter((p) => !p.universal);
    // Everything the index keeps about a part changes: name (so what texts match), price (so the
    // sorts), brand, category, the universal flag, and for the other part a bike it now fits.
    const brand = BRANDS.find((b) => b !== edited!.brand)!;
    await t.database.db
      .update(parts)
      .set({
        name: 'Quasar Handlebar Grips',
        priceCents: 123_456,
        brand,
        category: CATEGORIES.find((c) => c !== edited!.category)!,
        universal: true,
      })
      .where(eq(parts.id, edited!._id));
    await t.database.db
      .insert(partFitments)
      .values({ partId: other!._id, make: bike.make, model: bike.model, yearFrom: 1990, yearTo: 1991 });
    await t.app.catalogueCache.invalidateEdited([edited!._id]);
    // The other part's edit arrives from another process, through the bus.
    t.app.catalogueCache.invalidateTagsLocal(['edit', `part:${other!._id}`]);

    const found = await listParts(t.database.db, PartListQuerySchema.parse({ q: 'quasar' }), index);
    expect(found.items.map((p) => p._id)).toEqual([edited!._id]);
    const oldBike: Record<string, string> = {
      make: bike.make,
      model: bike.model,
      year: '1990',
      limit: '100',
    };
    const fits = await listParts(t.database.db, PartListQuerySchema.parse(oldBike), index);
    expect(fits.items.map((p) => p._id)).toContain(other!._id);
    for (const query of [
      ...warm,
      { q: 'quasar' },
      { brand },
      { brand, q: 'quasar' },
      { sort: 'price_desc', limit: '3' },
      oldBike,
      { ...oldBike, q: 'mirror' },
      ...queries(60, 11),
    ]) {
      await expectSameAnswers(query);
    }
    // Neither edit made the index read the whole catalogue again.
    expect(loads).not.toHaveBeenCalled();
    loads.mockRestore();
  });

  it('reads the catalogue again after any other change', async () => {
    const query = { q: 'chain kit', sort: 'price_desc', limit: '5' };
    const before = await listParts(t.database.db, PartListQuerySchema.parse(query), index);
    const last = before.items.at(-1)!;
    // An admin edit: the cheapest of the five becomes the dearest part in the catalogue.
    await t.database.db
      .update(parts)
      .set({ priceCents: sql`${parts.priceCents} + 1000000` })
      .where(eq(parts.id, last._id));
    t.app.catalogueCache.invalidate();
    const after = await listParts(t.database.db, PartListQuerySchema.parse(query), index);
    expect(after.items[0]!._id).toBe(last._id);
    await expectSameAnswers(query);
    // A part added by another process (its invalidation comes through the bus).
    await insertParts(t.database.db, [
      buildPart({ name: 'Chain Kit Index Newcomer', partNumber: 'IX-NEW-1' }),
    ]);
    t.app.catalogueCache.invalidateLocal();
    const found = await listParts(t.database.db, PartListQuerySchema.parse({ q: 'newcomer' }), index);
    expect(found.items.map((p) => p.partNumber)).toEqual(['IX-NEW-1']);
  });

  it('does not keep a catalogue read that a change overtook', async () => {
    const fresh = new CatalogueIndex(t.database.db).follow(t.app.catalogueCache);
    const query = PartListQuerySchema.parse({ q: 'overtaken' });
    const reading = fresh.page(query);
    await insertParts(t.database.db, [buildPart({ name: 'Overtaken Mirror', partNumber: 'IX-OVER-1' })]);
    t.app.catalogueCache.invalidate();
    await reading;
    const { total } = await fresh.page(query);
    expect(total).toBe(1);
  });

  it('suggests the best-ranked parts for a text, as the search page ranks them', async () => {
    for (const q of ['brake pads', 'IX-1010', 'hedlight', 'chain']) {
      const suggested = await suggestParts(t.database.db, q, 6, index);
      const page = await listParts(t.database.db, PartListQuerySchema.parse({ q, limit: '6' }));
      expect(
        suggested.map((p) => p._id),
        q,
      ).toEqual(page.items.map((p) => p._id));
    }
  });

  it('adds and removes parts in place, here and from other processes, and answers as the SQL does', async () => {
    const [bike, otherBike] = BIKES;
    const onBike = { make: bike.make, model: bike.model, year: String(bike.years[0] + 2) };
    // What the index works out before the change: texts, bikes, sorts and candidate sets.
    const warm: Record<string, string>[] = [
      { q: 'brake pads' },
      { q: 'brake pads', ...onBike, sort: 'price_asc' },
      { q: 'hedlight' },
      { q: 'mirror', sort: 'newest' },
      { ...onBike, sort: 'rating' },
      { sort: 'price_desc', limit: '5' },
      { brand: BRANDS[1] },
    ];
    for (const query of warm) await expectSameAnswers(query);
    await index.bestForText('brake pads', 6);
    const loads = vi.spyOn(index as unknown as { load: () => Promise<unknown> }, 'load');

    const [exact, universal, typo] = await insertParts(t.database.db, [
      // Named exactly as searched: first in the relevance sort; fits the warmed bike.
      buildPart({
        name: 'Brake Pads',
        brand: BRANDS[1],
        partNumber: 'IX-ADD-1',
        priceCents: 500,
        fitment: [{ make: bike.make, model: bike.model, yearFrom: bike.years[0], yearTo: bike.years[1] }],
      }),
      buildPart({
        name: 'Touring Mirror Set Added',
        partNumber: 'IX-ADD-2',
        universal: true,
        priceCents: 999_999,
      }),
      // "hedlight" matched by typo only; this part matches it exactly, so the text is asked again.
      buildPart({
        name: 'Hedlight Guard',
        partNumber: 'IX-ADD-3',
        fitment: [{ make: otherBike.make, model: otherBike.model, yearFrom: 2010, yearTo: 2030 }],
      }),
    ]);
    const removed = (
      await listParts(
        t.database.db,
        PartListQuerySchema.parse({ q: 'brake pads', ...onBike, limit: '100' }),
        index,
      )
    ).items.filter((p) => p.reviewCount === 0 && !p.universal)[0]!;
    await t.database.db.delete(parts).where(eq(parts.id, removed._id));
    await t.app.catalogueCache.invalidateMembership([exact!.id, universal!.id, removed._id]);
    // The third arrives from another process, through the bus.
    t.app.catalogueCache.invalidateTagsLocal(['edit', 'membership', `part:${typo!.id}`]);

    const found = await listParts(
      t.database.db,
      PartListQuerySchema.parse({ q: 'brake pads', ...onBike }),
      index,
    );
    expect(found.items[0]!._id).toBe(exact!.id);
    expect(found.items.map((p) => p._id)).not.toContain(removed._id);
    expect((await index.bestForText('brake pads', 6))[0]).toBe(exact!.id);
    expect(
      (await listParts(t.database.db, PartListQuerySchema.parse({ q: 'hedlight' }), index)).items.map(
        (p) => p._id,
      ),
    ).toContain(typo!.id);
    for (const query of [
      ...warm,
      { q: 'brake pads', ...onBike, inStock: 'true' },
      { make: otherBike.make, model: otherBike.model, year: '2028' },
      { q: 'added' },
      { sort: 'newest', limit: '3' },
      ...queries(60, 17),
    ]) {
      await expectSameAnswers(query);
    }
    // Neither the adds nor the delete made the index read the whole catalogue again.
    expect(loads).not.toHaveBeenCalled();
    loads.mockRestore();
  });

  it('forgets only the texts that are numbers when a part that replaces numbers is added or deleted', async () => {
    const [old] = await insertParts(t.database.db, [
      buildPart({ name: 'Old Lever', partNumber: 'IX-OLD-7731' }),
    ]);
    await t.app.catalogueCache.invalidateMembership([old!.id]);
    const query = (q: string) => listParts(t.database.db, PartListQuerySchema.parse({ q }), index);
    // Both texts worked out before the change.
    expect((await query('IX-OLD-7731')).items[0]!._id).toBe(old!.id);
    await query('brake pads');
    const reads = vi.spyOn(index as unknown as { readText: (...a: unknown[]) => unknown }, 'readText');

    const [newer] = await insertParts(t.database.db, [
      buildPart({ name: 'New Lever', partNumber: 'IX-NEW-7732' }),
    ]);
    await t.database.db
      .insert(partNumbers)
      .values({ partId: newer!.id, kind: 'supersedes', number: 'IX-OLD-7731' });
    await t.app.catalogueCache.invalidateMembership([newer!.id], { numbers: true });
    // The old number now finds its replacement first; the words were not asked again.
    const found = await query('ix old 7731');
    expect(found.items[0]!._id).toBe(newer!.id);
    expect(found.items[0]!.matchedBy).toEqual({ kind: 'supersedes', brand: null, number: 'IX-OLD-7731' });
    await query('brake pads');
    expect(reads.mock.calls.map((call) => call[1])).toEqual(['ix old 7731']);

    // Deleted again: the number finds the old part alone; the words are still kept.
    reads.mockClear();
    await t.database.db.delete(parts).where(eq(parts.id, newer!.id));
    await t.app.catalogueCache.invalidateMembership([newer!.id], { numbers: true });
    expect((await query('ix old 7731')).items.map((p) => p._id)).toEqual([old!.id]);
    await query('brake pads');
    expect(reads.mock.calls.map((call) => call[1])).toEqual(['ix old 7731']);
    reads.mockRestore();
  });

  it('suggests the same bikes from memory as from the vehicle table', async () => {
    const bikes = await index.bikesWithParts();
    expect(bikes.length).toBeGreaterThan(10);
    for (const q of [
      'r15',
      'yamaha',
      'yamaha 2019',
      'cb350',
      'apache 2016',
      'honda cb',
      'pulsar ns',
      'zzz',
      '2019',
    ]) {
      const fromSql = await suggestVehicles(t.database.db, q);
      expect(suggestVehiclesFrom(bikes, q), q).toEqual(fromSql);
      if (q !== 'zzz' && q !== '2019') expect(fromSql.length, q).toBeGreaterThan(0);
    }
  });
});
