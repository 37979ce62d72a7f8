import { and, asc, eq, inArray } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD } from '@pitstop/core/catalogue';
import { dollarsToCents } from '@pitstop/core/money';
import type { NumberMatch } from '@pitstop/core/part-numbers';
import {
  PART_SORTS,
  type PartListItem,
  type PartFacetsQuery,
  type PartListQuery,
  type PartSort,
} from '@pitstop/core/parts';
import type { Db } from '../../db/client.js';
import { partFitments, parts } from '../../db/schema.js';
import { catalogueIndexRebuilds } from '../../lib/metrics.js';
import { EDIT_TAG, MEMBERSHIP_TAG, NUMBERS_TAG, type ResponseCache } from '../../lib/response-cache.js';
import { NumberIndex } from '../part-numbers/number-index.js';
import { bikesWithParts, type BikeWithParts } from '../vehicles/service.js';
import {
  numberKeyOf,
  orderOf,
  relevanceKeys,
  selectByText,
  textMatchIn,
  type Bike,
  type NumberLookup,
  type TextMatch,
  type TextMode,
} from './search.js';

/**
 * The catalogue's filters, sorts and counts, answered in memory (docs/decisions/020).
 *
 * PostgreSQL still decides what a text matches and in which order (full-text, part numbers,
 * trigram typos, ts_rank: search.ts) and which parts a bike takes (the fitment rows). Those two
 * answers are kept per text and per bike, as part positions; every part's price, rating, brand,
 * category, universal flag and stock are kept once, in typed arrays. A page of results, its total
 * and its facets are then a pass over a few thousand numbers instead of a query that reads every
 * matching row. The page's own parts are read by id, and kept too until a change names them.
 *
 * It follows the catalogue response cache's invalidations, local and from other processes: a
 * change that names parts (an order, a cancellation, a review) re-reads those parts' stock and
 * rating before the next answer; an admin's edit re-reads the part and forgets what texts and
 * bikes match; a part added or deleted is added at the end (it is the newest) or marked gone, and
 * what was worked out before catches up on its next use (parts added since it was made are asked
 * about alone); any other change (an import) drops everything, to be read again on first use.
 */

/** Positions of parts, in catalogue order (created_at, id): position 0 is the oldest part. */
type Positions = Int32Array;

interface TextSet {
  mode: TextMode;
  /** The parts the text matches, best first (the relevance sort). */
  ranked: Positions;
  /** Per ranked part, the relevance sort's keys (search.ts relevanceKeys), to place added parts. */
  flags: Uint8Array;
  score: Float64Array;
  /** Why the parts found by one of their other numbers were found, by id (list items' matchedBy). */
  matched: Map<string, NumberMatch>;
  /**
   * The snapshot's size when the text was asked: parts at this position or later were added
   * since, and are asked about (they alone) before the set is used again.
   */
  through: number;
  catchingUp: Promise<boolean> | null;
}

interface SortOrder {
  /** Part positions in this sort's order. */
  order: Positions;
  /** Where each part stands in `order`. */
  rank: Int32Array;
  /** Parts at this position or later were added since: placed before the next use. */
  through: number;
}

/** The parts passing a text and a bike, and the snapshot size they were made at. */
interface Candidates {
  positions: Positions;
  through: number;
}

/** The parts a bike (model and year) takes, as bits by position. */
interface BikeBits {
  bits: Uint32Array;
  through: number;
}

/** A fitment row of a part added since the snapshot was read, for the models kept in memory. */
interface AddedFitment {
  position: number;
  make: string;
  model: string;
  from: number;
  to: number;
}

/** Most texts and bikes kept; the oldest used is dropped first. */
const MAX_TEXTS = 500;
const MAX_TEXT_POSITIONS = 4_000_000;
/** Every model year of every model: 105 models × 15 years is about 1,600 bikes. */
const MAX_BIKES = 4_096;

/** Text-and-bike sets kept: most are a few hundred parts; a text alone can be most of them. */
const MAX_CANDIDATE_SETS = 5_000;
const MAX_CANDIDATE_POSITIONS = 4_000_000;

/** A model's fitment rows: which part, from which year to which. */
interface ModelFitment {
  positions: Int32Array;
  from: Int16Array;
  to: Int16Array;
  /** Rows of parts added at this position or later come from the snapshot's added fitments. */
  through: number;
}

class Snapshot {
  /** Positions in use, deleted parts' included (they are marked `gone`). */
  size: number;
  readonly ids: string[];
  readonly positionOf = new Map<string, number>();
  // Typed arrays with room to grow: a part added goes at the end (see append).
  price: Int32Array;
  ratings: Float64Array;
  reviewCount: Int32Array;
  universal: Uint8Array;
  available: Int32Array;
  minimum: Int32Array;
  brand: Uint16Array;
  category: Uint16Array;
  /** 1 for a part deleted since the snapshot was read: every answer skips it. */
  gone: Uint8Array;
  /** The newest part's created_at (ms) and id: an added part must come after it. */
  private lastCreated = -Infinity;
  private lastId = '';
  /** The fitment rows of parts added since the snapshot was read (ModelFitment catches up). */
  readonly addedFitments: AddedFitment[] = [];
  readonly brandNames: string[] = [];
  readonly categoryNames: string[] = [];
  private readonly brandIndex = new Map<string, number>();
  private readonly categoryIndex = new Map<string, number>();
  readonly texts = new Map<string, Promise<TextSet>>();
  textPositions = 0;
  bikesWithParts: Promise<BikeWithParts[]> | null = null;
  readonly models = new Map<string, Promise<ModelFitment>>();
  readonly bikes = new Map<string, Promise<BikeBits>>();
  /** Parts passing a text and a bike (see CatalogueIndex.candidates), by text and bike. */
  readonly candidates = new Map<string, Promise<Candidates>>();
  candidatePositions = 0;
  private readonly sorts = new Map<PartSort, SortOrder>();

