import { asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  PART_NUMBER_KINDS,
  partNumberTexts,
  type NumberMatch,
  type PartNumber,
  type PartNumberEntry,
  type PartNumberKind,
  type SupersededBy,
} from '@pitstop/core/part-numbers';
import type { Db } from '../../db/client.js';
import { partNumbers } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

/**
 * A part's other numbers (issue #29): OEM, interchange and superseded numbers, and the chains of
 * replacements the superseded ones make. A row (part P, 'supersedes', number N) says "P replaces
 * N"; N may be another part's own number (that part is then superseded) or a number no part
 * carries any more. Every number is matched by its key (core partNumberKey, the table's generated
 * `number_key`), so dashes, spaces, dots and case never count.
 */

/** The answer's order: OEM first, then interchange, then the numbers replaced. */
const KIND_ORDER = sql`array_position(array['oem','interchange','supersedes']::text[], ${partNumbers.kind})`;

/** A part's numbers as GET /api/parts/:id answers them: by kind, each kind in the admin's order. */
export async function readPartNumbers(db: Db, partId: string): Promise<PartNumber[]> {
  const rows = await db
    .select({ kind: partNumbers.kind, brand: partNumbers.brand, number: partNumbers.number })
    .from(partNumbers)
    .where(eq(partNumbers.partId, partId))
    .orderBy(KIND_ORDER, asc(partNumbers.position));
  return rows;
}

/**
 * Replaces a part's numbers by the ones given, inside the caller's transaction (the part's create
 * or edit). `position` is each entry's index in the list sent, so a refusal can name the entry
 * (`numbers.N.number`) and the answer keeps the admin's order within each kind.
 */
export async function replacePartNumbers(
  db: Db,
  partId: string,
  entries: readonly PartNumberEntry[],
): Promise<void> {
  await db.delete(partNumbers).where(eq(partNumbers.partId, partId));
  if (entries.length === 0) return;
  await db.insert(partNumbers).values(
    entries.map((entry, position) => ({
      partId,
      kind: entry.kind,
      brand: entry.brand && entry.brand.length > 0 ? entry.brand : null,
      number: entry.number,
      position,
    })),
  );
}

/** A supersession that leads back to its own part: the part, and the row (number, position) that does. */
export interface SupersessionLoop {
  partId: string;
  number: string;
  position: number;
}

/**
 * The first supersession of these parts that makes a loop (following the replacements comes back
 * to the part), or null. Set-based, for one part's edit and for a whole import alike: one
 * recursive query walks, from every 'supersedes' row of the parts named, to the parts carrying
 * the number replaced, then to the numbers those replace, and so on. UNION (not UNION ALL) keeps
 * each (row, part reached) once, so the walk ends even on a loop; a loop through a part always
 * runs through one of its own 'supersedes' rows, so starting from the parts changed finds any
 * loop a change made. Call it after the rows are written, in the same transaction.
 */
export async function supersessionLoop(db: Db, partIds: readonly string[]): Promise<SupersessionLoop | null> {
  if (partIds.length === 0) return null;
  const ids = `{${[...new Set(partIds)].join(',')}}`;
  const rows = await rowsOf<{ part_id: string; number: string; position: number }>(
    db,
    sql`
    with recursive walk(origin, number, position, at) as (
      select pn.part_id, pn.number, pn.position, x.id
      from part_numbers pn
      join parts x on x.part_number_key = pn.number_key
      where pn.kind = 'supersedes' and pn.part_id = any(${ids}::uuid[])
      union
      select w.origin, w.number, w.position, x.id
      from walk w
      join part_numbers pn on pn.part_id = w.at and pn.kind = 'supersedes'
      join parts x on x.part_number_key = pn.number_key
      where w.at <> w.origin
    )
    select origin as part_id, number, position from walk
    where at = origin
    order by position, number
    limit 1`,
  );
  const [row] = rows;
  return row ? { partId: row.part_id, number: row.number, position: Number(row.position) } : null;
}

