/**
 * Serialised responses kept in memory, keyed by request. An answer may name what it depends on
 * (tags: the parts it shows, `stock` when its set or counts depend on stock levels); a write then
 * drops only the answers carrying its tags, so one order no longer empties the whole cache.
 * Untagged answers are dropped by every invalidation; admin writes still drop everything.
 *
 * A generation counter guards the race where a write lands while a read is still building its
 * answer: the read's result is stored only if no invalidation since it started touched it (a
 * short log of recent invalidations says which; under a steady stream of orders an unrelated
 * one must not keep a page from ever being stored). Concurrent misses for one key share one
 * computation, unless an invalidation came between them.
 */
import type { FastifyReply } from 'fastify';

export interface CachedResponse {
  body: Buffer;
  headers: Record<string, string>;
  /** What the answer depends on; undefined: anything (dropped by every invalidation). */
  tags?: readonly string[];
}

/** The tag of answers that show a part (its stock, price, name…). */
export const partTag = (partId: string): string => `part:${partId}`;
/** The tag of answers whose set of parts or counts depend on stock levels (in-stock filters, facets). */
export const STOCK_TAG = 'stock';

export type TagListener = (tags: readonly string[]) => Promise<void>;

const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON answer as the cache keeps it: serialised once, then sent as bytes. */
export function jsonResponse(
  body: unknown,
  headers: Record<string, string> = {},
  tags?: readonly string[],
): CachedResponse {
  return { body: Buffer.from(JSON.stringify(body)), headers, ...(tags ? { tags } : {}) };
}

/** Cached bytes go out as they are: a Buffer payload skips the response serializer. */
export function sendCached(reply: FastifyReply, cached: CachedResponse): FastifyReply {
  return reply.headers(cached.headers).type(JSON_TYPE).send(cached.body);
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private generation = 0;
  private readonly listeners = new Set<() => void>();
  private readonly tagListeners = new Set<TagListener>();
  /** Recent invalidations, oldest first: their generation and tags (null: everything). */
  private readonly recent: { generation: number; tags: ReadonlySet<string> | null }[] = [];
  private readonly inFlight = new Map<string, Promise<CachedResponse>>();
  /** True while invalidations from other processes could be missed: nothing is kept. */
  private bypass = false;

  constructor(private readonly maxEntries = 1_000) {}

  get(key: string): CachedResponse | undefined {
    return this.bypass ? undefined : this.entries.get(key);
  }

  /** Stop keeping answers (the bus is down) or start again, from empty either way. */
  setBypass(bypass: boolean): void {
    this.bypass = bypass;
    this.invalidateLocal();
  }

  /** Computes (or reuses) the response for key. */
  async getOrCompute(key: string, compute: () => Promise<CachedResponse>): Promise<CachedResponse> {
    if (this.bypass) return compute();
    const hit = this.entries.get(key);
    if (hit) return hit;
    const shared = this.inFlight.get(key);
    if (shared) return shared;
    const startedAt = this.generation;
    const pending = compute().then((value) => {
      if (this.inFlight.get(key) === pending) this.inFlight.delete(key);
      if (!this.touchedSince(startedAt, value.tags)) {
        if (this.entries.size >= this.maxEntries) {
          // Map keeps insertion order: drop the oldest entry.
          const oldest = this.entries.keys().next().value;
          if (oldest !== undefined) this.entries.delete(oldest);
        }
        this.entries.set(key, value);
      }
      return value;
    });
    this.inFlight.set(key, pending);
    pending.catch(() => {
      if (this.inFlight.get(key) === pending) this.inFlight.delete(key);
    });
    return pending;
  }

  /** Whether an invalidation since `generation` could have changed an answer with these tags. */
  private touchedSince(generation: number, tags: readonly string[] | undefined): boolean {
    if (generation === this.generation) return false;
    const oldest = this.recent[0];
    // Older than what the log remembers: assume it was touched.
    if (!oldest || oldest.generation > generation + 1) return true;
    for (const change of this.recent) {
      if (change.generation <= generation) continue;
      if (!change.tags || !tags || tags.some((tag) => change.tags!.has(tag))) return true;
    }
    return false;
  }

  private record(tags: ReadonlySet<string> | null): void {
    this.generation++;
    this.recent.push({ generation: this.generation, tags });
    if (this.recent.length > 256) this.recent.shift();
    // A read that joins a computation must not get an answer read before this change.
    this.inFlight.clear();
  }

  /** Forget everything, locally; `onInvalidate` listeners spread it to other processes. */
  invalidate(): void {
    this.invalidateLocal();
    for (const listener of this.listeners) listener();
  }

  /** Called for invalidations that arrive from another process. */
  invalidateLocal(): void {
    this.record(null);
    this.entries.clear();
  }

  onInvalidate(listener: () => void): void {
    this.listeners.add(listener);
  }

  /**
   * Drop the answers that carry any of these tags (and the untagged ones), here and, through
   * the tag listeners, on every other process: settles once they have dropped them too.
   */
  async invalidateTags(tags: readonly string[]): Promise<void> {
    this.invalidateTagsLocal(tags);
    await Promise.all([...this.tagListeners].map((listener) => listener(tags)));
  }

  /** A stock change: the answers showing these parts and those that depend on stock levels. */
  invalidateStock(partIds: readonly (string | null)[]): Promise<void> {
    const ids = partIds.filter((id): id is string => id !== null);
    return this.invalidateTags([STOCK_TAG, ...ids.map(partTag)]);
  }

  invalidateTagsLocal(tags: readonly string[]): void {
    const dropped = new Set(tags);
    this.record(dropped);
    for (const [key, entry] of this.entries) {
      if (!entry.tags || entry.tags.some((tag) => dropped.has(tag))) this.entries.delete(key);
    }
  }

  onInvalidateTags(listener: TagListener): void {
    this.tagListeners.add(listener);
  }

  get size(): number {
    return this.entries.size;
  }
}