  constructor(rows: SnapshotRow[]) {
    const n = rows.length;
    const room = n + 64;
    this.size = 0;
    this.ids = [];
    this.price = new Int32Array(room);
    this.ratings = new Float64Array(room);
    this.reviewCount = new Int32Array(room);
    this.universal = new Uint8Array(room);
    this.available = new Int32Array(room);
    this.minimum = new Int32Array(room);
    this.brand = new Uint16Array(room);
    this.category = new Uint16Array(room);
    this.gone = new Uint8Array(room);
    for (const row of rows) this.push(row);
  }

  private push(row: SnapshotRow): void {
    const i = this.size++;
    this.ids.push(row.id);
    this.positionOf.set(row.id, i);
    this.ratings[i] = row.ratings;
    this.reviewCount[i] = row.reviewCount;
    this.available[i] = row.available;
    this.minimum[i] = row.minimum;
    this.setFacts(i, row);
    this.lastCreated = row.createdAt.getTime();
    this.lastId = row.id;
  }

  /**
   * Whether these parts (in catalogue order) come after every part the snapshot holds, so they
   * can be added at the end. created_at is read in milliseconds: a tie with the newest part
   * cannot be ordered, and the caller reads the whole catalogue again (a rare race of two adds).
   */
  canAppend(rows: SnapshotRow[]): boolean {
    const first = rows[0];
    return first === undefined || first.createdAt.getTime() > this.lastCreated;
  }

  /** Parts added since the snapshot was read, in catalogue order, with their fitment rows. */
  append(
    rows: SnapshotRow[],
    fitments: { partId: string; make: string; model: string; from: number; to: number }[],
  ): void {
    if (this.size + rows.length > this.price.length) this.grow(this.size + rows.length);
    for (const row of rows) this.push(row);
    for (const row of fitments) {
      const position = this.positionOf.get(row.partId);
      if (position === undefined) continue;
      this.addedFitments.push({ position, make: row.make, model: row.model, from: row.from, to: row.to });
    }
    // The bikes that have parts (suggestions) are asked again; everything else catches up.
    this.bikesWithParts = null;
  }

  /** A part deleted since the snapshot was read: skipped by every answer from now on. */
  remove(id: string): void {
    const i = this.positionOf.get(id);
    if (i === undefined) return;
    this.gone[i] = 1;
    this.positionOf.delete(id);
    this.bikesWithParts = null;
  }

