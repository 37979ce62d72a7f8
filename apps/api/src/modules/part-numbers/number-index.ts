import { inArray, sql } from 'drizzle-orm';
import type { PartNumberKind } from '@pitstop/core/part-numbers';
import type { Db } from '../../db/client.js';
import { partNumbers, parts } from '../../db/schema.js';
import { EDIT_TAG } from '../../lib/response-cache.js';
import { bestHits, CHAIN_MAX, PREFIX_HITS_MAX, type HitRow, type NumberHit } from './service.js';

/**
 * Every part's other numbers and own number key in memory, per process, so a typed number is
 * looked up without asking PostgreSQL (issue #29's budget: a number lookup at p95 ≤ 15 ms). The
 * recursive query of numberHits costs 1–3 ms of planning alone on every number nobody asked
 * before, and a round trip to the database is the costliest thing a request does on this kind of
 * machine. numberHits stays the reference: this walks the same rows the same way (exact key,
 * the first PREFIX_HITS_MAX keys that begin with it, each 'supersedes' row's chain of
 * replacements) and hands them to the same bestHits, and a test compares both.
 *
 * Read whole on the first lookup (about 300,000 numbers at 100,000 parts: a few hundred
 * milliseconds and 30–40 MB). A part edited, added or deleted is read again alone (its numbers and
 * its own number, which chains run through); a catalogue-wide change (an import) drops it all.
 */

interface NumberRow {
  partId: string;
  kind: PartNumberKind;
  brand: string | null;
  number: string;
  key: string;
  position: number;
}

const KINDS: readonly PartNumberKind[] = ['oem', 'interchange', 'supersedes'];

/** The numbers as read whole, sorted by key in byte order (text_pattern_ops' order). */
class NumberTable {
  readonly keys: string[] = [];
  readonly numbers: string[] = [];
  readonly brands: (string | null)[] = [];
  readonly partIds: string[] = [];
  readonly kinds: Uint8Array;
  readonly positions: Int32Array;
  /** Parts whose rows above no longer count: their rows now are in `changed`. */
  readonly overridden = new Set<string>();
  /** The rows of parts read again since, by part (none for a part deleted). */
  readonly changed = new Map<string, NumberRow[]>();
  /** Each part's own number key, which chains of replacements run through. */
  readonly ownKey = new Map<string, string>();
  /** The parts with a 'supersedes' row of each key: the parts that replace that number. */
  readonly replacers = new Map<string, string[]>();
  /** The other way round: the keys each part replaces. */
  private readonly replacing = new Map<string, string[]>();

  constructor(rows: readonly NumberRow[], own: readonly { id: string; key: string }[]) {
    this.kinds = new Uint8Array(rows.length);
    this.positions = new Int32Array(rows.length);
    // One string per part id and per brand, not one per row (300,000 rows hold 100,000 parts).
    const ids = new Map<string, string>();
    for (const part of own) {
      this.ownKey.set(part.id, part.key);
      ids.set(part.id, part.id);
    }
    const brands = new Map<string, string>();
    rows.forEach((row, i) => {
      this.keys.push(row.key);
      this.numbers.push(row.number);
      let brand = row.brand;
      if (brand !== null) {
        brand = brands.get(brand) ?? brand;
        brands.set(brand, brand);
      }
      this.brands.push(brand);
      this.partIds.push(ids.get(row.partId) ?? row.partId);
      this.kinds[i] = KINDS.indexOf(row.kind);
      this.positions[i] = row.position;
      if (row.kind === 'supersedes') this.addReplacer(row.key, this.partIds[i]!);
    });
  }

  private addReplacer(key: string, partId: string): void {
    const list = this.replacers.get(key);
    if (list) list.push(partId);
    else this.replacers.set(key, [partId]);
    const keys = this.replacing.get(partId);
    if (keys) keys.push(key);
    else this.replacing.set(partId, [key]);
  }

  private dropReplacer(key: string, partId: string): void {
    const list = this.replacers.get(key)?.filter((id) => id !== partId);
    if (list?.length) this.replacers.set(key, list);
    else this.replacers.delete(key);
  }

  private row(i: number): NumberRow {
    return {
      partId: this.partIds[i]!,
      kind: KINDS[this.kinds[i]!]!,
      brand: this.brands[i]!,
      number: this.numbers[i]!,
      key: this.keys[i]!,
      position: this.positions[i]!,
    };
  }

  /** A part read again: its rows (none: deleted) and own number key (null: deleted). */
  replace(partId: string, rows: NumberRow[], ownKey: string | null): void {
    for (const key of this.replacing.get(partId) ?? []) this.dropReplacer(key, partId);
    this.replacing.delete(partId);
    this.overridden.add(partId);
    this.changed.set(partId, rows);
    for (const row of rows) if (row.kind === 'supersedes') this.addReplacer(row.key, partId);
    if (ownKey === null) this.ownKey.delete(partId);
    else this.ownKey.set(partId, ownKey);
  }

  /** The rows numberHits starts from: the key's own rows, then the first that begin with it. */
  seeds(key: string): { exact: NumberRow[]; prefix: NumberRow[] } {
    const exact: NumberRow[] = [];
    const prefix: NumberRow[] = [];
    let i = lowerBound(this.keys, key);
    for (; i < this.keys.length && this.keys[i] === key; i++) {
      if (!this.overridden.has(this.partIds[i]!)) exact.push(this.row(i));
    }
    for (; i < this.keys.length && prefix.length < PREFIX_HITS_MAX && this.keys[i]!.startsWith(key); i++) {
      if (!this.overridden.has(this.partIds[i]!)) prefix.push(this.row(i));
    }
    let merged = false;
    for (const rows of this.changed.values()) {
      for (const row of rows) {
        if (row.key === key) exact.push(row);
        else if (row.key.startsWith(key)) {
          prefix.push(row);
          merged = true;
        }
      }
    }
    if (merged) prefix.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return { exact, prefix: prefix.slice(0, PREFIX_HITS_MAX) };
  }
}

