import { and, eq, getTableName, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customerPriceLists, partSales, parts, priceListPrices, priceListRules } from '../../db/schema.js';
import type { Buyer } from '../companies/membership.js';

/**
 * Prices as a viewer pays them (issue #30 item 5, docs/decisions/030-parts/price-tiers.md):
 * the viewer's price list — a fixed price for the part, else the most specific percent rule
 * (brand and category, then brand, then category, then everything) — and a running sale for
 * everyone when it is lower. Never below 0. Pure: the loaders below and the in-memory book
 * (`price-book.ts`) feed it the same shapes.
 */
export interface Rule {
  brand: string | null;
  category: string | null;
  percentOffBp: number;
}

/** A price list's rules and the fixed prices of (some of) its parts. */
export interface LoadedList {
  rules: Rule[];
  fixed: Map<string, number>;
}

export interface SaleWindow {
  salePriceCents: number;
  startsAt: number;
  endsAt: number;
}

export interface PricedPart {
  partId: string;
  brand: string;
  category: string;
  priceCents: number;
  /** Its sales not yet over, when read with the part (salesColumn); undefined: pricing reads them. */
  sales?: SaleWindow[];
}

export interface Priced {
  priceCents: number;
  /** Retail when the price is not retail. */
  listPriceCents: number | null;
  /** When the running sale that set the price ends (ms), if one did. */
  saleEndsAt: number | null;
}

function specificity(rule: Rule, part: PricedPart): number {
  if (rule.brand !== null && rule.brand !== part.brand) return -1;
  if (rule.category !== null && rule.category !== part.category) return -1;
  return (rule.brand !== null ? 2 : 0) + (rule.category !== null ? 1 : 0);
}

/** The price list's price for a part (retail when the list says nothing of it). */
export function tierPrice(list: LoadedList | null, part: PricedPart): number {
  if (!list) return part.priceCents;
  const fixed = list.fixed.get(part.partId);
  if (fixed !== undefined) return Math.max(0, fixed);
  let best: Rule | null = null;
  let bestScore = -1;
  for (const rule of list.rules) {
    const score = specificity(rule, part);
    if (score > bestScore) {
      best = rule;
      bestScore = score;
    }
  }
  if (!best) return part.priceCents;
  const bp = Math.min(10_000, Math.max(0, best.percentOffBp));
  return Math.max(0, Math.round((part.priceCents * (10_000 - bp)) / 10_000));
}

/** The sale running at `now`, if any (the lowest, should two overlap). */
export function runningSale(windows: readonly SaleWindow[] | undefined, now: number): SaleWindow | null {
  let found: SaleWindow | null = null;
  for (const w of windows ?? []) {
    if (w.startsAt <= now && now < w.endsAt && (!found || w.salePriceCents < found.salePriceCents)) found = w;
  }
  return found;
}

/** The first moment after `now` when one of these windows starts or ends (Infinity: none). */
export function nextBoundary(windows: readonly SaleWindow[] | undefined, now: number): number {
  let next = Infinity;
  for (const w of windows ?? []) {
    if (w.startsAt > now && w.startsAt < next) next = w.startsAt;
    if (w.endsAt > now && w.endsAt < next) next = w.endsAt;
  }
  return next;
}

export function priceOf(
  list: LoadedList | null,
  part: PricedPart,
  sales: readonly SaleWindow[] | undefined,
  now: number,
): Priced {
  let price = tierPrice(list, part);
  let saleEndsAt: number | null = null;
  const sale = runningSale(sales, now);
  if (sale && sale.salePriceCents < price) {
    price = Math.max(0, sale.salePriceCents);
    saleEndsAt = sale.endsAt;
  }
  price = Math.max(0, price);
  return {
    priceCents: price,
    listPriceCents: price === part.priceCents ? null : part.priceCents,
    saleEndsAt,
  };
}

