import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { centsToDollars, formatDollars } from '@pitstop/core/money';
import { promotionsTexts } from '@pitstop/core/promotions-texts';
import type { Db } from '../../db/client.js';
import { promotions, promotionUses, type PromotionRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { Buyer } from '../companies/membership.js';

/** A priced order line as a discount code sees it. */
export interface DiscountableLine {
  partId: string;
  brand: string;
  category: string;
  /** unit price × quantity, in cents, after tier and sale prices. */
  amountCents: number;
}

/** A code that applies: what it takes off in all and from each line (same order as the lines). */
export interface AppliedDiscount {
  promotionId: string;
  /** The code as the admin wrote it. */
  code: string;
  discountCents: number;
  perLineCents: number[];
}

/** A refusal of the code, on the checkout's `discountCode` field. */
export function codeRefused(message: string): AppError {
  return new AppError('invalid', message, [{ field: 'discountCode', message }]);
}

/** Whether a line is one the promotion takes something off: any line, or one of its brands or categories. */
function qualifies(promo: Pick<PromotionRow, 'brands' | 'categories'>, line: DiscountableLine): boolean {
  if (promo.brands.length === 0 && promo.categories.length === 0) return true;
  const brand = line.brand.toLowerCase();
  return promo.brands.some((b) => b.toLowerCase() === brand) || promo.categories.includes(line.category);
}

/**
 * What a promotion takes off each line (pure; the checks of window and limits are the caller's).
 * Percent off: each eligible line's amount × percent, rounded to the cent (half up). Amount off: at
 * most the eligible lines' sum, spread over them in proportion to their amounts (floored), the
 * cents left over going one each to the lines with the largest remainders that still have room:
 * no line ever gets more off than it costs. Throws a refusal when the minimum order is not met or
 * no line qualifies.
 */
export function discountOf(
  promo: Pick<
    PromotionRow,
    'kind' | 'percentOffBp' | 'amountOffCents' | 'brands' | 'categories' | 'minOrderCents'
  >,
  lines: DiscountableLine[],
): { discountCents: number; perLineCents: number[] } {
  const subtotal = lines.reduce((sum, l) => sum + l.amountCents, 0);
  if (subtotal < promo.minOrderCents) {
    throw codeRefused(promotionsTexts.minimumNotMet(formatDollars(centsToDollars(promo.minOrderCents))));
  }
  const eligible = lines.map((l) => qualifies(promo, l) && l.amountCents > 0);
  const eligibleCents = lines.reduce((sum, l, i) => sum + (eligible[i] ? l.amountCents : 0), 0);
  if (eligibleCents === 0) throw codeRefused(promotionsTexts.noLineQualifies);

  let perLine: number[];
  if (promo.kind === 'percent') {
    const bp = promo.percentOffBp ?? 0;
    perLine = lines.map((l, i) =>
      eligible[i] ? Math.min(l.amountCents, Math.floor((l.amountCents * bp + 5000) / 10000)) : 0,
    );
  } else {
    const off = Math.min(promo.amountOffCents ?? 0, eligibleCents);
    perLine = lines.map((l, i) => (eligible[i] ? Math.floor((off * l.amountCents) / eligibleCents) : 0));
    let left = off - perLine.reduce((a, b) => a + b, 0);
    // Largest remainder first (ties: the line listed first), only lines with room.
    const byRemainder = lines
      .map((l, i) => ({ i, rest: eligible[i] ? (off * l.amountCents) % eligibleCents : -1 }))
      .filter(({ i, rest }) => rest >= 0 && (perLine[i] ?? 0) < (lines[i]?.amountCents ?? 0))
      .sort((a, b) => b.rest - a.rest || a.i - b.i);
    for (const { i } of byRemainder) {
      if (left === 0) break;
      perLine[i] = (perLine[i] ?? 0) + 1;
      left -= 1;
    }
  }
  return { discountCents: perLine.reduce((a, b) => a + b, 0), perLineCents: perLine };
}

/**
 * The promotion named by `code` (case aside), checked for being active and in its window and for
 * its total and per-customer limits at `now`. `lock`: the row is locked FOR UPDATE until the
 * transaction ends, so concurrent checkouts with the same code take turns and the limits hold.
 */
export async function usablePromotion(
  db: Db,
  code: string,
  userId: string,
  lock: boolean,
  now = new Date(),
): Promise<PromotionRow> {
  const query = db
    .select()
    .from(promotions)
    .where(sql`upper(${promotions.code}) = upper(${code})`)
    .limit(1);
  const [promo] = lock ? await query.for('update') : await query;
  if (!promo) throw codeRefused(promotionsTexts.unknown);
  if (!promo.active) throw codeRefused(promotionsTexts.inactive);
  if (promo.startsAt > now) throw codeRefused(promotionsTexts.notStarted(promo.startsAt.toISOString()));
  if (promo.endsAt && promo.endsAt <= now) throw codeRefused(promotionsTexts.ended);
  if (promo.totalLimit !== null && promo.uses >= promo.totalLimit) throw codeRefused(promotionsTexts.usedUp);
  if (promo.perCustomerLimit !== null) {
    const [mine] = await db
      .select({ n: count() })
      .from(promotionUses)
      .where(
        and(
          eq(promotionUses.promotionId, promo.id),
          eq(promotionUses.userId, userId),
          isNull(promotionUses.releasedAt),
        ),
      );
    if ((mine?.n ?? 0) >= promo.perCustomerLimit) throw codeRefused(promotionsTexts.perCustomerUsed);
  }
  return promo;
}

/**
 * Checks `code` inside the order's transaction (locking the promotion's row, so total and
 * per-customer limits hold under concurrent checkouts) and answers what it takes off, or throws a
 * 400 on `discountCode` naming why it does not apply. No code: null. An order carries one code
 * (one field; promotion_uses has one row per order).
 */
export async function applyDiscountCode(
  tx: Db,
  code: string | undefined,
  buyer: Buyer,
  lines: DiscountableLine[],
): Promise<AppliedDiscount | null> {
  if (code === undefined) return null;
  const promo = await usablePromotion(tx, code, buyer.userId, true);
  const { discountCents, perLineCents } = discountOf(promo, lines);
  return { promotionId: promo.id, code: promo.code, discountCents, perLineCents };
}

/**
 * Counts the use against the code, in the order's transaction, once the order is written: a
 * promotion_uses row (its primary key is the order: one code per order, counted once) and uses + 1
 * (the table's CHECK refuses going past the total limit).
 */
export async function recordDiscountUse(
  tx: Db,
  applied: AppliedDiscount,
  orderId: string,
  userId: string,
): Promise<void> {
  await tx.insert(promotionUses).values({
    orderId,
    promotionId: applied.promotionId,
    userId,
    discountCents: applied.discountCents,
  });
  await tx
    .update(promotions)
    .set({ uses: sql`${promotions.uses} + 1`, updatedAt: new Date() })
    .where(eq(promotions.id, applied.promotionId));
}

/**
 * Cancelled orders give their code's use back: their promotion_uses rows are marked released (once:
 * a row already released is left alone) and each promotion's uses go down by as many. Called in the
 * cancelling transaction by every path that cancels an order. Promotions are updated in id order,
 * so two cancels never deadlock on them.
 */
export async function releaseDiscountUses(tx: Db, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const released = await tx
    .update(promotionUses)
    .set({ releasedAt: new Date() })
    .where(and(inArray(promotionUses.orderId, orderIds), isNull(promotionUses.releasedAt)))
    .returning({ promotionId: promotionUses.promotionId });
  if (released.length === 0) return;
  const byPromotion = new Map<string, number>();
  for (const r of released) byPromotion.set(r.promotionId, (byPromotion.get(r.promotionId) ?? 0) + 1);
  for (const [id, n] of [...byPromotion].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    await tx
      .update(promotions)
      .set({ uses: sql`greatest(${promotions.uses} - ${n}, 0)`, updatedAt: new Date() })
      .where(eq(promotions.id, id));
  }
}
