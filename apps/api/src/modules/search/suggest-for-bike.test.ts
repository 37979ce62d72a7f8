import { describe, expect, it, beforeAll } from 'vitest';
import { TOTAL_COUNT_HEADER } from '@pitstop/core/catalogue';
import { fitStatus, type Vehicle } from '@pitstop/core/fitment';
import { headerSearchTexts, OTHER_BIKES_TOTAL_HEADER } from '@pitstop/core/header-search';
import type { Part, PartListQuery, Suggestions } from '@pitstop/core/parts';
import type { SeedPart } from '../../seed/catalogue-data.js';
import { createPart } from '../../seed/factories.js';
import { useTestApp } from '../../test/app.js';
import { CatalogueIndex } from '../parts/catalogue-index.js';
import { countWithoutBike, suggestParts } from '../parts/service.js';

/*
 * The header's search with a bike chosen: suggested parts say whether they fit it (those that do
 * first), and a bike's search that finds nothing says how many parts the same search finds for
 * every bike. Both are cached per URL, so one bike's answer is never served for another.
 */

const MT07: Vehicle = { year: 2019, make: 'Yamaha', model: 'MT-07' };
const CB500F: Vehicle = { year: 2020, make: 'Honda', model: 'CB500F' };
/** A bike none of the wombat parts fits (only the universal lube). */
const HAYABUSA: Vehicle = { year: 2019, make: 'Suzuki', model: 'Hayabusa' };

const t = useTestApp();
/** The wombat parts as the API answers them, by name. */
const byName = new Map<string, Part>();

beforeAll(async () => {
  const made: Partial<SeedPart>[] = [
    // Oldest first: catalogue order, and the text rank's tie-break.
    {
      name: 'Wombat Rear Brake Pads',
      fitment: [{ make: 'Honda', model: 'CB500F', yearFrom: 2019, yearTo: 2022 }],
    },
    {
      name: 'Wombat Sintered Brake Pads',
      fitment: [{ make: 'Honda', model: 'CB500F', yearFrom: 2016, yearTo: 2018 }],
    },
    {
      name: 'Wombat Front Brake Pads',
      fitment: [{ make: 'Yamaha', model: 'MT-07', yearFrom: 2018, yearTo: 2021 }],
    },
    { name: 'Wombat Chain Lube', category: 'chains-sprockets', universal: true, fitment: [] },
  ];
  for (const part of made) await createPart(t.database.db, part);
  t.app.catalogueCache.invalidate();
  const res = await t.app.inject({ method: 'GET', url: '/api/parts?q=wombat&limit=100' });
  for (const part of res.json() as Part[]) byName.set(part.name, part);
  expect(byName.size).toBe(made.length);
});

const bikeParams = (v: Vehicle) =>
  `year=${v.year}&make=${encodeURIComponent(v.make)}&model=${encodeURIComponent(v.model)}`;

async function suggest(query: string): Promise<Suggestions> {
  const res = await t.app.inject({ method: 'GET', url: `/api/search/suggest?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Suggestions;
}

/** Each suggested part's fits flag against the part's own fitment rows (the badge's rule). */
function expectMarkedFor(suggestions: Suggestions, bike: Vehicle) {
  expect(suggestions.parts.length).toBeGreaterThan(0);
  for (const suggested of suggestions.parts) {
    const part = byName.get(suggested.name)!;
    expect(suggested.fits, suggested.name).toBe(fitStatus(part, bike).kind !== 'does-not-fit');
  }
  // The parts that fit come first.
  const flags = suggestions.parts.map((p) => p.fits);
  expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
}

describe('suggestions for a bike', () => {
  it('carry no fits flag without a bike (the answer is as before)', async () => {
    const { parts } = await suggest('q=wombat');
    expect(parts).toHaveLength(4);
    for (const part of parts)
      expect(Object.keys(part).sort()).toEqual(['_id', 'matchedBy', 'name', 'partNumber']);
  });

  it('say which parts fit the bike, those that do first (universal ones fit every bike)', async () => {
    const forMt07 = await suggest(`q=wombat&${bikeParams(MT07)}`);
    expectMarkedFor(forMt07, MT07);
    expect(
      forMt07.parts
        .filter((p) => p.fits)
        .map((p) => p.name)
        .sort(),
    ).toEqual(['Wombat Chain Lube', 'Wombat Front Brake Pads']);
    expect(forMt07.parts).toHaveLength(4);

    const { parts } = await suggest(`q=wombat+brak+pad&${bikeParams(HAYABUSA)}`);
    expect(parts.map((p) => p.fits)).toEqual([false, false, false]);
  });

  it('mark the same from one or two letters, where the database ranks a few hundred matches', async () => {
    const short = await suggest(`q=wo&${bikeParams(CB500F)}`);
    expectMarkedFor(short, CB500F);
    expect(
      short.parts
        .filter((p) => p.fits)
        .map((p) => p.name)
        .sort(),
    ).toEqual(['Wombat Chain Lube', 'Wombat Rear Brake Pads']);
  });

  it('are cached per bike: an answer for one bike is never served for another', async () => {
    const text = 'q=wombat+pads';
    const first = await suggest(`${text}&${bikeParams(MT07)}`);
    const other = await suggest(`${text}&${bikeParams(CB500F)}`);
    const oldBike = await suggest(`${text}&${bikeParams({ ...MT07, year: 2023 })}`);
    const again = await suggest(`${text}&${bikeParams(MT07)}`);
    const plain = await suggest(text);

    expectMarkedFor(first, MT07);
    expectMarkedFor(other, CB500F);
    expectMarkedFor(oldBike, { ...MT07, year: 2023 });
    expect(again).toEqual(first);
    expect(first.parts[0]).toMatchObject({ name: 'Wombat Front Brake Pads', fits: true });
    expect(other.parts[0]).toMatchObject({ name: 'Wombat Rear Brake Pads', fits: true });
    expect(oldBike.parts.every((p) => p.fits === false)).toBe(true);
    expect(plain.parts.every((p) => p.fits === undefined)).toBe(true);
  });

  it('agree between the catalogue index and the database', async () => {
    const index = new CatalogueIndex(t.database.db);
    for (const q of ['wombat', 'wombat brak pad', 'brake pads', 'lube']) {
      for (const bike of [MT07, CB500F, HAYABUSA]) {
        const fromIndex = await suggestParts(t.database.db, q, 6, index, bike);
        const fromSql = await suggestParts(t.database.db, q, 6, undefined, bike);
        expect(fromIndex, `${q} for ${bike.model}`).toEqual(fromSql);
      }
    }
  });

  it.each([
    ['year=2019&make=Yamaha', 'model'],
    ['make=Yamaha&model=MT-07', 'year'],
    ['year=2019', 'make'],
  ])('refuse part of a bike (%s) with a problem naming %s', async (bike, field) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/search/suggest?q=wombat&${bike}` });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = res.json() as { errors: { field: string; message: string }[] };
    expect(problem.errors).toContainEqual({ field, message: headerSearchTexts.wholeBike });
  });

  it('refuse a year out of range', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/search/suggest?q=wombat&year=1900&make=Yamaha&model=MT-07',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('year');
  });
});