  private grow(needed: number): void {
    const room = Math.max(needed, Math.ceil(this.price.length * 1.5));
    const grown = <T extends Int32Array | Float64Array | Uint8Array | Uint16Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(room);
      b.set(a);
      return b;
    };
    this.price = grown(this.price);
    this.ratings = grown(this.ratings);
    this.reviewCount = grown(this.reviewCount);
    this.universal = grown(this.universal);
    this.available = grown(this.available);
    this.minimum = grown(this.minimum);
    this.brand = grown(this.brand);
    this.category = grown(this.category);
    this.gone = grown(this.gone);
  }

  /** A part's price, universal flag, brand and category (read again after an admin's edit). */
  setFacts(i: number, row: Pick<SnapshotRow, 'priceCents' | 'universal' | 'brand' | 'category'>): void {
    this.price[i] = row.priceCents;
    this.universal[i] = row.universal ? 1 : 0;
    this.brand[i] = Snapshot.indexOf(this.brandNames, this.brandIndex, row.brand);
    this.category[i] = Snapshot.indexOf(this.categoryNames, this.categoryIndex, row.category);
  }

  private static indexOf(names: string[], index: Map<string, number>, name: string): number {
    let i = index.get(name);
    if (i === undefined) {
      i = names.push(name) - 1;
      index.set(name, i);
    }
    return i;
  }

  /**
   * Forgets everything worked out from the parts' facts (what texts match, which parts bikes
   * take, the sort orders): after an edit, a part's name, fitment or price may have changed.
   */
  forgetDerived(): void {
    this.texts.clear();
    this.textPositions = 0;
    this.candidates.clear();
    this.candidatePositions = 0;
    this.bikes.clear();
    this.models.clear();
    this.bikesWithParts = null;
    this.sorts.clear();
  }

  /**
   * Forgets what the texts that are part numbers matched, and the candidates made from them: a
   * chain of replacements changed (a part that replaces numbers added or deleted), which only a
   * number's matches follow. Other texts, bikes and sorts stay.
   */
  forgetNumberTexts(): void {
    for (const [q, set] of this.texts) {
      if (numberKeyOf(q) === null) continue;
      this.texts.delete(q);
      void set.then(
        (kept) => (this.textPositions -= kept.ranked.length),
        () => undefined,
      );
    }
    for (const [key, set] of this.candidates) {
      const q = key.slice(0, key.indexOf('\u0001'));
      if (!q || numberKeyOf(q) === null) continue;
      this.candidates.delete(key);
      void set.then(
        (kept) => (this.candidatePositions -= kept.positions.length),
        () => undefined,
      );
    }
  }

  inStock(i: number): boolean {
    return this.available[i]! >= this.minimum[i]!;
  }

  lowStock(i: number): boolean {
    return this.available[i]! <= Math.max(LOW_STOCK_THRESHOLD, this.minimum[i]! * 2);
  }

  /** Ids to positions, dropping any part this snapshot does not know (added since it was read). */
  positionsOf(ids: string[]): Positions {
    const out = new Int32Array(ids.length);
    let k = 0;
    for (const id of ids) {
      const i = this.positionOf.get(id);
      if (i !== undefined) out[k++] = i;
    }
    return out.subarray(0, k);
  }

  /** The kept answer for key (now the most recently used), or a new one from load. */
  remember<T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const kept = map.get(key);
    if (kept) {
      // Most recently used last, so the first key is the one to drop.
      map.delete(key);
      map.set(key, kept);
      return kept;
    }
    const loading = load();
    map.set(key, loading);
    // A failed read is not kept: the next request tries again.
    loading.catch(() => {
      if (map.get(key) === loading) map.delete(key);
    });
    return loading;
  }

  /** Drops the least recently used texts past the limits (a short text can match most parts). */
  trimTexts(): void {
    while (this.texts.size > MAX_TEXTS || (this.textPositions > MAX_TEXT_POSITIONS && this.texts.size > 1)) {
      const oldest = this.texts.keys().next().value!;
      const dropped = this.texts.get(oldest)!;
      this.texts.delete(oldest);
      void dropped.then(
        (set) => (this.textPositions -= set.ranked.length),
        () => undefined,
      );
    }
  }

  countText(set: TextSet): void {
    this.textPositions += set.ranked.length;
  }

  trimCandidates(): void {
    while (
      this.candidates.size > MAX_CANDIDATE_SETS ||
      (this.candidatePositions > MAX_CANDIDATE_POSITIONS && this.candidates.size > 1)
    ) {
      const oldest = this.candidates.keys().next().value!;
      const dropped = this.candidates.get(oldest)!;
      this.candidates.delete(oldest);
      void dropped.then(
        (set) => (this.candidatePositions -= set.positions.length),
        () => undefined,
      );
    }
  }

  trimBikes(): void {
    while (this.bikes.size > MAX_BIKES) this.bikes.delete(this.bikes.keys().next().value!);
  }

  forgetSort(sort: PartSort): void {
    this.sorts.delete(sort);
  }

  /** A sort's order of two positions; ties fall back to catalogue order, as the SQL sorts do. */
  private compare(sort: PartSort): (a: number, b: number) => number {
    switch (sort) {
      case 'price_asc':
        return (a, b) => this.price[a]! - this.price[b]! || a - b;
      case 'price_desc':
        return (a, b) => this.price[b]! - this.price[a]! || a - b;
      case 'rating':
        return (a, b) =>
          this.ratings[b]! - this.ratings[a]! || this.reviewCount[b]! - this.reviewCount[a]! || a - b;
      case 'newest':
        return (a, b) => b - a;
      case 'relevance':
        return (a, b) => a - b;
    }
  }

  sortOrder(sort: PartSort): SortOrder {
    const kept = this.sorts.get(sort);
    if (kept && kept.through === this.size) return kept;
    const compare = this.compare(sort);
    let order: Int32Array;
    if (kept) {
      // Parts added since: each placed by binary search (a few), not the whole catalogue sorted.
      order = kept.order;
      for (let i = kept.through; i < this.size; i++) {
        let lo = 0;
        let hi = order.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (compare(order[mid]!, i) <= 0) lo = mid + 1;
          else hi = mid;
        }
        const next = new Int32Array(order.length + 1);
        next.set(order.subarray(0, lo));
        next[lo] = i;
        next.set(order.subarray(lo), lo + 1);
        order = next;
      }
    } else {
      order = new Int32Array(this.size);
      for (let i = 0; i < this.size; i++) order[i] = i;
      if (sort === 'newest') order.reverse();
      else if (sort !== 'relevance') order.sort(compare);
    }
    const rank = new Int32Array(this.size);
    for (let r = 0; r < this.size; r++) rank[order[r]!] = r;
    const made = { order, rank, through: this.size };
    this.sorts.set(sort, made);
    return made;
  }
}

interface SnapshotRow {
  id: string;
  createdAt: Date;
  priceCents: number;
  ratings: number;
  reviewCount: number;
  universal: boolean;
  available: number;
  minimum: number;
  brand: string;
  category: string;
}

/** A query the index answers: a whole bike or none (a make alone, or a model fragment, is SQL's). */
export function indexAnswers(query: PartFacetsQuery): boolean {
  const anyVehicle = query.make !== undefined || query.model !== undefined || query.year !== undefined;
  const wholeBike = query.make !== undefined && query.model !== undefined && query.year !== undefined;
  return !anyVehicle || wholeBike;
}

/**
 * What a query keeps, as plain values: the tests below read them in one tight loop (closures
 * made per request would each be a call the compiler cannot inline).
 */