/** The first index whose key is not below `key`, in byte order (keys are ASCII letters and digits). */
function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** At most this many parts read again one by one; more (an import's worth) read everything again. */
const MAX_CHANGED_PARTS = 2_000;

export class NumberIndex {
  private table: Promise<NumberTable> | null = null;
  /** Parts edited, added or deleted since they were last read. */
  private readonly pending = new Set<string>();
  private patching: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  /** A catalogue change (the response cache's tags; null: everything changed). */
  changed(tags: ReadonlySet<string> | null): void {
    if (tags === null) {
      this.table = null;
      this.pending.clear();
      return;
    }
    // Only edits, adds and deletes (EDIT_TAG, with MEMBERSHIP_TAG for the last two) touch numbers.
    if (!tags.has(EDIT_TAG)) return;
    for (const tag of tags) if (tag.startsWith('part:')) this.pending.add(tag.slice('part:'.length));
  }

  /**
   * Starts reading the numbers if nothing holds them yet (the catalogue index asks when it reads
   * its snapshot), so the first number typed does not wait for them; a failed read is tried
   * again by the next lookup.
   */
  warm(): void {
    this.current().catch(() => undefined);
  }

  /** What numberHits answers for this key, from memory. */
  async hits(key: string): Promise<NumberHit[]> {
    const table = await this.current();
    const { exact, prefix } = table.seeds(key);
    const rows: HitRow[] = [];
    for (const row of exact) walk(table, key, row, true, rows);
    for (const row of prefix) walk(table, key, row, false, rows);
    return bestHits(rows);
  }

  private async current(): Promise<NumberTable> {
    for (;;) {
      let loading = this.table;
      if (!loading) {
        loading = this.load();
        this.table = loading;
        const mine = loading;
        mine.catch(() => {
          if (this.table === mine) this.table = null;
        });
      }
      const table = await loading;
      while (this.pending.size || this.patching) {
        if (!this.patching) {
          const ids = [...this.pending];
          this.pending.clear();
          this.patching = this.patch(table, ids)
            .then((usable) => {
              if (!usable && this.table === loading) this.table = null;
            })
            .catch((err: unknown) => {
              for (const id of ids) this.pending.add(id);
              throw err;
            })
            .finally(() => {
              this.patching = null;
            });
        }
        await this.patching;
      }
      // A catalogue-wide change while this was read or patched: read again.
      if (this.table === loading) return table;
    }
  }

  /** Reads these parts again into the table; false when so many changed that it is read whole. */
  private async patch(table: NumberTable, ids: string[]): Promise<boolean> {
    if (table.changed.size + ids.length > MAX_CHANGED_PARTS) return false;
    const [rows, own] = await Promise.all([
      this.db.select(ROW_COLUMNS).from(partNumbers).where(inArray(partNumbers.partId, ids)),
      this.db.select({ id: parts.id, key: parts.partNumberKey }).from(parts).where(inArray(parts.id, ids)),
    ]);
    const ownKey = new Map(own.map((part) => [part.id, part.key]));
    for (const id of ids) {
      table.replace(
        id,
        rows.filter((row) => row.partId === id),
        ownKey.get(id) ?? null,
      );
    }
    return true;
  }

  private async load(): Promise<NumberTable> {
    const [rows, own] = await Promise.all([
      // Byte order, as the text_pattern_ops index and the prefix scan of numberHits use.
      this.db
        .select(ROW_COLUMNS)
        .from(partNumbers)
        .orderBy(sql`${partNumbers.numberKey} collate "C"`),
      this.db.select({ id: parts.id, key: parts.partNumberKey }).from(parts),
    ]);
    return new NumberTable(rows, own);
  }
}

const ROW_COLUMNS = {
  partId: partNumbers.partId,
  kind: partNumbers.kind,
  brand: partNumbers.brand,
  number: partNumbers.number,
  key: partNumbers.numberKey,
  position: partNumbers.position,
};

/**
 * A seed row and the chain of replacements from it, as numberHits' recursive query walks it: from
 * a 'supersedes' row's part to every part replacing that part's own number, not revisiting a part
 * of the same chain, at most CHAIN_MAX steps; each step keeps the seed's number as the reason.
 */
function walk(table: NumberTable, key: string, seed: NumberRow, exact: boolean, out: HitRow[]): void {
  const visit = (partId: string, depth: number, seen: string[]) => {
    const own = table.ownKey.get(partId);
    // A row of a part gone meanwhile (the join to parts drops it in SQL).
    if (own === undefined) return;
    const replacers = seed.kind === 'supersedes' ? (table.replacers.get(own) ?? []) : [];
    out.push({
      part_id: partId,
      kind: seed.kind,
      brand: seed.brand,
      number: seed.number,
      position: seed.position,
      exact,
      depth,
      replaced: replacers.some((id) => !seen.includes(id)),
      own: own.startsWith(key),
    });
    if (depth >= CHAIN_MAX) return;
    for (const next of replacers) if (!seen.includes(next)) visit(next, depth + 1, [...seen, next]);
  };
  visit(seed.partId, 0, [seed.partId]);
}
