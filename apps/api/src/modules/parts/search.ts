import { and, eq, exists, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD } from '@pitstop/core/catalogue';
import { dollarsToCents } from '@pitstop/core/money';
import { partNumberKey, type PartFacetsQuery, type PartSort } from '@pitstop/core/parts';
import type { Db } from '../../db/client.js';
import { partFitments, parts } from '../../db/schema.js';
import { escapeLike } from '../../lib/sql.js';
import { numberHits, type NumberHit } from '../part-numbers/service.js';

/**
 * How the catalogue finds parts. One set of conditions serves the list, its facets and the
 * suggestions, so a facet count always agrees with the list it describes.
 *
 * Text search runs in two steps. First full-text search with every word as a prefix
 * (`brak pad` → `brak:* & pad:*`, so a word still being typed matches) over the weighted
 * `search_vector`, or the normalised part number (`15 9080` → `159080`), or one of the part's
 * other numbers (OEM, interchange, a number it replaces; a replaced number also finds the end of
 * its chain of replacements: part-numbers/service.ts numberHits). Only when that finds
 * nothing anywhere in the catalogue does the text match by trigram word similarity on the name,
 * which forgives typos (`hedlight`) but would flood ordinary searches with near misses.
 */

/** Letters and digits only: anything else could be tsquery syntax. */
function words(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/** `brak pad` → `brak:* & pad:*`; null when nothing searchable is left. */
export function prefixQuery(q: string): string | null {
  const list = words(q);
  return list.length ? list.map((w) => `${w}:*`).join(' & ') : null;
}

export type TextMode = 'exact' | 'fuzzy';

export interface TextMatch {
  mode: TextMode;
  where: SQL;
  /** Higher is better; used by the relevance sort. */
  rank: SQL;
  /** The parts the text's number finds by their other numbers, with why (exact mode only). */
  numbers: NumberHits | null;
}

/** The parts a typed number finds by their other numbers (numberHits), by part. */
export interface NumberHits {
  byPart: Map<string, NumberHit>;
  /** The ids, as a PostgreSQL array literal per tier and in all (a uuid needs no quoting). */
  all: string;
  tier1: string;
  tier2: string;
}

/** A part number is worth matching by key when it has at least three characters and a digit. */
export function numberKeyOf(q: string): string | null {
  const key = partNumberKey(q);
  return key.length >= 3 && /\d/.test(key) ? key : null;
}

/**
 * Where a number key's hits come from: PostgreSQL (numberHits, the reference) or the catalogue
 * index's copy in memory (part-numbers/number-index.ts), which answers the same.
 */
export type NumberLookup = (key: string) => Promise<NumberHit[]>;

const sqlLookup =
  (db: Db): NumberLookup =>
  (key) =>
    numberHits(db, key);

/** The parts q's number finds by their other numbers; null when q is no number (numberKeyOf). */
async function numberHitsOf(q: string, lookup: NumberLookup): Promise<NumberHits | null> {
  const key = numberKeyOf(q);
  if (!key) return null;
  const hits = await lookup(key);
  if (hits.length === 0) return null;
  const literal = (list: NumberHit[]) => `{${list.map((h) => h.partId).join(',')}}`;
  return {
    byPart: new Map(hits.map((h) => [h.partId, h])),
    all: literal(hits),
    tier1: literal(hits.filter((h) => h.tier === 1)),
    tier2: literal(hits.filter((h) => h.tier === 2)),
  };
}

/**
 * `id = any(array)`: the primary key's index can answer it inside the text's OR (a bitmap of the
 * full-text, part-number and id matches); `id in (select unnest(…))` made it a scan of every part.
 */
const idIn = (ids: string) => sql`${parts.id} = any(${ids}::uuid[])`;

function exactText(q: string, numbers: NumberHits | null): TextMatch | null {
  const tsq = prefixQuery(q);
  const key = numberKeyOf(q);
  const conditions: SQL[] = [];
  if (tsq) conditions.push(sql`${parts.searchVector} @@ to_tsquery('english', ${tsq})`);
  if (key) conditions.push(sql`${parts.partNumberKey} like ${`${escapeLike(key)}%`}`);
  if (numbers) conditions.push(idIn(numbers.all));
  if (conditions.length === 0) return null;
  const rank = tsq ? sql`ts_rank(${parts.searchVector}, to_tsquery('english', ${tsq}))` : sql`0::real`;
  return { mode: 'exact', where: or(...conditions)!, rank, numbers };
}

function fuzzyText(q: string): TextMatch {
  return {
    mode: 'fuzzy',
    where: sql`${q} <% ${parts.name}`,
    rank: sql`word_similarity(${q}, ${parts.name})`,
    numbers: null,
  };
}

/**
 * The text condition for q: exact (full-text or part number) when that finds anything in the
 * catalogue, else fuzzy. Decided on the text alone, so the list and its facets always agree.
 */
export async function textMatch(db: Db, q: string): Promise<TextMatch> {
  const exact = exactText(q, await numberHitsOf(q, sqlLookup(db)));
  if (exact) {
    const [hit] = await db
      .select({ one: sql`1` })
      .from(parts)
      .where(exact.where)
      .limit(1);
    if (hit) return exact;
  }
  return fuzzyText(q);
}

/**
 * The rows `select` finds under q's text condition, chosen as textMatch chooses it, but without
 * its probe: the exact condition's own rows tell whether it finds anything. Only for a query
 * with no other condition, where "nothing here" is "nothing in the catalogue".
 */
export async function selectByText<T>(
  db: Db,
  q: string,
  select: (text: TextMatch) => Promise<T[]>,
  lookup: NumberLookup = sqlLookup(db),
): Promise<{ text: TextMatch; rows: T[] }> {
  const exact = exactText(q, await numberHitsOf(q, lookup));
  if (exact) {
    const rows = await select(exact);
    if (rows.length) return { text: exact, rows };
  }
  const fuzzy = fuzzyText(q);
  return { text: fuzzy, rows: await select(fuzzy) };
}

/** Text q's condition in one mode (null: q has nothing the exact mode can search). */
export async function textMatchIn(
  db: Db,
  q: string,
  mode: TextMode,
  lookup: NumberLookup = sqlLookup(db),
): Promise<TextMatch | null> {
  return mode === 'exact' ? exactText(q, await numberHitsOf(q, lookup)) : fuzzyText(q);
}

/**
 * The relevance sort's first key: 4 for the part named exactly as typed, plus its number tier
 * (numberHits): 2 for the end of a chain of replacements of the number typed, 1 for a part whose
 * own part number, or another number of its own, is the number typed.
 */
function relevanceFlags(q: string, text: TextMatch): SQL<number> {
  const named = sql`(lower(${parts.name}) = ${q.toLowerCase()})::int * 4`;
  const ownNumber = sql`${parts.partNumberKey} = ${partNumberKey(q)}`;
  const n = text.numbers;
  const tier = n
    ? sql`case when ${idIn(n.tier2)} then 2 when ${ownNumber} or ${idIn(n.tier1)} then 1 else 0 end`
    : sql`(${ownNumber})::int`;
  return sql<number>`(${named} + ${tier})`;
}

/**
 * The relevance sort's keys before catalogue order (see orderOf), as values: `flags` as
 * relevanceFlags says, `score` the text's rank. Parts added later are placed among a text's
 * matches by these (the catalogue index, decision 027).
 */
export function relevanceKeys(q: string, text: TextMatch): { flags: SQL<number>; score: SQL<number> } {
  return {
    flags: sql<number>`${relevanceFlags(q, text)}`,
    score: sql<number>`(${text.rank})::float8`,
  };
}

export interface Bike {
  year: number;
  make: string;
  model: string;
}

function bikeOf(query: PartFacetsQuery): Bike | null {
  return query.year !== undefined && query.make && query.model
    ? { year: query.year, make: query.make, model: query.model }
    : null;
}

/**
 * Parts with a fitment row covering the bike (years inclusive), or marked universal. Written as
 * `id IN (…)` rather than a correlated EXISTS: the bike's part ids are gathered once from the
 * covering index and hashed, where EXISTS let the planner probe the fitment table once per
 * candidate part (232 ms instead of 42 ms for "brake pads" on one bike at 100,000 parts).
 */
export function fitsBike(bike: Bike): SQL {
  return or(
    eq(parts.universal, true),
    sql`${parts.id} in (select ${partFitments.partId} from ${partFitments} where ${fitmentCovers(bike)})`,
  )!;
}

/** A fitment row covers a bike: same make and model, the year inside the range at both ends. */
export function fitmentCovers(bike: Bike): SQL {
  return and(
    eq(partFitments.make, bike.make),
    eq(partFitments.model, bike.model),
    lte(partFitments.yearFrom, bike.year),
    gte(partFitments.yearTo, bike.year),
  )!;
}

/** A partial vehicle (a make, or a model fragment, or a year) narrows by fitment rows alone. */
function partialVehicle(query: PartFacetsQuery): SQL | null {
  if (!query.make && !query.model && query.year === undefined) return null;
  const fit: SQL[] = [eq(partFitments.partId, parts.id)];
  if (query.make) fit.push(ilike(partFitments.make, escapeLike(query.make)));
  if (query.model) fit.push(ilike(partFitments.model, `%${escapeLike(query.model)}%`));
  if (query.year !== undefined) {
    fit.push(lte(partFitments.yearFrom, query.year), gte(partFitments.yearTo, query.year));
  }
  return exists(sql`(select 1 from ${partFitments} where ${and(...fit)})`);
}

export interface Conditions {
  /** Text, vehicle and rating: what facets count within. */
  base: SQL[];
  brand: SQL | null;
  category: SQL | null;
  price: SQL | null;
  inStock: SQL | null;
  text: TextMatch | null;
}

/** Orderable now: at least the minimum order is available. */
export const inStockSql = sql`${parts.availablequantity} >= ${parts.minquantity}`;

/** Low on stock, as isLowStock in @pitstop/core/catalogue says (the dashboard uses it too). */
export const lowStockSql = sql`${parts.availablequantity} <= greatest(${LOW_STOCK_THRESHOLD}, ${parts.minquantity} * 2)`;

export async function conditionsOf(db: Db, query: PartFacetsQuery): Promise<Conditions> {
  const base: SQL[] = [];
  const text = query.q ? await textMatch(db, query.q) : null;
  if (text) base.push(text.where);
  const bike = bikeOf(query);
  const vehicle = bike ? fitsBike(bike) : partialVehicle(query);
  if (vehicle) base.push(vehicle);
  if (query.minRating !== undefined) base.push(gte(parts.ratings, query.minRating));
  if (query.stock === 'low') base.push(lowStockSql);

  const price: SQL[] = [];
  if (query.minPrice !== undefined) price.push(gte(parts.priceCents, dollarsToCents(query.minPrice)));
  if (query.maxPrice !== undefined) price.push(lte(parts.priceCents, dollarsToCents(query.maxPrice)));

  return {
    base,
    // Several brands are any of them (an OR facet).
    brand: query.brand?.length ? inArray(parts.brand, query.brand) : null,
    category: query.category ? eq(parts.category, query.category) : null,
    price: price.length ? and(...price)! : null,
    inStock: query.inStock ? inStockSql : null,
    text,
  };
}

export function whereAll(c: Conditions): SQL | undefined {
  const list = [...c.base, c.brand, c.category, c.price, c.inStock].filter((x): x is SQL => x !== null);
  return list.length ? and(...list) : undefined;
}

/** ORDER BY for a sort; ties always fall back to catalogue order, so pages never overlap. */
export function orderOf(sort: PartSort, q: string | undefined, text: TextMatch | null): SQL[] {
  const catalogueOrder = [sql`${parts.createdAt} asc`, sql`${parts.id} asc`];
  switch (sort) {
    case 'price_asc':
      return [sql`${parts.priceCents} asc`, ...catalogueOrder];
    case 'price_desc':
      return [sql`${parts.priceCents} desc`, ...catalogueOrder];
    case 'rating':
      return [sql`${parts.ratings} desc`, sql`${parts.reviewCount} desc`, ...catalogueOrder];
    case 'newest':
      return [sql`${parts.createdAt} desc`, sql`${parts.id} desc`];
    case 'relevance':
      if (!q || !text) return catalogueOrder;
      return [
        // The part named exactly as typed, then the number typed (the end of a chain of
        // replacements first), then the best text match.
        sql`${relevanceFlags(q, text)} desc`,
        sql`${text.rank} desc`,
        ...catalogueOrder,
      ];
  }
}