interface Filter {
  text: TextSet | null;
  /** The parts passing the text and the bike, in base order; null: every part (see `candidates`). */
  candidates: Positions | null;
  minRating: number | undefined;
  lowOnly: boolean;
  /** The chosen brands, by snapshot index (1: chosen); null: any. A name no part has marks none. */
  brands: Uint8Array | null;
  /** The category as a snapshot index (-1: a name no part has); null: any. */
  category: number | null;
  min: number | null;
  max: number | null;
  inStock: boolean;
}

/** One flag per brand the snapshot knows: 1 for the chosen ones (brands combine with OR). */
function brandMask(names: readonly string[], chosen: readonly string[]): Uint8Array {
  const mask = new Uint8Array(names.length);
  for (const name of chosen) {
    const at = names.indexOf(name);
    if (at >= 0) mask[at] = 1;
  }
  return mask;
}

/** Rating and the admin's low-stock view: the part of the base filter the candidates leave out. */
function passesRest(snap: Snapshot, f: Filter, i: number): boolean {
  return (
    snap.gone[i] === 0 &&
    (f.minRating === undefined || snap.ratings[i]! >= f.minRating) &&
    (!f.lowOnly || snap.lowStock(i))
  );
}

function passesPrice(snap: Snapshot, f: Filter, i: number): boolean {
  const price = snap.price[i]!;
  return (f.min === null || price >= f.min) && (f.max === null || price <= f.max);
}

function passesStock(snap: Snapshot, f: Filter, i: number): boolean {
  return !f.inStock || snap.inStock(i);
}

function passesAll(snap: Snapshot, f: Filter, i: number): boolean {
  return (
    (f.brands === null || f.brands[snap.brand[i]!] === 1) &&
    (f.category === null || snap.category[i] === f.category) &&
    passesPrice(snap, f, i) &&
    passesStock(snap, f, i)
  );
}

/** Parts of one brand and category under the filters: the facets are tallied from these. */
export interface FacetGroup {
  brand: string;
  category: string;
  count: number;
  inStock: number;
  minPrice: number | null;
  maxPrice: number | null;
}

/** A copy of `array` with `value` at `at`. */
function insertAt<T extends Int32Array | Uint8Array | Float64Array>(array: T, at: number, value: number): T {
  const next = new (array.constructor as new (n: number) => T)(array.length + 1);
  next.set(array.subarray(0, at));
  next[at] = value;
  next.set(array.subarray(at), at + 1);
  return next;
}

/** A model's rows with those of parts added since it was read (from the snapshot, no query). */
function catchUpModel(snap: Snapshot, bike: Bike, rows: ModelFitment): ModelFitment {
  if (rows.through >= snap.size) return rows;
  const added = snap.addedFitments.filter(
    (row) => row.position >= rows.through && row.make === bike.make && row.model === bike.model,
  );
  const n = rows.positions.length;
  const positions = new Int32Array(n + added.length);
  const from = new Int16Array(n + added.length);
  const to = new Int16Array(n + added.length);
  positions.set(rows.positions);
  from.set(rows.from);
  to.set(rows.to);
  added.forEach((row, k) => {
    positions[n + k] = row.position;
    from[n + k] = row.from;
    to[n + k] = row.to;
  });
  return Object.assign(rows, { positions, from, to, through: snap.size });
}

/** Why a text's matches were found by their other numbers (search.ts NumberHits), by part id. */
function matchesOf(text: TextMatch): Map<string, NumberMatch> {
  const matched = new Map<string, NumberMatch>();
  for (const [id, hit] of text.numbers?.byPart ?? []) if (hit.match) matched.set(id, hit.match);
  return matched;
}

/** Most parts kept ready to answer (a few kB each with their fitment). */
const MAX_PARTS = 20_000;

export class CatalogueIndex {
  private snapshot: Promise<Snapshot> | null = null;
  /** Every part's other numbers, so a typed number is looked up without asking PostgreSQL. */
  private readonly numbers: NumberIndex;
  private readonly lookup: NumberLookup;
  /** Parts as answers show them (matchedBy null: a list adds the reason), most recently used last. */
  private readonly answers = new Map<string, PartListItem>();
  /** Counts changes, so a read that a change overtook is not kept. */
  private changes = 0;
  /** Parts whose stock or rating changed since they were last read. */
  private readonly stale = new Set<string>();
  /** Parts an admin edited since they were last read: every fact of theirs is read again. */
  private readonly edited = new Set<string>();
  /** Parts added or deleted since: added at the end of the snapshot, or marked gone. */
  private readonly members = new Set<string>();
  /** An edit came: what texts match and bikes take must be asked again. */
  private derivedStale = false;
  /** A chain of replacements changed: the texts that are numbers are asked again (NUMBERS_TAG). */
  private numbersStale = false;
  private refreshing: Promise<void> | null = null;

  constructor(private readonly db: Db) {
    this.numbers = new NumberIndex(db);
    this.lookup = (key) => this.numbers.hits(key);
  }

  /** Follow the catalogue cache's invalidations, this process's and other processes'. */
  follow(cache: ResponseCache): this {
    cache.onChange((tags) => {
      this.changes++;
      this.numbers.changed(tags);
      if (tags === null) {
        this.snapshot = null;
        this.answers.clear();
        this.edited.clear();
        this.members.clear();
        this.derivedStale = false;
        this.numbersStale = false;
        return;
      }
      if (tags.has(NUMBERS_TAG)) this.numbersStale = true;
      // An added or deleted part changes no other part: what texts match and bikes take stays.
      const membership = tags.has(MEMBERSHIP_TAG);
      const edit = tags.has(EDIT_TAG) && !membership;
      if (edit) this.derivedStale = true;
      const into = membership ? this.members : edit ? this.edited : this.stale;
      for (const tag of tags) {
        if (!tag.startsWith('part:')) continue;
        const id = tag.slice('part:'.length);
        into.add(id);
        this.answers.delete(id);
      }
    });
    return this;
  }

