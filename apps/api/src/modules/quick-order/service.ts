import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { CART_MAX_LINES } from '@pitstop/core/cart';
import { stockWords } from '@pitstop/core/minimums-texts';
import { centsToDollars } from '@pitstop/core/money';
import { quantityProblem } from '@pitstop/core/orders';
import { orderTexts } from '@pitstop/core/messages';
import {
  QUICK_ORDER_MAX_LINES,
  type AddCartLinesResult,
  type QuickOrderLine,
  type QuickOrderResult,
} from '@pitstop/core/quick-order';
import { quickOrderTexts } from '@pitstop/core/quick-order-texts';
import type { Db } from '../../db/client.js';
import { cartItems, companyMembers, orderLines, orders, partNumbers, parts } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { readCart } from '../cart/service.js';
import { buyerOf } from '../companies/membership.js';
import { pricesFor } from '../pricing/compute.js';
import { countLines, parseQuickOrder, startsWithHeader } from './parse.js';

/** The line limit, checked before anything else is read: a 400 naming the limit and the count. */
export function assertLineLimit(text: string, field: string): void {
  const count = countLines(text) - (startsWithHeader(text) ? 1 : 0);
  if (count === 0) {
    throw new AppError('invalid', quickOrderTexts.empty, [{ field, message: quickOrderTexts.empty }]);
  }
  if (count > QUICK_ORDER_MAX_LINES) {
    const message = quickOrderTexts.tooManyLines(QUICK_ORDER_MAX_LINES, count);
    throw new AppError('invalid', message, [{ field, message }]);
  }
}

const partColumns = {
  id: parts.id,
  name: parts.name,
  partNumber: parts.partNumber,
  key: parts.partNumberKey,
  brand: parts.brand,
  category: parts.category,
  img: parts.img,
  priceCents: parts.priceCents,
  available: parts.availablequantity,
  minquantity: parts.minquantity,
};
type FoundPart = {
  id: string;
  name: string;
  partNumber: string;
  key: string;
  brand: string;
  category: string;
  img: string;
  priceCents: number;
  available: number;
  minquantity: number;
};

const KIND_WORDS: Record<string, string> = {
  oem: 'OEM',
  interchange: 'interchange',
  supersedes: 'superseded',
};

/**
 * Resolves quick-order text for this customer: each line to its part (by the part's own number,
 * else by one OEM, interchange or superseded number only one part carries), the customer's price
 * (the pricing rule viewerPrices applies: their tier, a running sale, else retail), stock words and minimum, or why it cannot be ordered. Lines naming the same
 * part are added together on the first of them. Two indexed queries (own numbers; the rest by
 * other numbers) whatever the count, then the prices.
 */
