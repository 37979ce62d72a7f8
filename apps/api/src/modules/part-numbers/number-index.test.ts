import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PartNumberEntry } from '@pitstop/core/part-numbers';
import { partNumberKey } from '@pitstop/core/parts';
import { partNumbers, parts } from '../../db/schema.js';
import { bearer, signUpAdmin, type Customer } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { createPartAs, editPartAs } from '../../test/catalogue.js';
import { NumberIndex } from './number-index.js';
import { numberHits, type NumberHit } from './service.js';

/*
 * The numbers kept in memory (number-index.ts) answer every lookup exactly as numberHits'
 * recursive query does: the same parts, tiers and reasons for every stored number, every part's
 * own number, beginnings of numbers and a number nobody carries; and again after edits that move
 * numbers and part numbers, a part deleted from the middle of a chain, a part added at a chain's
 * end, and a change made behind the index's back followed by a catalogue-wide invalidation.
 */

const t = useTestApp({ seed: true });
let admin: Customer;
let index: NumberIndex;
const ids: string[] = [];
const ownNumbers: string[] = [];

/** A fixed sequence, so a failure can be run again as it was. */
let seed = 291;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');

/** Numbers that share beginnings often, as one maker's numbers do (B7B-…, FA1…). */
const number = () => `${pick(['B7B', 'B7C', 'FA1', '5VL'])}-${digits(2)}${pick(['', '-00', '.1'])}`;

const create = (body: Record<string, unknown>) => createPartAs(t.app, admin.token, body);
const edit = (id: string, body: Record<string, unknown>) => editPartAs(t.app, admin.token, id, body);

/** Every part's answer, in a fixed order (the hits' own order carries no meaning). */
const summary = (hits: NumberHit[]) =>
  hits
    .map((h) => ({ part: h.partId, tier: h.tier, match: h.match }))
    .sort((a, b) => (a.part < b.part ? -1 : 1));

/** Every stored key and own part-number key, their beginnings from three characters, and a miss. */
async function keysToAsk(extra: readonly string[] = []): Promise<string[]> {
  const stored = await t.database.db.selectDistinct({ key: partNumbers.numberKey }).from(partNumbers);
  const own = await t.database.db.select({ key: parts.partNumberKey }).from(parts);
  const keys = new Set([...stored, ...own].map((r) => r.key));
  for (const key of [...keys]) for (let n = 3; n < key.length; n++) keys.add(key.slice(0, n));
  return [...keys, ...extra, 'zz9nobodycarries'];
}

async function expectSameAsSql(keys: readonly string[]): Promise<{ chained: number }> {
  let chained = 0;
  for (const key of keys) {
    const [inMemory, bySql] = await Promise.all([index.hits(key), numberHits(t.database.db, key)]);
    expect(summary(inMemory), key).toEqual(summary(bySql));
    if (bySql.some((h) => h.tier === 2)) chained++;
  }
  return { chained };
}

beforeAll(async () => {
  admin = await signUpAdmin(t, { name: 'Nia Numbers' });
  for (let i = 0; i < 40; i++) {
    const numbers: PartNumberEntry[] = [
      { kind: 'oem', brand: pick(['Yamaha', 'Honda']), number: number() },
      { kind: 'interchange', brand: pick(['EBC', 'DID']), number: number() },
    ];
    // Replacing an earlier part's own number makes chains (and, twice over, forks); a number
    // nobody carries any more ends one. Never a later part's number: no loops.
    if (i > 0 && random() < 0.6) numbers.push({ kind: 'supersedes', brand: null, number: pick(ownNumbers) });
    if (random() < 0.3) numbers.push({ kind: 'supersedes', brand: null, number: number() });
    const partNumber = `NX-${String(i).padStart(2, '0')}${pick(['', 'A'])}`;
    ids.push(await create({ name: `Number Index Part ${i}`, partNumber, numbers }));
    ownNumbers.push(partNumber);
  }
  index = new NumberIndex(t.database.db);
  t.app.catalogueCache.onChange((tags) => index.changed(tags));
});

describe('the numbers in memory answer as the recursive query does', () => {
  it('for every number, part number, beginning and a miss, chains of replacements included', async () => {
    const keys = await keysToAsk();
    expect(keys.length).toBeGreaterThan(200);
    const { chained } = await expectSameAsSql(keys);
    // Not a comparison of empty answers: chains were followed to their ends.
    expect(chained).toBeGreaterThan(5);
  });

  it('after numbers and part numbers are edited, a chain’s middle deleted and a new end added', async () => {
    const before = await keysToAsk();
    // A part's numbers replaced: its old ones stop finding it, new ones (a replaced number) do.
    await edit(ids[30]!, {
      partNumber: ownNumbers[30],
      numbers: [
        { kind: 'supersedes', brand: null, number: ownNumbers[2] },
        { kind: 'oem', brand: 'Honda', number: 'B7B-77-00' },
      ],
    });
    // A part's own number changed: chains that ran through its old number now stop there.
    await edit(ids[5]!, { partNumber: 'NX-RENAMED-5', numbers: [] });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/parts/${ids[10]}`,
      headers: bearer(admin.token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const newest = await create({
      name: 'Number Index Newest End',
      partNumber: 'NX-NEWEST',
      numbers: [
        { kind: 'supersedes', brand: null, number: ownNumbers[1] },
        { kind: 'supersedes', brand: null, number: ownNumbers[3] },
      ],
    });
    const { chained } = await expectSameAsSql(await keysToAsk(before));
    expect(chained).toBeGreaterThan(5);
    // Part 1's number now leads (tier 2) to the new end too.
    const ends = (await index.hits(partNumberKey(ownNumbers[1]!))).filter((h) => h.tier === 2);
    expect(ends.map((h) => h.partId)).toContain(newest);
  });

  it('a change made behind its back shows after a catalogue-wide invalidation (an import’s)', async () => {
    await t.database.db
      .insert(partNumbers)
      .values({ partId: ids[0]!, kind: 'oem', brand: 'Yamaha', number: 'QQ7-ONLY-1' });
    expect(await index.hits('qq7only1')).toEqual([]);
    t.app.catalogueCache.invalidate();
    expect(summary(await index.hits('qq7only1'))).toEqual([
      { part: ids[0], tier: 1, match: { kind: 'oem', brand: 'Yamaha', number: 'QQ7-ONLY-1' } },
    ]);
    await expectSameAsSql(await keysToAsk());
    await t.database.db.execute(sql`delete from part_numbers where number = 'QQ7-ONLY-1'`);
  });
});