  /** Part ids for one page, in order, and the total. */
  async page(query: PartListQuery): Promise<{ ids: string[]; total: number }> {
    const snap = await this.current();
    const f = await this.filterOf(snap, query);
    const size = f.candidates ? f.candidates.length : snap.size;
    const kept = new Int32Array(size);
    let n = 0;
    for (let k = 0; k < size; k++) {
      const i = f.candidates ? f.candidates[k]! : k;
      if (passesRest(snap, f, i) && passesAll(snap, f, i)) kept[n++] = i;
    }
    const end = Math.min(query.offset + query.limit, n);
    const start = Math.min(query.offset, end);
    let page: Int32Array;
    if (query.sort === 'relevance') {
      // The text's own order, or catalogue order (the base order of the candidates).
      page = kept.subarray(start, end);
    } else {
      const { order, rank } = snap.sortOrder(query.sort);
      const ranks = new Int32Array(n);
      for (let k = 0; k < n; k++) ranks[k] = rank[kept[k]!]!;
      ranks.sort();
      page = ranks.subarray(start, end).map((r) => order[r]!);
    }
    return { ids: Array.from(page, (i) => snap.ids[i]!), total: n };
  }

  /** The facet groups of decision 008 (brand × category), counted in memory. */
  async facetGroups(query: PartFacetsQuery): Promise<{ groups: FacetGroup[]; textMode: TextMode | null }> {
    const snap = await this.current();
    const f = await this.filterOf(snap, query);
    const categories = Math.max(1, snap.categoryNames.length);
    const groups = new Map<number, FacetGroup>();
    const size = f.candidates ? f.candidates.length : snap.size;
    for (let k = 0; k < size; k++) {
      const i = f.candidates ? f.candidates[k]! : k;
      if (!passesRest(snap, f, i)) continue;
      const key = snap.brand[i]! * categories + snap.category[i]!;
      let group = groups.get(key);
      if (!group) {
        group = {
          brand: snap.brandNames[snap.brand[i]!]!,
          category: snap.categoryNames[snap.category[i]!]!,
          count: 0,
          inStock: 0,
          minPrice: null,
          maxPrice: null,
        };
        groups.set(key, group);
      }
      const priceOk = passesPrice(snap, f, i);
      const stockOk = passesStock(snap, f, i);
      if (priceOk && stockOk) group.count++;
      if (priceOk && snap.inStock(i)) group.inStock++;
      if (stockOk) {
        const price = snap.price[i]!;
        if (group.minPrice === null || price < group.minPrice) group.minPrice = price;
        if (group.maxPrice === null || price > group.maxPrice) group.maxPrice = price;
      }
    }
    return { groups: [...groups.values()], textMode: f.text?.mode ?? null };
  }

  /** The best few parts for a text, as the relevance sort ranks them. */
  async bestForText(q: string, limit: number): Promise<string[]> {
    const snap = await this.current();
    const text = await this.textSet(snap, q);
    const best: string[] = [];
    for (let k = 0; k < text.ranked.length && best.length < limit; k++) {
      const i = text.ranked[k]!;
      if (snap.gone[i] === 0) best.push(snap.ids[i]!);
    }
    return best;
  }

  /**
   * The best few parts for a text as a rider with this bike wants them: those that fit it (a
   * fitment row for it, or universal) first, best first, then the best of the rest. The fitting
   * ones are the text-and-bike candidates the search page walks too, so a rider who types and
   * then presses Enter costs one walk of the text's matches, not two.
   */
  async bestForTextAndBike(q: string, bike: Bike, limit: number): Promise<{ id: string; fits: boolean }[]> {
    const snap = await this.current();
    const [text, fitting] = await Promise.all([this.textSet(snap, q), this.candidates(snap, q, bike)]);
    const best: { id: string; fits: boolean }[] = [];
    const taken = new Set<number>();
    for (let k = 0; k < fitting.length && best.length < limit; k++) {
      const i = fitting[k]!;
      if (snap.gone[i] !== 0) continue;
      best.push({ id: snap.ids[i]!, fits: true });
      taken.add(i);
    }
    // Fewer fitting parts than asked for means every fitting one is taken: the rest do not fit.
    for (let k = 0; k < text.ranked.length && best.length < limit; k++) {
      const i = text.ranked[k]!;
      if (snap.gone[i] === 0 && !taken.has(i)) best.push({ id: snap.ids[i]!, fits: false });
    }
    return best;
  }

