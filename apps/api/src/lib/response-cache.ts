/**
 * Serialised responses kept in memory, keyed by request. An answer may name what it depends on
 * (tags: the parts it shows, `stock` when its set or counts depend on stock levels, `rating` when
 * they depend on ratings); a write then drops only the answers carrying its tags, so one order
 * or review no longer empties the whole cache.
 * Untagged answers are dropped by every invalidation; admin writes still drop everything.
 *
 * A generation counter guards the race where a write lands while a read is still building its
 * answer: the read's result is stored only if no invalidation since it started touched it (a
 * short log of recent invalidations says which; under a steady stream of orders an unrelated
 * one must not keep a page from ever being stored). Concurrent misses for one key share one
 * computation, unless an invalidation came between them.
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';

export interface CachedResponse {
  body: Buffer;
  headers: Record<string, string>;
  /** What the answer depends on; undefined: anything (dropped by every invalidation). */
  tags?: readonly string[];
  /** The body gzip-compressed, made by the first request that accepts it and kept with the body. */
  gzipped?: Buffer;
  /** The status it is sent with; 200 when absent. */
  status?: number;
  /** Its content type; JSON when absent. */
  type?: string;
  /** Its validator (see `etagOf`), set once when the cache takes the answer, never per request. */
  etag?: string;
  /**
   * False: given to the requests that asked for it, never kept (a page built from reads the
   * cache cannot follow, or one that must not be stored at all).
   */
  keep?: boolean;
}

/** The tag of answers that show a part (its stock, price, name…). */
export const partTag = (partId: string): string => `part:${partId}`;
/** The tag of answers whose set of parts or counts depend on stock levels (in-stock filters, facets). */
export const STOCK_TAG = 'stock';
/** The tag of answers whose set, order or counts depend on ratings (rating sort, minimum rating). */
export const RATING_TAG = 'rating';
/**
 * Not an answer's tag but a kind of change: the parts named beside it were edited (price, name,
 * brand, fitment…), so any answer may now include, order or count them differently. It drops
 * every answer, as a catalogue-wide change does, but tells the catalogue index that only these
 * parts changed, so it re-reads them instead of the whole catalogue.
 */
export const EDIT_TAG = 'edit';
/**
 * Beside EDIT_TAG: the parts named were added or deleted, and nothing else about any part changed.
 * Every answer still goes, but the catalogue index adds or removes those parts in place instead of
 * forgetting what texts match and bikes take (decision 027, Leftovers).
 */
export const MEMBERSHIP_TAG = 'membership';
/**
 * Beside MEMBERSHIP_TAG: a part added or deleted replaces numbers (issue #29), so chains of
 * replacements changed. The catalogue index forgets what the texts that are numbers matched, and
 * keeps every other text, bike and sort.
 */
export const NUMBERS_TAG = 'numbers';

/**
 * What the catalogue's answers tell browsers and shared caches. They are the same for every
 * visitor (keyed by URL alone, answered anonymously), so any cache may keep them (`public`); but
 * a price or stock change must show on the next request, so a kept copy is used only after
 * asking (`no-cache`, not a max-age: a few stale seconds would let a rider order a part that has
 * just sold out). Asking costs little: the ETag answers 304 with no body.
 */
export const CATALOGUE_CACHE_CONTROL = 'public, no-cache';

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

/**
 * Each object's JSON, made once: the catalogue index hands the same part objects to every page
 * that shows them until a change replaces them, so a page is joined from ready JSON instead of
 * serialising some 50 kB again. Only for objects nobody changes after they are first sent.
 */
const serialised = new WeakMap<object, string>();

/** A JSON array answer whose items are kept, unchanged, between answers (see `serialised`). */
export function jsonArrayResponse(
  items: readonly object[],
  headers: Record<string, string> = {},
  tags?: readonly string[],
): CachedResponse {
  const parts = items.map((item) => {
    let json = serialised.get(item);
    if (json === undefined) {
      json = JSON.stringify(item);
      serialised.set(item, json);
    }
    return json;
  });
  return { body: Buffer.from(`[${parts.join(',')}]`), headers, ...(tags ? { tags } : {}) };
}