/** A loop refused on a part's save: a 400 naming the number's field. */
/**
 * Writers of supersessions take turns from their loop check to their commit: a loop closed by
 * two writers at once (an admin's save and an import batch, or two saves) would be seen by
 * neither check, as neither sees the other's rows before it commits. Taken after the rows are
 * written, in the writer's transaction (released by its commit), so each check sees every
 * writer committed before it and only the check and the commit take turns.
 */
export async function lockSupersessions(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${SUPERSESSION_LOCK})`);
}
const SUPERSESSION_LOCK = 291_029;

export async function assertNoSupersessionLoop(db: Db, partId: string): Promise<void> {
  await lockSupersessions(db);
  const loop = await supersessionLoop(db, [partId]);
  if (!loop) return;
  const message = partNumberTexts.cycle(loop.number);
  throw new AppError('invalid', message, [{ field: `numbers.${loop.position}.number`, message }]);
}

/** A raw query's rows (both drivers, node-postgres and PGlite, answer { rows }). */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Longest chain of replacements followed: real ones are a handful; this only bounds a bad import. */
export const CHAIN_MAX = 32;

/**
 * The part that replaces this one in the end: following "C replaces B, B replaces this part" to
 * the last part, which nothing replaces. Null when nothing replaces the part's own number. Of
 * several replacements (two parts replacing one number), the longest chain's end, then the oldest.
 */
export async function supersededBy(db: Db, partId: string): Promise<SupersededBy | null> {
  const rows = await rowsOf<{ id: string; name: string; part_number: string }>(
    db,
    sql`
      with recursive chain(at, depth, seen) as (
        select p.id, 0, array[p.id] from parts p where p.id = ${partId}
        union all
        select pn.part_id, c.depth + 1, c.seen || pn.part_id
        from chain c
        join parts p on p.id = c.at
        join part_numbers pn on pn.kind = 'supersedes' and pn.number_key = p.part_number_key
        where c.depth < ${CHAIN_MAX} and not pn.part_id = any(c.seen)
      )
      select p.id, p.name, p.part_number
      from chain c join parts p on p.id = c.at
      where c.depth > 0 and not exists (
        select 1 from part_numbers s
        where s.kind = 'supersedes' and s.number_key = p.part_number_key and not s.part_id = any(c.seen)
      )
      order by c.depth desc, p.created_at, p.id
      limit 1`,
  );
  const [row] = rows;
  return row ? { _id: row.id, name: row.name, partNumber: row.part_number } : null;
}

/**
 * How a part's other numbers rank it in relevance (after a name typed exactly, before the text's
 * rank): 2 the end of a chain of replacements of the number typed whole (what a rider typing an
 * old number wants); 1 a number of the part's own typed whole (its part number, an OEM or
 * interchange number, a number it replaces); 0 a number that only begins with what was typed.
 */
export type NumberTier = 0 | 1 | 2;

/** A part found by one of its other numbers (or a chain's), with why. */
export interface NumberHit {
  partId: string;
  tier: NumberTier;
  /**
   * The number that matched, as stored: what the list and suggestions show as the reason. Null
   * when the part's own number matches too (its own number is reason enough).
   */
  match: NumberMatch | null;
}

/** One way a number reaches a part: a row of its own (depth 0) or a chain's step from one. */
export interface HitRow {
  part_id: string;
  kind: PartNumberKind;
  brand: string | null;
  number: string;
  position: number;
  exact: boolean;
  /** 0: the row's own part; more: a replacement of it, this many steps on. */
  depth: number;
  /** Whether another part replaces this one (it is not the chain's end). */
  replaced: boolean;
  /** Whether the part's own number begins with the key too. */
  own: boolean;
}

/**
 * Most rows found by a number's beginning alone. Three characters can begin tens of thousands of
 * numbers ("FA1": every EBC pad from FA100 to FA199x); ranking and chaining all of them cost a
 * second at 300,000 numbers, and nobody reads that list. The numbers typed whole are never cut.
 */
export const PREFIX_HITS_MAX = 200;

/**
 * The parts other numbers find for a number key (already normalised, core partNumberKey): every
 * row whose key is the key, the first PREFIX_HITS_MAX (in key order) whose key only begins with it
 * (the text_pattern_ops index answers both), and from each 'supersedes' row the chain of
 * replacements to its end. One query, answered per part with its best reason.
 */
export async function numberHits(db: Db, key: string): Promise<NumberHit[]> {
  const prefix = `${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await rowsOf<HitRow>(
    db,
    sql`
      with recursive
      hit as (
        (select pn.part_id, pn.kind, pn.brand, pn.number, pn.position, true as exact
        from part_numbers pn
        where pn.number_key = ${key})
        union all
        (select pn.part_id, pn.kind, pn.brand, pn.number, pn.position, false
        from part_numbers pn
        where pn.number_key like ${prefix} and pn.number_key ~>~ ${key}
        -- The text_pattern_ops index's own order (~<~), so the scan stops after the first few.
        order by pn.number_key using ~<~
        limit ${PREFIX_HITS_MAX})
      ),
      chain(part_id, kind, brand, number, position, exact, depth, seen) as (
        select part_id, kind, brand, number, position, exact, 0, array[part_id] from hit
        union all
        select pn.part_id, c.kind, c.brand, c.number, c.position, c.exact, c.depth + 1, c.seen || pn.part_id
        from chain c
        join parts p on p.id = c.part_id
        join part_numbers pn on pn.kind = 'supersedes' and pn.number_key = p.part_number_key
        where c.kind = 'supersedes' and c.depth < ${CHAIN_MAX} and not pn.part_id = any(c.seen)
      )
      select c.part_id, c.kind, c.brand, c.number, c.position, c.exact, c.depth,
        c.kind = 'supersedes' and exists (
          select 1 from part_numbers s join parts p on p.id = c.part_id
          where s.kind = 'supersedes' and s.number_key = p.part_number_key and not s.part_id = any(c.seen)
        ) as replaced,
        p.part_number_key like ${prefix} as own
      from chain c join parts p on p.id = c.part_id`,
  );
  return bestHits(rows);
}