  /**
   * The parts with these ids, in this order: kept ones from memory, the rest from `read` (which
   * may leave out a part deleted meanwhile). Kept until a change names the part.
   */
  async partsByIds(ids: string[], read: (ids: string[]) => Promise<PartListItem[]>): Promise<PartListItem[]> {
    const missing = ids.filter((id) => !this.answers.has(id));
    const fetched = new Map<string, PartListItem>();
    if (missing.length) {
      const startedAt = this.changes;
      for (const part of await read(missing)) fetched.set(part._id, part);
      if (startedAt === this.changes) {
        for (const part of fetched.values()) this.answers.set(part._id, part);
        while (this.answers.size > MAX_PARTS) this.answers.delete(this.answers.keys().next().value!);
      }
    }
    return ids.flatMap((id) => {
      const kept = this.answers.get(id);
      if (kept) {
        this.answers.delete(id);
        this.answers.set(id, kept);
        return [kept];
      }
      const fresh = fetched.get(id);
      return fresh ? [fresh] : [];
    });
  }

  /**
   * Why a text found the parts it found by their other numbers (OEM, interchange, a replaced
   * number and its chain), by part id: kept with the text's matches, so a page or a suggestion
   * asks the database nothing more.
   */
  async numberMatches(q: string): Promise<ReadonlyMap<string, NumberMatch>> {
    const snap = await this.current();
    return (await this.textSet(snap, q)).matched;
  }

  /** The bikes the catalogue has parts for (the search box's bike suggestions). */
  async bikesWithParts(): Promise<BikeWithParts[]> {
    const snap = await this.current();
    if (!snap.bikesWithParts) {
      const loading = bikesWithParts(this.db);
      snap.bikesWithParts = loading;
      loading.catch(() => {
        if (snap.bikesWithParts === loading) snap.bikesWithParts = null;
      });
    }
    return snap.bikesWithParts;
  }

  private async filterOf(snap: Snapshot, query: PartFacetsQuery): Promise<Filter> {
    const bike =
      query.year !== undefined && query.make && query.model
        ? { year: query.year, make: query.make, model: query.model }
        : null;
    const [text, candidates] = await Promise.all([
      query.q ? this.textSet(snap, query.q) : null,
      query.q || bike ? this.candidates(snap, query.q ?? null, bike) : null,
    ]);
    return {
      text,
      candidates,
      minRating: query.minRating,
      lowOnly: query.stock === 'low',
      brands: query.brand?.length ? brandMask(snap.brandNames, query.brand) : null,
      category: query.category ? snap.categoryNames.indexOf(query.category) : null,
      min: query.minPrice === undefined ? null : dollarsToCents(query.minPrice),
      max: query.maxPrice === undefined ? null : dollarsToCents(query.maxPrice),
      inStock: query.inStock === true,
    };
  }

  /**
   * The parts passing a text and a bike (universal parts fit every bike): in the text's ranking,
   * or in catalogue order without text. Kept per text and bike, so a page walks these few
   * hundred positions instead of the text's tens of thousands, or every part's bike bit.
   */
  private async candidates(snap: Snapshot, q: string | null, bike: Bike | null): Promise<Positions> {
    const bikeKey = bike ? `${bike.year}\u0000${bike.make}\u0000${bike.model}` : '';
    const key = `${q ?? ''}\u0001${bikeKey}`;
    for (;;) {
      const loading = snap.remember(snap.candidates, key, async () => {
        const [text, bike_] = await Promise.all([
          q ? this.textSet(snap, q) : null,
          bike ? this.bikeSet(snap, bike) : null,
        ]);
        const bits = bike_?.bits;
        const size = text ? text.ranked.length : snap.size;
        const out = new Int32Array(size);
        let n = 0;
        for (let k = 0; k < size; k++) {
          const i = text ? text.ranked[k]! : k;
          if (!bits || snap.universal[i] === 1 || (bits[i >>> 5]! & (1 << (i & 31))) !== 0) out[n++] = i;
        }
        snap.candidatePositions += n;
        // Made from what covers parts up to here; a part added later makes it again (in memory).
        const through = Math.min(text ? text.through : snap.size, bike_ ? bike_.through : snap.size);
        return { positions: out.slice(0, n), through };
      });
      snap.trimCandidates();
      const made = await loading;
      if (made.through >= snap.size) return made.positions;
      if (snap.candidates.get(key) === loading) snap.candidates.delete(key);
    }
  }

  /**
   * The parts a text matches, best first: search.ts's rules, asked once per text; parts added
   * since are asked about alone and placed among them (catchUpText).
   */
  private async textSet(snap: Snapshot, q: string): Promise<TextSet> {
    for (;;) {
      const loading = snap.remember(snap.texts, q, () => this.readText(snap, q));
      snap.trimTexts();
      const set = await loading;
      if (set.through >= snap.size) return set;
      set.catchingUp ??= this.catchUpText(snap, q, set).finally(() => {
        set.catchingUp = null;
      });
      if (await set.catchingUp) return set;
      // The text now matches exactly where it matched by typo before: asked again, whole.
      if (snap.texts.get(q) === loading) snap.texts.delete(q);
    }
  }

  private async readText(snap: Snapshot, q: string): Promise<TextSet> {
    // Parts added while PostgreSQL answers are asked about again (catchUpText skips repeats).
    const through = snap.size;
    const { text, rows } = await selectByText(
      this.db,
      q,
      (match) =>
        this.db
          .select({ id: parts.id, ...relevanceKeys(q, match) })
          .from(parts)
          .where(match.where)
          .orderBy(...orderOf('relevance', q, match)),
      this.lookup,
    );
    const ranked = new Int32Array(rows.length);
    const flags = new Uint8Array(rows.length);
    const score = new Float64Array(rows.length);
    let n = 0;
    for (const row of rows) {
      const i = snap.positionOf.get(row.id);
      if (i === undefined) continue;
      ranked[n] = i;
      flags[n] = row.flags;
      score[n] = row.score;
      n++;
    }
    const set: TextSet = {
      mode: text.mode,
      ranked: ranked.slice(0, n),
      flags: flags.slice(0, n),
      score: score.slice(0, n),
      matched: matchesOf(text),
      through,
      catchingUp: null,
    };
    snap.countText(set);
    return set;
  }