/** Answers compressed on every send (by the compression plugin) from this size; smaller go as they are. */
export const GZIP_MIN_BYTES = 1024;
/**
 * A kept answer's gzip copy is made once, not per send, so it pays from a smaller size: a facet
 * count of about 500 bytes goes out in 225. Below this the headers cost about what is saved.
 */
const CACHED_GZIP_MIN_BYTES = 256;
/**
 * gzip level 3: a 47 kB page of parts becomes 5.6 kB (level 6: 4.8 kB) for about 40% of level
 * 6's CPU. Compressed on the request's own thread: a one-shot gzip through the thread pool cost
 * twice the CPU in all, on a machine whose two cores the database shares.
 */
const GZIP_LEVEL = 3;

/** Whether an Accept-Encoding header admits gzip (listed, or `*`, with a weight above 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const item of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    const weight = params.find((p) => p.startsWith('q='));
    const accepted = weight === undefined || Number(weight.slice(2)) > 0;
    if (name === 'gzip' || name === 'x-gzip') return accepted;
    if (name === '*') star = accepted;
  }
  return star;
}

/**
 * A validator of an answer: a hash of what is sent (status, type, headers such as X-Total-Count,
 * body), so equal answers have equal tags on every process and after a restart. Weak (`W/`): the
 * plain and the gzip copy are one representation in different bytes and share it (RFC 9110
 * §8.8.1), and If-None-Match compares weakly anyway.
 */
