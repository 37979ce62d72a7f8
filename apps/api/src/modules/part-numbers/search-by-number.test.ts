import { beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER } from '@pitstop/core/catalogue';
import type { PartNumberEntry } from '@pitstop/core/part-numbers';
import type { PartFacets, PartListItem, Suggestions } from '@pitstop/core/parts';
import { bearer, signUpAdmin, type Customer } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { createPartAs, editPartAs } from '../../test/catalogue.js';
import { listParts, suggestParts } from '../parts/service.js';

/*
 * The catalogue's search and the search box's suggestions by a part's other numbers: typed with
 * or without dashes, spaces, dots and case, an OEM or interchange number finds its parts first,
 * a replaced number finds the end of its chain of replacements first, and each says why
 * (matchedBy, the number as stored). Through the in-memory catalogue index (a whole bike or
 * none) and through SQL (a make alone), which must agree; and after edits that change numbers.
 */

const t = useTestApp({ seed: true });
let admin: Customer;
const ids: Record<string, string> = {};

const oem = (brand: string, number: string): PartNumberEntry => ({ kind: 'oem', brand, number });
const interchange = (brand: string, number: string): PartNumberEntry => ({
  kind: 'interchange',
  brand,
  number,
});
const replaces = (number: string): PartNumberEntry => ({ kind: 'supersedes', brand: null, number });

const BIKE = { make: 'Honda', model: 'CB Shine' };

async function create(key: string, body: Record<string, unknown>): Promise<string> {
  ids[key] = await createPartAs(t.app, admin.token, body);
  return ids[key];
}

const edit = (key: string, body: Record<string, unknown>) => editPartAs(t.app, admin.token, ids[key]!, body);

async function search(query: string): Promise<{ items: PartListItem[]; total: number }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/parts?limit=100&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return { items: res.json() as PartListItem[], total: Number(res.headers[TOTAL_COUNT_HEADER]) };
}