describe('a bike that finds nothing', () => {
  async function list(query: string) {
    const res = await t.app.inject({ method: 'GET', url: `/api/parts?limit=100&${query}` });
    expect(res.statusCode, res.body).toBe(200);
    const others = res.headers[OTHER_BIKES_TOTAL_HEADER];
    return {
      total: Number(res.headers[TOTAL_COUNT_HEADER]),
      others: others === undefined ? undefined : Number(others),
      names: (res.json() as Part[]).map((p) => p.name),
    };
  }

  it('says how many parts the same search finds for every bike, and they are what it lists', async () => {
    const forBike = await list(`q=wombat+brak+pad&${bikeParams(HAYABUSA)}`);
    expect(forBike).toMatchObject({ total: 0, others: 3, names: [] });
    const everyBike = await list('q=wombat+brak+pad');
    expect(everyBike.total).toBe(3);
    expect(everyBike.others).toBeUndefined();
  });

  it('keeps the other filters in that count', async () => {
    expect(await list(`q=wombat&category=wheels&${bikeParams(HAYABUSA)}`)).toMatchObject({
      total: 0,
      others: 0,
    });
    expect(await list(`q=wombat+brak+pad&maxPrice=5&${bikeParams(HAYABUSA)}`)).toMatchObject({
      total: 0,
      others: 0,
    });
  });

  it('is not said when the bike finds parts, nor without a whole bike', async () => {
    const found = await list(`q=wombat+rear&${bikeParams(CB500F)}`);
    expect(found).toMatchObject({ total: 1, others: undefined });
    expect((await list('q=nothing+like+this+wombat')).others).toBeUndefined();
    expect((await list('q=wombat+rear&make=Suzuki')).others).toBeUndefined();
  });

  it('is cached per bike: a count for one bike is never served for another', async () => {
    const query = 'q=wombat+rear';
    const nothing = await list(`${query}&${bikeParams(MT07)}`);
    const found = await list(`${query}&${bikeParams(CB500F)}`);
    const nothingAgain = await list(`${query}&${bikeParams(MT07)}`);
    expect(nothing).toMatchObject({ total: 0, others: 1 });
    expect(found).toMatchObject({ total: 1, others: undefined, names: ['Wombat Rear Brake Pads'] });
    expect(nothingAgain).toEqual(nothing);
  });

  it('counts the same with the catalogue index and in SQL', async () => {
    const index = new CatalogueIndex(t.database.db);
    const queries: Partial<PartListQuery>[] = [
      { q: 'wombat brak pad', ...HAYABUSA },
      { q: 'wombat', category: 'brake-pads', ...MT07 },
      { q: 'wombat', inStock: true, ...CB500F },
      { category: 'wheels', ...MT07 },
    ];
    for (const partial of queries) {
      const query = { limit: 24, offset: 0, sort: 'price_asc', ...partial } as PartListQuery;
      const inMemory = await countWithoutBike(t.database.db, query, index);
      expect(inMemory, JSON.stringify(partial)).toBe(await countWithoutBike(t.database.db, query));
      const { year: _y, make: _m, model: _o, ...rest } = query;
      const params = new URLSearchParams(
        Object.entries(rest).flatMap(([k, v]): [string, string][] =>
          k === 'limit' || k === 'offset' ? [] : [[k, String(v)]],
        ),
      );
      expect(inMemory).toBe((await list(params.toString())).total);
    }
  });
});