/**
 * Each part's best reason among the rows that reach it: the same for the rows PostgreSQL walks
 * (numberHits) and those the catalogue index walks in memory (number-index.ts).
 */
export function bestHits(rows: readonly HitRow[]): NumberHit[] {
  const best = new Map<string, { hit: NumberHit; rank: (number | string)[] }>();
  for (const row of rows) {
    const depth = Number(row.depth);
    const tier: NumberTier =
      row.exact && row.kind === 'supersedes' && !row.replaced ? 2 : row.exact && depth === 0 ? 1 : 0;
    // Within a part: the better tier, a row of its own before a chain's, OEM before interchange
    // before supersedes, then the admin's order; two chains that tie on all of these (from two
    // parts' rows in the same place) by their numbers, so the reason never depends on row order.
    const rank = [
      -tier,
      depth,
      PART_NUMBER_KINDS.indexOf(row.kind),
      Number(row.position),
      row.number,
      row.brand ?? '',
    ];
    const kept = best.get(row.part_id);
    if (kept && !isBefore(rank, kept.rank)) continue;
    best.set(row.part_id, {
      hit: {
        partId: row.part_id,
        tier,
        match: row.own ? null : { kind: row.kind, brand: row.brand, number: row.number },
      },
      rank,
    });
  }
  return [...best.values()].map((b) => b.hit);
}

function isBefore(a: (number | string)[], b: (number | string)[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

const PART_PAGE = /^\/parts\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * Where a superseded part's page has moved: the page of the end of its chain of replacements,
 * with the same query string; null for any other page (the server-rendered pages' 301).
 */
export async function replacementPageOf(db: Db, url: string): Promise<string | null> {
  const query = url.indexOf('?');
  const pathname = query === -1 ? url : url.slice(0, query);
  const id = PART_PAGE.exec(pathname)?.[1];
  if (!id) return null;
  const replacement = await supersededBy(db, id);
  return replacement ? `/parts/${replacement._id}${query === -1 ? '' : url.slice(query)}` : null;
}