async function suggest(q: string): Promise<Suggestions['parts']> {
  const res = await t.app.inject({ method: 'GET', url: `/api/search/suggest?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Suggestions).parts;
}

const q = (text: string) => `q=${encodeURIComponent(text)}`;

beforeAll(async () => {
  admin = await signUpAdmin(t, { name: 'Numa Admin' });
  await create('headlight', {
    name: 'Trail LED Headlight',
    partNumber: 'TL-HL-77',
    category: 'headlights',
    numbers: [oem('Yamaha', 'B6H-H4310-10'), interchange('Koso', 'HL-5521')],
  });
  // One interchange number, two parts (two brands' pads both sold as EBC FA-174).
  await create('padsA', {
    name: 'Sintered Pads Alpha',
    partNumber: 'SPA-1',
    category: 'brake-pads',
    numbers: [interchange('EBC', 'FA-174')],
  });
  await create('padsB', {
    name: 'Organic Pads Beta',
    partNumber: 'OPB-2',
    category: 'brake-pads',
    numbers: [interchange('EBC', 'fa174'), oem('Honda', '06455-KPP-901')],
  });
  // A → B → C: B replaces A, C replaces B.
  await create('leverA', { name: 'Clutch Lever Mk1', partNumber: '9ZQ-51920-00' });
  await create('leverB', {
    name: 'Clutch Lever Mk2',
    partNumber: '9ZQ-51920-01',
    numbers: [replaces('9ZQ.51920.00')],
  });
  await create('leverC', {
    name: 'Clutch Lever Mk3',
    partNumber: '9ZQ-51920-02',
    numbers: [replaces('9zq 51920 01')],
  });
});

describe('search by an OEM number', () => {
  it.each(['B6H-H4310-10', 'b6h h4310 10', 'B6H.H4310.10', 'b6hh431010', ' B6H H4310-10 '])(
    'finds the part first for %j and says which number found it',
    async (text) => {
      const { items } = await search(q(text));
      expect(items[0]?._id).toBe(ids.headlight);
      expect(items[0]?.matchedBy).toEqual({ kind: 'oem', brand: 'Yamaha', number: 'B6H-H4310-10' });
    },
  );

  it('finds it by the number’s beginning too', async () => {
    const { items } = await search(q('b6h-h43'));
    expect(items.map((p) => p._id)).toContain(ids.headlight);
  });

  it('a part found by its own number carries no reason; one found by name neither', async () => {
    const own = await search(q('TL HL 77'));
    expect(own.items[0]).toMatchObject({ _id: ids.headlight, matchedBy: null });
    const named = await search(q('Trail LED Headlight'));
    expect(named.items[0]).toMatchObject({ _id: ids.headlight, matchedBy: null });
  });

  it('keeps the bike filter and facets working with a number', async () => {
    const onBike = await search(`${q('B6HH4310-10')}&year=2019&make=Honda&model=CB%20Shine`);
    expect(onBike.items.map((p) => p._id)).toEqual([ids.headlight]);
    expect(onBike.items[0]?.matchedBy?.kind).toBe('oem');
    const otherBike = await search(`${q('B6HH4310-10')}&year=2019&make=Yamaha&model=MT-07`);
    expect(otherBike.total).toBe(0);
    const facets = (
      await t.app.inject({ url: `/api/parts/facets?${q('B6H-H4310-10')}` })
    ).json() as PartFacets;
    expect(facets.category).toContainEqual({ value: 'headlights', count: 1 });
    expect(facets.didYouMean).toBeNull();
  });

  it('the SQL path (a make alone) finds it the same way, with the same reason', async () => {
    const { items } = await search(`${q('b6h h4310 10')}&make=${BIKE.make}`);
    expect(items[0]?._id).toBe(ids.headlight);
    expect(items[0]?.matchedBy).toEqual({ kind: 'oem', brand: 'Yamaha', number: 'B6H-H4310-10' });
  });
});

describe('an interchange number shared by two parts', () => {
  it('finds both, each saying the number as it lists it', async () => {
    const { items } = await search(q('FA 174'));
    const found = items.filter((p) => p._id === ids.padsA || p._id === ids.padsB);
    expect(found).toHaveLength(2);
    expect(
      items
        .slice(0, 2)
        .map((p) => p._id)
        .sort(),
    ).toEqual([ids.padsA, ids.padsB].sort());
    expect(found.find((p) => p._id === ids.padsA)?.matchedBy).toEqual({
      kind: 'interchange',
      brand: 'EBC',
      number: 'FA-174',
    });
    expect(found.find((p) => p._id === ids.padsB)?.matchedBy).toEqual({
      kind: 'interchange',
      brand: 'EBC',
      number: 'fa174',
    });
  });
});

describe('a chain of replacements A → B → C', () => {
  it('searching A finds C first, then A and B', async () => {
    const { items } = await search(q('9ZQ-51920-00'));
    expect(items[0]?._id).toBe(ids.leverC);
    expect(
      items
        .slice(1, 3)
        .map((p) => p._id)
        .sort(),
    ).toEqual([ids.leverA, ids.leverB].sort());
    // C is found through B's row: "Replaces 9ZQ.51920.00", the number as B lists it; B by that row.
    expect(items[0]?.matchedBy).toEqual({ kind: 'supersedes', brand: null, number: '9ZQ.51920.00' });
    const byId = new Map(items.map((p) => [p._id, p.matchedBy]));
    expect(byId.get(ids.leverB!)).toEqual({ kind: 'supersedes', brand: null, number: '9ZQ.51920.00' });
    // A's own number: no reason to name.
    expect(byId.get(ids.leverA!)).toBeNull();
  });

  it('searching B finds C first', async () => {
    const { items } = await search(q('9zq 51920 01'));
    expect(items[0]?._id).toBe(ids.leverC);
    expect(items[0]?.matchedBy).toEqual({ kind: 'supersedes', brand: null, number: '9zq 51920 01' });
  });

  it('the suggestions put C first for A, with why', async () => {
    const parts = await suggest('9zq.51920.00');
    expect(parts[0]).toEqual({
      _id: ids.leverC,
      name: 'Clutch Lever Mk3',
      partNumber: '9ZQ-51920-02',
      matchedBy: { kind: 'supersedes', brand: null, number: '9ZQ.51920.00' },
    });
  });

  it('a new part replacing C becomes the end: searching A finds it first (the index catches up)', async () => {
    await create('leverD', {
      name: 'Clutch Lever Mk4',
      partNumber: '9ZQ-51920-03',
      numbers: [replaces('9ZQ-51920-02')],
    });
    const { items } = await search(q('9ZQ-51920-00'));
    expect(items[0]?._id).toBe(ids.leverD);
    expect((await suggest('9ZQ 51920 00'))[0]?._id).toBe(ids.leverD);
  });

  it('deleting the end makes the part it replaced the end again', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/parts/${ids.leverD}`,
      headers: bearer(admin.token),
    });
    expect(res.json()).toEqual({ deletedCount: 1 });
    const { items } = await search(q('9ZQ-51920-00'));
    expect(items[0]?._id).toBe(ids.leverC);
  });
});