/** The price list a buyer buys at: their company's, else their own (null: retail). */
export async function priceListIdOf(db: Db, buyer: Buyer | null): Promise<string | null> {
  if (!buyer) return null;
  if (buyer.membership?.priceListId) return buyer.membership.priceListId;
  if (buyer.ownPriceListId !== undefined) return buyer.ownPriceListId;
  const [row] = await db
    .select({ id: customerPriceLists.priceListId })
    .from(customerPriceLists)
    .where(eq(customerPriceLists.userId, buyer.userId))
    .limit(1);
  return row?.id ?? null;
}

/** A price list's rules and its fixed prices for these parts (all its parts when `partIds` is null). */
export async function loadList(
  db: Db,
  listId: string,
  partIds: readonly string[] | null,
): Promise<LoadedList> {
  const [rules, fixed] = await Promise.all([
    db
      .select({
        brand: priceListRules.brand,
        category: priceListRules.category,
        percentOffBp: priceListRules.percentOffBp,
      })
      .from(priceListRules)
      .where(eq(priceListRules.priceListId, listId)),
    partIds !== null && partIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ partId: priceListPrices.partId, priceCents: priceListPrices.priceCents })
          .from(priceListPrices)
          .where(
            partIds === null
              ? eq(priceListPrices.priceListId, listId)
              : and(eq(priceListPrices.priceListId, listId), inArray(priceListPrices.partId, [...partIds])),
          ),
  ]);
  return { rules, fixed: new Map(fixed.map((f) => [f.partId, f.priceCents])) };
}

/**
 * A column for a select from `parts`: the part's sales not yet over (times as epoch ms), so the
 * statement that takes an order's lines brings their sales too (a round trip less in the order's
 * transaction); priceOf picks the one running.
 */
export function salesColumn() {
  // Spelled out: drizzle leaves a column unqualified in a select from one table, and "id" inside
  // the subquery would then be the sale's own.
  return sql<SaleWindow[]>`coalesce((select json_agg(json_build_object(
      'salePriceCents', s.sale_price_cents,
      'startsAt', (extract(epoch from s.starts_at) * 1000)::float8,
      'endsAt', (extract(epoch from s.ends_at) * 1000)::float8))
    from ${partSales} s where s.part_id = ${sql.raw(`"${getTableName(parts)}"."id"`)} and s.ends_at > now()), '[]'::json)`;
}

/** The sales of these parts running at `now`, by part. */
export async function loadRunningSales(
  db: Db,
  partIds: readonly string[],
  now: Date,
): Promise<Map<string, SaleWindow[]>> {
  const out = new Map<string, SaleWindow[]>();
  if (partIds.length === 0) return out;
  const rows = await db
    .select({
      partId: partSales.partId,
      salePriceCents: partSales.salePriceCents,
      startsAt: partSales.startsAt,
      endsAt: partSales.endsAt,
    })
    .from(partSales)
    .where(
      and(inArray(partSales.partId, [...partIds]), lte(partSales.startsAt, now), gt(partSales.endsAt, now)),
    );
  for (const r of rows) {
    const list = out.get(r.partId) ?? [];
    list.push({
      salePriceCents: r.salePriceCents,
      startsAt: r.startsAt.getTime(),
      endsAt: r.endsAt.getTime(),
    });
    out.set(r.partId, list);
  }
  return out;
}

/** Prices of these parts for this buyer now, straight from the database (cart, checkout, quick order). */
export async function pricesFor(
  db: Db,
  buyer: Buyer | null,
  partsToPrice: readonly PricedPart[],
  now = new Date(),
): Promise<Map<string, Priced>> {
  const ids = [...new Set(partsToPrice.map((p) => p.partId))];
  const listId = await priceListIdOf(db, buyer);
  // Sales read with the parts (salesColumn) need no second read.
  const salesRead = partsToPrice.every((p) => p.sales !== undefined);
  const [list, sales] = await Promise.all([
    listId ? loadList(db, listId, ids) : Promise.resolve(null),
    salesRead ? null : loadRunningSales(db, ids, now),
  ]);
  const at = now.getTime();
  return new Map(
    partsToPrice.map((p) => [p.partId, priceOf(list, p, sales ? sales.get(p.partId) : p.sales, at)]),
  );
}