export function etagOf(answer: CachedResponse): string {
  const hash = createHash('sha256');
  hash.update(`${answer.status ?? 200} ${answer.type ?? JSON_TYPE} ${JSON.stringify(answer.headers)}\n`);
  hash.update(answer.body);
  return `W/"${hash.digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-None-Match header names this entity tag (weak comparison), or is `*`. */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const item of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const tag = item.trim();
    if (tag === '*' || tag === opaque || tag === `W/${opaque}`) return true;
  }
  return false;
}

/**
 * Cached bytes go out as they are: a Buffer payload skips the response serializer. A client
 * that accepts gzip gets the compressed copy kept beside them, made once per answer instead of
 * on every send by the compression plugin's streams: a popular page of results is compressed
 * once, not once per visitor. A client that already holds these bytes (If-None-Match names the
 * answer's ETag) gets 304 with no body. An answer with a compressed copy says it varies with
 * Accept-Encoding whichever copy goes, 304 included, so no cache hands one client's copy to
 * another.
 */
export function sendCached(reply: FastifyReply, cached: CachedResponse): FastifyReply {
  const status = cached.status ?? 200;
  reply.code(status).headers(cached.headers);
  const compressible = cached.body.length >= CACHED_GZIP_MIN_BYTES;
  if (compressible) reply.header('vary', 'accept-encoding');
  // Preconditions are only for answers that would be 2xx (RFC 9110 §13.2.1).
  if (cached.etag && status === 200) {
    reply.header('etag', cached.etag);
    if (etagMatches(reply.request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  }
  reply.type(cached.type ?? JSON_TYPE);
  if (!compressible || !acceptsGzip(reply.request.headers['accept-encoding'])) return reply.send(cached.body);
  cached.gzipped ??= zlib.gzipSync(cached.body, { level: GZIP_LEVEL });
  return reply.header('content-encoding', 'gzip').send(cached.gzipped);
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private generation = 0;
  private readonly listeners = new Set<() => void>();
  private readonly tagListeners = new Set<TagListener>();
  private readonly changeListeners = new Set<(tags: ReadonlySet<string> | null) => void>();
  /** Recent invalidations, oldest first: their generation and tags (null: everything). */
  private readonly recent: { generation: number; tags: ReadonlySet<string> | null }[] = [];
  private readonly inFlight = new Map<string, Promise<CachedResponse>>();
  /** True while invalidations from other processes could be missed: nothing is kept. */
  private bypass = false;
  /** Answers given from memory and answers computed (metrics): plain integers on the hot path. */
  private hits = 0;
  private misses = 0;

  /**
   * @param cacheControl what browsers and shared caches are told about every answer this cache
   *   gives (an answer that names its own Cache-Control keeps it)
   */
  constructor(
    private readonly maxEntries = 1_000,
    private readonly cacheControl?: string,
  ) {}

  get(key: string): CachedResponse | undefined {
    return this.bypass ? undefined : this.entries.get(key);
  }

  /** `get` for answering a request: a hit is counted (a miss is, by the getOrCompute that follows). */
  answer(key: string): CachedResponse | undefined {
    const hit = this.get(key);
    if (hit) this.hits++;
    return hit;
  }

  /** How many answers came from memory (a computation joined counts) and how many were computed. */
  get stats(): { hits: number; misses: number } {
    return { hits: this.hits, misses: this.misses };
  }

  /** Stop keeping answers (the bus is down) or start again, from empty either way. */
  setBypass(bypass: boolean): void {
    this.bypass = bypass;
    this.invalidateLocal();
  }

  /** Computes (or reuses) the response for key. */
  async getOrCompute(key: string, compute: () => Promise<CachedResponse>): Promise<CachedResponse> {
    if (this.bypass) {
      this.misses++;
      return this.prepare(await compute());
    }
    const hit = this.entries.get(key) ?? this.inFlight.get(key);
    if (hit) {
      this.hits++;
      return hit;
    }
    this.misses++;
    const startedAt = this.generation;
    const pending = compute().then((computed) => {
      const value = this.prepare(computed);
      if (this.inFlight.get(key) === pending) this.inFlight.delete(key);
      if (value.keep !== false && !this.touchedSince(startedAt, value.tags)) {
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

  /** An answer as it is kept and sent: this cache's Cache-Control, and its ETag, made once. */
  private prepare(value: CachedResponse): CachedResponse {
    if (this.cacheControl && value.headers['cache-control'] === undefined) {
      value.headers = { ...value.headers, 'cache-control': this.cacheControl };
    }
    value.etag ??= etagOf(value);
    return value;
  }

  /** Whether an invalidation since `generation` could have changed an answer with these tags. */
  private touchedSince(generation: number, tags: readonly string[] | undefined): boolean {
    if (generation === this.generation) return false;
    const oldest = this.recent[0];
    // Older than what the log remembers: assume it was touched.
    if (!oldest || oldest.generation > generation + 1) return true;
    for (const change of this.recent) {
      if (change.generation <= generation) continue;
      if (!change.tags || change.tags.has(EDIT_TAG) || !tags || tags.some((tag) => change.tags!.has(tag)))
        return true;
    }
    return false;
  }

  private record(tags: ReadonlySet<string> | null): void {
    this.generation++;
    this.recent.push({ generation: this.generation, tags });
    if (this.recent.length > 256) this.recent.shift();
    // A read that joins a computation must not get an answer read before this change.
    this.inFlight.clear();
    for (const listener of this.changeListeners) listener(tags);
  }

  /**
   * Every change this cache sees, local or from another process: the tags it drops, or null for
   * everything. For what keeps its own copy of catalogue facts (the catalogue index).
   */
  onChange(listener: (tags: ReadonlySet<string> | null) => void): void {
    this.changeListeners.add(listener);
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

  /** An admin's edit of these parts: every answer goes; the catalogue index re-reads only them. */
  invalidateEdited(partIds: readonly string[]): Promise<void> {
    return this.invalidateTags([EDIT_TAG, ...partIds.map(partTag)]);
  }

  /** Parts added or deleted: every answer goes; the catalogue index adds or removes only them. */
  invalidateMembership(partIds: readonly string[], { numbers = false } = {}): Promise<void> {
    return this.invalidateTags([
      EDIT_TAG,
      MEMBERSHIP_TAG,
      ...(numbers ? [NUMBERS_TAG] : []),
      ...partIds.map(partTag),
    ]);
  }

  /** A stock change: the answers showing these parts and those that depend on stock levels. */
  invalidateStock(partIds: readonly (string | null)[]): Promise<void> {
    const ids = partIds.filter((id): id is string => id !== null);
    return this.invalidateTags([STOCK_TAG, ...ids.map(partTag)]);
  }

  invalidateTagsLocal(tags: readonly string[]): void {
    const dropped = new Set(tags);
    this.record(dropped);
    if (dropped.has(EDIT_TAG)) {
      this.entries.clear();
      return;
    }
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