  /**
   * Places the parts added since the text was asked among its matches: PostgreSQL says which of
   * them match (the same rule, those ids only) and their relevance keys; each goes after the
   * matches that rank at least as high (it is the newest, last in catalogue order). Answers false
   * when the text must be asked again whole: it matched by typo only, and an added part matches
   * it exactly.
   */
  private async catchUpText(snap: Snapshot, q: string, set: TextSet): Promise<boolean> {
    const to = snap.size;
    const ids: string[] = [];
    for (let i = set.through; i < to; i++) if (snap.gone[i] === 0) ids.push(snap.ids[i]!);
    if (ids.length === 0) {
      set.through = to;
      return true;
    }
    // The added rows by primary key first, then the text's rule on those alone: the OFFSET keeps
    // the planner from starting at the text index, which would walk every match of the text.
    // The subquery is named as the table, so the rule's "parts"."…" columns read its rows.
    const among = (match: TextMatch) => {
      const added = this.db.select().from(parts).where(inArray(parts.id, ids)).offset(0).as('parts');
      return this.db
        .select({ id: added.id, ...relevanceKeys(q, match) })
        .from(added)
        .where(match.where);
    };
    if (set.mode === 'fuzzy') {
      const exact = await textMatchIn(this.db, q, 'exact', this.lookup);
      if (exact && (await among(exact)).length > 0) return false;
    }
    const match = (await textMatchIn(this.db, q, set.mode, this.lookup))!;
    const rows = await among(match);
    // Why the added parts were found, when one of their other numbers found them.
    const matched = new Map(set.matched);
    for (const [id, why] of matchesOf(match)) if (ids.includes(id)) matched.set(id, why);
    // Read by a text query that ran while they were added: already placed.
    const placed = new Set<number>();
    for (const i of set.ranked) if (i >= set.through) placed.add(i);
    let { ranked, flags, score } = set;
    for (const row of rows) {
      const i = snap.positionOf.get(row.id);
      if (i === undefined || placed.has(i)) continue;
      // After every match with higher flags, or equal flags and at least its score.
      let lo = 0;
      let hi = ranked.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const before =
          flags[mid]! > row.flags ||
          (flags[mid] === row.flags &&
            (score[mid]! > row.score || (score[mid] === row.score && ranked[mid]! < i)));
        if (before) lo = mid + 1;
        else hi = mid;
      }
      ranked = insertAt(ranked, lo, i);
      flags = insertAt(flags, lo, row.flags);
      score = insertAt(score, lo, row.score);
      placed.add(i);
      snap.textPositions++;
    }
    Object.assign(set, { ranked, flags, score, matched, through: to });
    return true;
  }

  /**
   * The parts with a fitment row covering the bike (universal parts are added by the filter),
   * made from its model's rows: one read per model serves every one of its years.
   */
  private async bikeSet(snap: Snapshot, bike: Bike): Promise<BikeBits> {
    const model = `${bike.make}\u0000${bike.model}`;
    const key = `${bike.year}\u0000${model}`;
    for (;;) {
      const loading = snap.remember(snap.bikes, key, async () => {
        const rows = catchUpModel(
          snap,
          bike,
          await snap.remember(snap.models, model, () => this.modelFitment(snap, bike)),
        );
        const bits = new Uint32Array((rows.through >>> 5) + 1);
        for (let k = 0; k < rows.positions.length; k++) {
          if (rows.from[k]! <= bike.year && rows.to[k]! >= bike.year) {
            const i = rows.positions[k]!;
            bits[i >>> 5]! |= 1 << (i & 31);
          }
        }
        return { bits, through: rows.through };
      });
      snap.trimBikes();
      const made = await loading;
      if (made.through >= snap.size) return made;
      // A part added since: made again from the model's rows in memory.
      if (snap.bikes.get(key) === loading) snap.bikes.delete(key);
    }
  }

  private async modelFitment(snap: Snapshot, bike: Bike): Promise<ModelFitment> {
    // Rows of parts added while this reads come from the snapshot's added fitments instead.
    const through = snap.size;
    // Read from the covering (make, model, year_from, year_to, part_id) index alone.
    const rows = await this.db
      .select({ id: partFitments.partId, from: partFitments.yearFrom, to: partFitments.yearTo })
      .from(partFitments)
      .where(and(eq(partFitments.make, bike.make), eq(partFitments.model, bike.model)));
    const positions = new Int32Array(rows.length);
    const from = new Int16Array(rows.length);
    const to = new Int16Array(rows.length);
    let k = 0;
    for (const row of rows) {
      const i = snap.positionOf.get(row.id);
      // A part added since the snapshot was read: the change that added it adds its rows.
      if (i === undefined || i >= through) continue;
      positions[k] = i;
      from[k] = row.from;
      to[k] = row.to;
      k++;
    }
    return { positions: positions.subarray(0, k), from: from.subarray(0, k), to: to.subarray(0, k), through };
  }

  /** The snapshot to answer from, with every stock change announced so far read into it. */
  private async current(): Promise<Snapshot> {
    let loading = this.snapshot;
    if (!loading) {
      loading = this.load();
      this.snapshot = loading;
      const mine = loading;
      // A failed read is not kept: the next request tries again.
      mine.catch(() => {
        if (this.snapshot === mine) this.snapshot = null;
      });
    }
    const snap = await loading;
    while (
      this.refreshing ||
      this.stale.size ||
      this.edited.size ||
      this.members.size ||
      this.derivedStale ||
      this.numbersStale
    ) {
      if (this.derivedStale) {
        snap.forgetDerived();
        this.derivedStale = false;
      }
      if (this.numbersStale) {
        snap.forgetNumberTexts();
        this.numbersStale = false;
      }
      if (!this.refreshing && (this.stale.size || this.edited.size || this.members.size)) {
        const ids = [...this.stale];
        const edits = [...this.edited];
        const members = [...this.members];
        this.stale.clear();
        this.edited.clear();
        this.members.clear();
        this.refreshing = this.readChanged(snap, ids, edits, members)
          .then((usable) => {
            if (!usable && this.snapshot === loading) {
              this.snapshot = null;
              this.answers.clear();
            }
          })
          .catch((err: unknown) => {
            for (const id of ids) this.stale.add(id);
            for (const id of edits) this.edited.add(id);
            for (const id of members) this.members.add(id);
            throw err;
          })
          .finally(() => {
            this.refreshing = null;
          });
      }
      if (this.refreshing) await this.refreshing;
    }
    // An edited part this snapshot cannot place made it read the whole catalogue again.
    if (this.snapshot !== loading) return this.current();
    return snap;
  }

  /**
   * Re-reads what orders and reviews change (stock and ratings; the rating sort then goes) and,
   * for parts an admin edited, every fact the index keeps (the sorts then go). An edited part the
   * snapshot does not hold, or that is gone, makes it read the whole catalogue again. Parts
   * added or deleted (`members`): one still in the table and new to the snapshot is added at its
   * end, with its fitment rows; one gone from the table is marked gone. An added part that does
   * not come after every part held (two adds crossing) makes it read the whole catalogue again.
   */
  private async readChanged(
    snap: Snapshot,
    ids: string[],
    edits: string[] = [],
    members: string[] = [],
  ): Promise<boolean> {
    const rows = await this.db
      .select({
        id: parts.id,
        createdAt: parts.createdAt,
        available: parts.availablequantity,
        minimum: parts.minquantity,
        ratings: parts.ratings,
        reviewCount: parts.reviewCount,
        priceCents: parts.priceCents,
        universal: parts.universal,
        brand: parts.brand,
        category: parts.category,
      })
      .from(parts)
      .where(inArray(parts.id, [...new Set([...ids, ...edits, ...members])]));
    const edited = new Set(edits);
    const found = rows.filter((row) => edited.has(row.id) && snap.positionOf.has(row.id));
    if (found.length < edited.size) return false;
    if (members.length && !(await this.addOrRemove(snap, members, rows))) return false;
    if (edited.size) for (const sort of PART_SORTS) snap.forgetSort(sort);
    for (const row of rows) {
      const i = snap.positionOf.get(row.id);
      if (i === undefined) continue;
      if (edited.has(row.id)) snap.setFacts(i, row);
      snap.available[i] = row.available;
      snap.minimum[i] = row.minimum;
      if (snap.ratings[i] !== row.ratings || snap.reviewCount[i] !== row.reviewCount) {
        snap.ratings[i] = row.ratings;
        snap.reviewCount[i] = row.reviewCount;
        snap.forgetSort('rating');
      }
    }
    return true;
  }

  /** readChanged's step for parts added or deleted; false when they cannot be placed. */
  private async addOrRemove(snap: Snapshot, members: string[], rows: SnapshotRow[]): Promise<boolean> {
    const present = new Set(rows.map((row) => row.id));
    for (const id of members) if (!present.has(id)) snap.remove(id);
    const named = new Set(members);
    const added = rows
      .filter((row) => named.has(row.id) && !snap.positionOf.has(row.id))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    if (added.length === 0) return true;
    if (!snap.canAppend(added)) return false;
    const fitments = await this.db
      .select({
        partId: partFitments.partId,
        make: partFitments.make,
        model: partFitments.model,
        from: partFitments.yearFrom,
        to: partFitments.yearTo,
      })
      .from(partFitments)
      .where(
        inArray(
          partFitments.partId,
          added.map((row) => row.id),
        ),
      );
    snap.append(added, fitments);
    return true;
  }

  private async load(): Promise<Snapshot> {
    catalogueIndexRebuilds.inc();
    // Read beside the snapshot: at 100,000 parts the numbers take seconds to read.
    this.numbers.warm();
    const rows = await this.db
      .select({
        id: parts.id,
        createdAt: parts.createdAt,
        priceCents: parts.priceCents,
        ratings: parts.ratings,
        reviewCount: parts.reviewCount,
        universal: parts.universal,
        available: parts.availablequantity,
        minimum: parts.minquantity,
        brand: parts.brand,
        category: parts.category,
      })
      .from(parts)
      .orderBy(asc(parts.createdAt), asc(parts.id));
    return new Snapshot(rows);
  }
}
