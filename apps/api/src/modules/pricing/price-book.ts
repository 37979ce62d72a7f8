import type { FastifyInstance, FastifyRequest } from 'fastify';
import { gt } from 'drizzle-orm';
import { readSessionUser, sessionTokenOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { partSales } from '../../db/schema.js';
import { remembered } from '../../lib/remembered.js';
import { etagOf, type CachedResponse, type ResponseCache } from '../../lib/response-cache.js';
import { buyerOf } from '../companies/membership.js';
import {
  loadList,
  nextBoundary,
  priceListIdOf,
  priceOf,
  type LoadedList,
  type SaleWindow,
} from './compute.js';

/**
 * Not an answer's tag but a kind of change: a price list, an assignment or a sale changed. Sent
 * with the tags of the parts a sale names (their cached answers and kept pages go), it tells every
 * process's price book to read prices again.
 */
export const PRICING_TAG = 'pricing';

/** How long a signed-in viewer's price list is remembered (a new member sees their tier after it). */
const VIEWER_TTL_MS = 5_000;
const MAX_OVERLAYS = 2_000;
const MAX_VIEWERS = 10_000;

interface Overlay {
  /** The retail answer it was laid over: a change that replaces it makes this one stale. */
  source: CachedResponse;
  generation: number;
  /** A sale of one of its parts starts or ends then (ms). */
  until: number;
  answer: CachedResponse;
}

const PART_PREFIX = 'part:';

/** The parts an answer shows with prices: a list's items, a part, or a parts diagram's callouts' parts. */
function pricedItems(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  const callouts = (data as { callouts?: unknown } | null)?.callouts;
  if (Array.isArray(callouts))
    return callouts.flatMap((c) => ((c as { parts?: unknown }).parts as unknown[] | undefined) ?? []);
  return [data];
}

/**
 * Prices laid over the catalogue's cached answers, per request (decision 030 price tiers). The
 * catalogue cache keeps retail answers, the same for everyone, keyed by URL. A visitor gets them
 * as they are unless a part on them has a sale running or planned; a signed-in customer with a
 * price list gets the answer priced for that list, kept here keyed by list and URL beside the
 * retail answer it was made from. A priced answer is used while its retail answer is still the
 * one the cache holds (any change to its parts replaced it), no price change was seen since it was
 * made (`generation`) and no sale of its parts has started or ended since (`until`). It is never
 * put in the catalogue cache, so no visitor or other customer can be handed it; a tier's answer
 * says `private`.
 */
export class PriceBook {
  private generation = 0;
  private loadedGeneration = -1;
  private loading: Promise<void> | null = null;
  /** Sales not yet over when read, by part. */
  private sales = new Map<string, SaleWindow[]>();
  private lists = new Map<string, Promise<LoadedList>>();
  private viewers = new Map<string, { listId: string | null; until: number; generation: number }>();
  private overlays = new Map<string, Overlay>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Db,
  ) {}

  /** Follows the catalogue cache's changes, here and from other processes. */
  follow(cache: ResponseCache): this {
    cache.onChange((tags) => {
      if (!tags || tags.has(PRICING_TAG)) this.changed();
    });
    return this;
  }

  /** Every price read so far is forgotten (read again on next use). */
  changed(): void {
    this.generation++;
    this.lists.clear();
    this.viewers.clear();
    this.overlays.clear();
  }

  private ensureSales(): Promise<void> | null {
    if (this.loadedGeneration === this.generation) return null;
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = this.db
      .select({
        partId: partSales.partId,
        salePriceCents: partSales.salePriceCents,
        startsAt: partSales.startsAt,
        endsAt: partSales.endsAt,
      })
      .from(partSales)
      .where(gt(partSales.endsAt, new Date()))
      .then((rows) => {
        const sales = new Map<string, SaleWindow[]>();
        for (const r of rows) {
          const list = sales.get(r.partId) ?? [];
          list.push({
            salePriceCents: r.salePriceCents,
            startsAt: r.startsAt.getTime(),
            endsAt: r.endsAt.getTime(),
          });
          sales.set(r.partId, list);
        }
        if (generation === this.generation) {
          this.sales = sales;
          this.loadedGeneration = generation;
        }
      })
      .finally(() => {
        if (this.loading === loading) this.loading = null;
      });
    this.loading = loading;
    return loading;
  }

  private list(listId: string): Promise<LoadedList> {
    return remembered(this.lists, listId, () => loadList(this.db, listId, null));
  }

  /** The price list of a signed-in customer, remembered a few seconds. */
  async listOf(userId: string): Promise<string | null> {
    const now = Date.now();
    const memo = this.viewers.get(userId);
    if (memo && memo.until > now && memo.generation === this.generation) return memo.listId;
    const generation = this.generation;
    const listId = await priceListIdOf(this.db, await buyerOf(this.db, userId));
    if (generation === this.generation) {
      if (this.viewers.size >= MAX_VIEWERS) this.viewers.clear();
      this.viewers.set(userId, { listId, until: now + VIEWER_TTL_MS, generation });
    }
    return listId;
  }

  private hasSale(retail: CachedResponse): boolean {
    if (this.sales.size === 0) return false;
    for (const tag of retail.tags ?? []) {
      if (tag.startsWith(PART_PREFIX) && this.sales.has(tag.slice(PART_PREFIX.length))) return true;
    }
    return false;
  }

  /** Whether a request carries a session (a bearer token or a cookie): only then is a viewer looked up. */
  private carriesSession(request: FastifyRequest): boolean {
    return request.headers.authorization !== undefined || request.headers.cookie !== undefined;
  }

  /**
   * The answer for this request: the retail answer itself when it is what the viewer sees (a
   * visitor, no sale on it), at once; otherwise a promise of the priced answer.
   */
  answer(request: FastifyRequest, retail: CachedResponse): CachedResponse | Promise<CachedResponse> {
    if (this.loadedGeneration !== this.generation) return this.priced(request, retail);
    if (!this.carriesSession(request)) return this.hasSale(retail) ? this.priced(request, retail) : retail;
    // A signed-in reader whose session and price list are both in memory, and an answer already
    // priced for them: at once, as a visitor's hit is (no promise per request).
    const token = sessionTokenOf(request, this.app.sessionSettings);
    const session = token ? this.app.sessionCache.get(token) : undefined;
    if (!session) return this.priced(request, retail);
    const now = Date.now();
    const memo = this.viewers.get(session.user.id);
    if (!memo || memo.until <= now || memo.generation !== this.generation)
      return this.priced(request, retail);
    if (!memo.listId && !this.hasSale(retail)) return retail;
    const kept = this.overlays.get(`${memo.listId ?? ''}|${request.url}`);
    if (kept && kept.source === retail && kept.generation === this.generation && now < kept.until)
      return kept.answer;
    return this.priced(request, retail);
  }

  async priced(request: FastifyRequest, retail: CachedResponse): Promise<CachedResponse> {
    if ((retail.status ?? 200) !== 200) return retail;
    const user = this.carriesSession(request) ? await readSessionUser(this.app, request) : null;
    const listId = user ? await this.listOf(user.id) : null;
    await this.ensureSales();
    if (!listId && !this.hasSale(retail)) return retail;
    const key = `${listId ?? ''}|${request.url}`;
    const now = Date.now();
    const kept = this.overlays.get(key);
    if (kept && kept.source === retail && kept.generation === this.generation && now < kept.until)
      return kept.answer;
    const generation = this.generation;
    const list = listId ? await this.list(listId) : null;
    const made = this.lay(retail, list, now, listId !== null);
    if (generation === this.generation) {
      if (this.overlays.size >= MAX_OVERLAYS) {
        const oldest = this.overlays.keys().next().value;
        if (oldest !== undefined) this.overlays.delete(oldest);
      }
      this.overlays.set(key, { source: retail, generation, until: made.until, answer: made.answer });
    }
    return made.answer;
  }

  /** The retail answer's parts priced for this list (null: a visitor) and the running sales. */
  private lay(
    retail: CachedResponse,
    list: LoadedList | null,
    now: number,
    tier: boolean,
  ): { answer: CachedResponse; until: number } {
    const data = JSON.parse(retail.body.toString('utf8')) as unknown;
    const items = pricedItems(data);
    let until = Infinity;
    for (const item of items as Record<string, unknown>[]) {
      if (!item || typeof item._id !== 'string' || typeof item.price !== 'number') continue;
      const retailCents = Math.round(item.price * 100);
      const windows = this.sales.get(item._id);
      until = Math.min(until, nextBoundary(windows, now));
      const p = priceOf(
        list,
        {
          partId: item._id,
          brand: String(item.brand),
          category: String(item.category),
          priceCents: retailCents,
        },
        windows,
        now,
      );
      if (p.listPriceCents !== null) {
        item.price = p.priceCents / 100;
        item.listPrice = retailCents / 100;
      }
      if (p.saleEndsAt !== null) item.saleEndsAt = new Date(p.saleEndsAt).toISOString();
    }
    const answer: CachedResponse = {
      body: Buffer.from(JSON.stringify(data)),
      // A tier's prices are this customer's: no shared cache keeps them. A visitor's priced answer
      // is not the cache's (a kept page must not be built from it: its sale will start or end).
      headers: { ...retail.headers, 'cache-control': tier ? 'private, no-cache' : 'no-cache' },
      ...(retail.status ? { status: retail.status } : {}),
      ...(retail.type ? { type: retail.type } : {}),
      keep: false,
    };
    answer.etag = etagOf(answer);
    return { answer, until };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Price tiers and sales laid over the catalogue's cached answers (issue #30 item 5). */
    priceBook: PriceBook;
  }
}

/** Decorates the app with its price book, following the catalogue cache. */
export function registerPriceBook(app: FastifyInstance): void {
  if (app.hasDecorator('priceBook')) return;
  app.decorate('priceBook', new PriceBook(app, app.db).follow(app.catalogueCache));
}