export async function resolveQuickOrder(db: Db, userId: string, text: string): Promise<QuickOrderResult> {
  assertLineLimit(text, 'text');
  const { lines: parsed, headerSkipped } = parseQuickOrder(text);

  const keys = [...new Set(parsed.filter((l) => l.key !== '').map((l) => l.key))];
  // Who is asking (their prices) is read alongside the numbers (two connections on PostgreSQL).
  const buyerRead = buyerOf(db, userId);
  // Should a lookup below fail first, this one's failure is not left unhandled.
  buyerRead.catch(() => undefined);
  const byKey = new Map<string, { part: FoundPart; matchedBy: string | null } | { ambiguous: number }>();
  if (keys.length > 0) {
    // One array parameter, not 500 (keys are [a-z0-9] only, so the literal needs no quoting).
    const own = await db
      .select(partColumns)
      .from(parts)
      .where(sql`${parts.partNumberKey} = any(${`{${keys.join(',')}}`}::text[])`);
    for (const part of own) byKey.set(part.key, { part, matchedBy: null });
    const missing = keys.filter((k) => !byKey.has(k));
    if (missing.length > 0) {
      const other = await db
        .select({
          numberKey: partNumbers.numberKey,
          kind: partNumbers.kind,
          number: partNumbers.number,
          ...partColumns,
        })
        .from(partNumbers)
        .innerJoin(parts, eq(parts.id, partNumbers.partId))
        .where(sql`${partNumbers.numberKey} = any(${`{${missing.join(',')}}`}::text[])`);
      const found = new Map<string, typeof other>();
      for (const row of other) found.set(row.numberKey, [...(found.get(row.numberKey) ?? []), row]);
      for (const [key, rows] of found) {
        const distinct = new Set(rows.map((r) => r.id));
        const [row] = rows;
        if (distinct.size > 1 || !row) byKey.set(key, { ambiguous: distinct.size });
        else
          byKey.set(key, {
            part: row,
            matchedBy: quickOrderTexts.matchedBy(KIND_WORDS[row.kind] ?? row.kind, row.number),
          });
      }
    }
  }

  const buyer = await buyerRead;
  const resolvedParts = new Map<string, FoundPart>();
  for (const hit of byKey.values()) if ('part' in hit) resolvedParts.set(hit.part.id, hit.part);
  // The rule viewerPrices applies, given the brand and category read above (its own re-read of
  // the 500 parts by id would be one more query of the same rows).
  const prices = await pricesFor(
    db,
    buyer,
    [...resolvedParts.values()].map((p) => ({
      partId: p.id,
      brand: p.brand,
      category: p.category,
      priceCents: p.priceCents,
    })),
  );

  // First pass: each line's part and quantity; later lines of a part add to its first line.
  const out: QuickOrderLine[] = [];
  const firstOf = new Map<string, QuickOrderLine>();
  for (const p of parsed) {
    const base = { line: p.line, number: p.number, quantity: p.quantity, lineTotal: null, mergedInto: null };
    const hit = p.problem ? undefined : byKey.get(p.key);
    if (p.problem || !hit || 'ambiguous' in hit) {
      out.push({
        ...base,
        status: 'error',
        part: null,
        matchedBy: null,
        message:
          p.problem ??
          (hit && 'ambiguous' in hit
            ? quickOrderTexts.ambiguous(hit.ambiguous)
            : quickOrderTexts.unknownNumber),
      });
      continue;
    }
    const part = hit.part;
    const price = prices.get(part.id);
    const quantity = p.quantity ?? part.minquantity;
    const line: QuickOrderLine = {
      ...base,
      quantity,
      status: 'ok',
      part: {
        _id: part.id,
        name: part.name,
        partNumber: part.partNumber,
        brand: part.brand,
        img: part.img,
        unitPrice: centsToDollars(price?.priceCents ?? part.priceCents),
        listPrice: price?.listPriceCents != null ? centsToDollars(price.listPriceCents) : null,
        available: part.available,
        minquantity: part.minquantity,
        stock: stockWords({ availablequantity: part.available, minquantity: part.minquantity }),
      },
      matchedBy: hit.matchedBy,
      message: null,
    };
    const first = firstOf.get(part.id);
    if (first) {
      first.quantity = (first.quantity ?? 0) + quantity;
      out.push({
        ...line,
        status: 'merged',
        mergedInto: first.line,
        message: quickOrderTexts.mergedInto(first.line),
      });
    } else {
      firstOf.set(part.id, line);
      out.push(line);
    }
  }

  // Second pass: the quantities (summed) against each part's minimum and stock; totals.
  let okLines = 0;
  let totalCents = 0;
  for (const line of out) {
    if (line.status !== 'ok' || !line.part) continue;
    const quantity = line.quantity ?? 0;
    const part = line.part;
    const problem =
      part.available < part.minquantity
        ? quickOrderTexts.outOfStock
        : quantity < part.minquantity
          ? quickOrderTexts.belowMinimum(part.minquantity)
          : quantity > part.available
            ? quickOrderTexts.aboveStock(part.available)
            : null;
    if (problem) {
      line.status = 'error';
      line.message = problem;
      continue;
    }
    const cents = (prices.get(part._id)?.priceCents ?? Math.round(part.unitPrice * 100)) * quantity;
    line.lineTotal = centsToDollars(cents);
    totalCents += cents;
    okLines++;
  }
  const errorLines = out.filter((l) => l.status === 'error').length;
  return { lines: out, headerSkipped, okLines, errorLines, total: centsToDollars(totalCents) };
}

/**
 * Adds these parts to the customer's cart in one transaction (quick order's "Add all to cart",
 * reorder): each quantity is added to what the cart holds of the part, and the sum must fit the
 * part's minimum and stock; a part not yet in the cart must fit the cart's 50-part cap. Lines
 * that do not fit are answered with why; the others land together. Lines of the same part are
 * added together first.
 */