describe('suggestions by number', () => {
  it('suggest the part by its OEM number with why', async () => {
    const parts = await suggest('B6H H4310');
    expect(parts[0]).toEqual({
      _id: ids.headlight,
      name: 'Trail LED Headlight',
      partNumber: 'TL-HL-77',
      matchedBy: { kind: 'oem', brand: 'Yamaha', number: 'B6H-H4310-10' },
    });
  });

  it('suggest both parts of a shared interchange number', async () => {
    const parts = await suggest('fa-174');
    expect(
      parts
        .slice(0, 2)
        .map((p) => p._id)
        .sort(),
    ).toEqual([ids.padsA, ids.padsB].sort());
    expect(parts.every((p) => p.matchedBy === null || p.matchedBy.kind === 'interchange')).toBe(true);
  });

  it('with a bike, parts that fit come first and still say why', async () => {
    const res = await t.app.inject({
      url: `/api/search/suggest?q=06455KPP901&year=2020&make=Honda&model=CB%20Shine`,
    });
    const parts = (res.json() as Suggestions).parts;
    expect(parts[0]).toMatchObject({
      _id: ids.padsB,
      fits: true,
      matchedBy: { kind: 'oem', brand: 'Honda', number: '06455-KPP-901' },
    });
  });
});

describe('edits keep the search right', () => {
  it('a number removed stops finding the part; a number added finds it (cached answers and the index drop)', async () => {
    expect((await search(q('HL-5521'))).items[0]?._id).toBe(ids.headlight);
    expect((await suggest('HL 5521'))[0]?._id).toBe(ids.headlight);
    await edit('headlight', {
      name: 'Trail LED Headlight',
      partNumber: 'TL-HL-77',
      category: 'headlights',
      numbers: [oem('Yamaha', 'B6H-H4310-10'), interchange('Koso', 'HL-9900')],
    });
    const gone = await search(q('HL-5521'));
    expect(gone.items.map((p) => p._id)).not.toContain(ids.headlight);
    expect((await suggest('HL 5521')).map((p) => p._id)).not.toContain(ids.headlight);
    const added = await search(q('hl9900'));
    expect(added.items[0]).toMatchObject({
      _id: ids.headlight,
      matchedBy: { kind: 'interchange', brand: 'Koso', number: 'HL-9900' },
    });
  });

  it('ordinary text search and its typo tolerance still work beside numbers', async () => {
    const text = await search(q('clutch lever'));
    expect(text.items.map((p) => p._id)).toEqual(
      expect.arrayContaining([ids.leverA, ids.leverB, ids.leverC]),
    );
    expect(text.items.every((p) => p.matchedBy === null)).toBe(true);
    const typo = await search(q('cluch lever'));
    expect(typo.items.map((p) => p._id)).toContain(ids.leverA);
  });
});

describe('the catalogue index and SQL agree on numbers', () => {
  it.each([
    'B6H-H4310-10',
    'fa 174',
    '9ZQ-51920-00',
    '9zq 51920 01',
    '9ZQ-5192',
    'hl9900',
    '06455KPP901',
    'SPA-1',
  ])('%j: the same parts in the same order, with the same reasons', async (text) => {
    const query = { q: text, limit: 100, offset: 0, sort: 'relevance' as const };
    const bySql = await listParts(t.database.db, query);
    const byIndex = await listParts(t.database.db, query, t.app.catalogueIndex);
    expect(bySql.total).toBeGreaterThan(0);
    const summary = (page: typeof bySql) => page.items.map((p) => [p._id, p.matchedBy]);
    expect(summary(byIndex)).toEqual(summary(bySql));
    expect(byIndex.total).toBe(bySql.total);
    // The search box without the index (one or two characters' path) says the same first part and why.
    const [first] = await suggestParts(t.database.db, text, 6);
    expect(first?._id).toBe(bySql.items[0]?._id);
    expect(first?.matchedBy).toEqual(bySql.items[0]?.matchedBy);
  });
});