export async function addCartLines(
  db: Db,
  userId: string,
  wanted: { partId: string; quantity: number; name?: string; note?: string | null }[],
  refusedBefore: AddCartLinesResult['refused'] = [],
): Promise<AddCartLinesResult> {
  const merged = new Map<string, { partId: string; quantity: number; name?: string; note?: string | null }>();
  for (const line of wanted) {
    const seen = merged.get(line.partId);
    if (seen) seen.quantity += line.quantity;
    else merged.set(line.partId, { ...line });
  }
  const added: AddCartLinesResult['added'] = [];
  const refused: AddCartLinesResult['refused'] = [...refusedBefore];
  if (merged.size > 0) {
    await db.transaction(async (tx) => {
      // The cart's rows are locked so two additions at once cannot pass the cap together.
      const held = await tx
        .select({ partId: cartItems.partId, quantity: cartItems.quantity })
        .from(cartItems)
        .where(eq(cartItems.userId, userId))
        .for('update');
      const inCart = new Map(held.map((r) => [r.partId, r.quantity]));
      const found = await tx
        .select({
          id: parts.id,
          name: parts.name,
          available: parts.availablequantity,
          minquantity: parts.minquantity,
        })
        .from(parts)
        .where(inArray(parts.id, [...merged.keys()]))
        .for('share');
      const partOf = new Map(found.map((p) => [p.id, p]));
      let distinct = inCart.size;
      const writes: { userId: string; partId: string; quantity: number }[] = [];
      for (const line of merged.values()) {
        const part = partOf.get(line.partId);
        if (!part) {
          refused.push({
            partId: line.partId,
            name: line.name ?? line.partId,
            quantity: line.quantity,
            message: quickOrderTexts.partGone,
          });
          continue;
        }
        const before = inCart.get(part.id) ?? 0;
        const quantity = before + line.quantity;
        const problem = quantityProblem(quantity, {
          minquantity: part.minquantity,
          availablequantity: part.available,
        });
        if (problem) {
          refused.push({
            partId: part.id,
            name: part.name,
            quantity: line.quantity,
            message:
              before > 0
                ? quickOrderTexts.inCartAlready(before, `${problem}.`.replace(/\.\.$/, '.'))
                : problem,
          });
          continue;
        }
        if (before === 0 && distinct >= CART_MAX_LINES) {
          refused.push({
            partId: part.id,
            name: part.name,
            quantity: line.quantity,
            message: quickOrderTexts.cartFull(CART_MAX_LINES),
          });
          continue;
        }
        if (before === 0) distinct++;
        writes.push({ userId, partId: part.id, quantity });
        added.push({ partId: part.id, name: part.name, quantity, note: line.note ?? null });
      }
      if (writes.length > 0) {
        await tx
          .insert(cartItems)
          .values(writes)
          .onConflictDoUpdate({
            target: [cartItems.userId, cartItems.partId],
            set: { quantity: sql`excluded.quantity`, updatedAt: sql`now()` },
          });
      }
    });
  }
  return { cart: await readCart(db, userId), added, refused };
}

/**
 * Puts a past order's parts back in the cart: the order's customer or a member of its company
 * may (anyone else: the same 404 as an unknown order). Each line still sold goes in at its
 * quantity, raised to the part's minimum, cut to the stock there is; lines whose part is gone
 * or out of stock are answered by name, never dropped silently.
 */
export async function reorder(db: Db, userId: string, number: number): Promise<AddCartLinesResult> {
  const company = db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId));
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.number, number),
        isNull(orders.deletedAt),
        or(eq(orders.userId, userId), inArray(orders.companyId, company)),
      ),
    )
    .limit(1);
  if (!order) throw new AppError('not_found', orderTexts.notFound);
  const lines = await db
    .select({
      partId: parts.id,
      partName: orderLines.partName,
      quantity: orderLines.quantity,
      available: parts.availablequantity,
      minquantity: parts.minquantity,
      name: parts.name,
    })
    .from(orderLines)
    .leftJoin(parts, eq(parts.id, orderLines.partId))
    .where(eq(orderLines.orderId, order.id))
    .orderBy(orderLines.position);

  const wanted: { partId: string; quantity: number; name: string; note: string | null }[] = [];
  const refused: AddCartLinesResult['refused'] = [];
  const asked = new Map<string, number>();
  for (const line of lines) {
    if (line.partId) asked.set(line.partId, (asked.get(line.partId) ?? 0) + line.quantity);
  }
  const done = new Set<string>();
  for (const line of lines) {
    if (!line.partId || line.available === null || line.minquantity === null || line.name === null) {
      refused.push({
        partId: null,
        name: line.partName,
        quantity: line.quantity,
        message: quickOrderTexts.noLongerSold,
      });
      continue;
    }
    if (done.has(line.partId)) continue;
    done.add(line.partId);
    const want = asked.get(line.partId) ?? line.quantity;
    if (line.available < line.minquantity) {
      refused.push({
        partId: line.partId,
        name: line.name,
        quantity: want,
        message: quickOrderTexts.outOfStock,
      });
      continue;
    }
    const atLeastMinimum = Math.max(want, line.minquantity);
    const quantity = Math.min(atLeastMinimum, line.available);
    const note =
      quantity < atLeastMinimum
        ? quickOrderTexts.addedFewer(quantity, atLeastMinimum)
        : atLeastMinimum > want
          ? quickOrderTexts.raisedToMinimum(line.minquantity)
          : null;
    wanted.push({ partId: line.partId, quantity, name: line.name, note });
  }
  return addCartLines(db, userId, wanted, refused);
}
