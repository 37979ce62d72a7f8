import { asc, desc, eq, sql } from 'drizzle-orm';
import { centsToDollars, dollarsToCents } from '@pitstop/core/money';
import type { DiscountPreview, Promotion, PromotionInput } from '@pitstop/core/promotions';
import { promotionsTexts } from '@pitstop/core/promotions-texts';
import type { Db } from '../../db/client.js';
import { cartItems, orders, parts, promotions, promotionUses, type PromotionRow } from '../../db/schema.js';
import { AppError, hasSqlState } from '../../lib/errors.js';
import { recordAudit, type AuditContext } from '../audit/service.js';
import type { TakenLine } from '../cart/service.js';
import { buyerOf } from '../companies/membership.js';
import { orderPrices } from '../pricing/order-prices.js';
import { codeRefused, discountOf, usablePromotion } from './apply.js';

function toPromotion(row: PromotionRow, revenueCents: number, discountedCents: number): Promotion {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    percentOff: row.percentOffBp === null ? null : row.percentOffBp / 100,
    amountOff: row.amountOffCents === null ? null : centsToDollars(row.amountOffCents),
    brands: row.brands,
    categories: row.categories,
    minOrder: centsToDollars(row.minOrderCents),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt ? row.endsAt.toISOString() : null,
    totalLimit: row.totalLimit,
    perCustomerLimit: row.perCustomerLimit,
    active: row.active,
    uses: row.uses,
    revenue: centsToDollars(revenueCents),
    discounted: centsToDollars(discountedCents),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every code, newest first, with its uses and the revenue of the orders that used it and stand. */
export async function listPromotions(db: Db, id?: string): Promise<Promotion[]> {
  const rows = await db
    .select({
      promo: promotions,
      revenueCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.status} <> 'cancelled'), 0)::int`,
      discountedCents: sql<number>`coalesce(sum(${promotionUses.discountCents}) filter (where ${orders.status} <> 'cancelled'), 0)::int`,
    })
    .from(promotions)
    .leftJoin(promotionUses, eq(promotionUses.promotionId, promotions.id))
    .leftJoin(orders, eq(orders.id, promotionUses.orderId))
    .where(id ? eq(promotions.id, id) : undefined)
    .groupBy(promotions.id)
    .orderBy(desc(promotions.createdAt), asc(promotions.id));
  return rows.map((r) => toPromotion(r.promo, Number(r.revenueCents), Number(r.discountedCents)));
}

async function promotionOf(db: Db, id: string): Promise<Promotion> {
  const [found] = await listPromotions(db, id);
  if (!found) throw new AppError('not_found', promotionsTexts.notFound);
  return found;
}

/** The row's columns from the admin's input. */
function columnsOf(input: PromotionInput) {
  return {
    code: input.code,
    kind: input.kind,
    percentOffBp:
      input.kind === 'percent' && input.percentOff !== null ? Math.round(input.percentOff * 100) : null,
    amountOffCents:
      input.kind === 'amount' && input.amountOff !== null ? dollarsToCents(input.amountOff) : null,
    brands: [...new Set(input.brands)],
    categories: [...new Set(input.categories)],
    minOrderCents: dollarsToCents(input.minOrder),
    ...(input.startsAt ? { startsAt: new Date(input.startsAt) } : {}),
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    totalLimit: input.totalLimit,
    perCustomerLimit: input.perCustomerLimit,
    active: input.active,
  };
}

/** What an audit row keeps of a promotion. */
function audited(row: PromotionRow): Record<string, unknown> {
  return {
    code: row.code,
    kind: row.kind,
    percentOffBp: row.percentOffBp,
    amountOffCents: row.amountOffCents,
    brands: row.brands,
    categories: row.categories,
    minOrderCents: row.minOrderCents,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    totalLimit: row.totalLimit,
    perCustomerLimit: row.perCustomerLimit,
    active: row.active,
  };
}

/** Only the fields that changed. */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

/** A database refusal of the admin's values, as a 409/400 naming the field. */
function refusalOf(err: unknown, uses: number): never {
  if (hasSqlState(err, '23505')) {
    throw new AppError('conflict', promotionsTexts.codeTaken, [
      { field: 'code', message: promotionsTexts.codeTaken },
    ]);
  }
  if (hasSqlState(err, '23514')) {
    const message = promotionsTexts.limitBelowUses(uses);
    throw new AppError('conflict', message, [{ field: 'totalLimit', message }]);
  }
  throw err;
}

export async function createPromotion(
  db: Db,
  input: PromotionInput,
  adminId: string,
  audit: AuditContext,
): Promise<Promotion> {
  let id = '';
  try {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [row] = await tx
        .insert(promotions)
        .values({ ...columnsOf(input), createdBy: adminId })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      id = row.id;
      await recordAudit(tx, audit, {
        action: 'promotion.create',
        recordType: 'promotion',
        recordId: row.code,
        after: audited(row),
      });
    });
  } catch (err) {
    refusalOf(err, 0);
  }
  return promotionOf(db, id);
}

/**
 * Edits a code. The total limit cannot go below the uses already counted (409 naming it); a code
 * once used keeps its kind (its orders' discounts were of that kind).
 */
export async function updatePromotion(
  db: Db,
  id: string,
  input: PromotionInput,
  audit: AuditContext,
): Promise<Promotion> {
  let uses = 0;
  try {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
      if (!before) throw new AppError('not_found', promotionsTexts.notFound);
      uses = before.uses;
      if (before.kind !== input.kind && (await everUsed(tx, id))) {
        throw new AppError('conflict', promotionsTexts.kindFixed, [
          { field: 'kind', message: promotionsTexts.kindFixed },
        ]);
      }
      if (input.totalLimit !== null && input.totalLimit < before.uses) {
        const message = promotionsTexts.limitBelowUses(before.uses);
        throw new AppError('conflict', message, [{ field: 'totalLimit', message }]);
      }
      const [after] = await tx
        .update(promotions)
        .set({ ...columnsOf(input), updatedAt: new Date() })
        .where(eq(promotions.id, id))
        .returning();
      if (!after) throw new Error('a locked promotion did not change');
      const diff = changes(audited(before), audited(after));
      if (Object.keys(diff.after).length > 0) {
        await recordAudit(tx, audit, {
          action: before.active && !after.active ? 'promotion.deactivate' : 'promotion.update',
          recordType: 'promotion',
          recordId: after.code,
          ...diff,
        });
      }
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    refusalOf(err, uses);
  }
  return promotionOf(db, id);
}

/** Deactivates a code (codes are never deleted: their orders name them). Again: nothing changes. */
export async function setPromotionActive(
  db: Db,
  id: string,
  active: boolean,
  audit: AuditContext,
): Promise<Promotion> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
    if (!before) throw new AppError('not_found', promotionsTexts.notFound);
    if (before.active === active) return;
    await tx.update(promotions).set({ active, updatedAt: new Date() }).where(eq(promotions.id, id));
    await recordAudit(tx, audit, {
      action: active ? 'promotion.update' : 'promotion.deactivate',
      recordType: 'promotion',
      recordId: before.code,
      before: { active: before.active },
      after: { active },
    });
  });
  return promotionOf(db, id);
}

async function everUsed(db: Db, promotionId: string): Promise<boolean> {
  const [row] = await db
    .select({ orderId: promotionUses.orderId })
    .from(promotionUses)
    .where(eq(promotionUses.promotionId, promotionId))
    .limit(1);
  return row !== undefined;
}

/**
 * What `code` would take off the caller's cart now, with the same checks and the same prices the
 * order uses (nothing locked, nothing written). The order checks it again in its own transaction.
 */
export async function previewDiscount(db: Db, userId: string, code: string): Promise<DiscountPreview> {
  const cart: TakenLine[] = await db
    .select({
      partId: cartItems.partId,
      quantity: cartItems.quantity,
      name: parts.name,
      partNumber: parts.partNumber,
      priceCents: parts.priceCents,
      available: parts.availablequantity,
      minquantity: parts.minquantity,
      brand: parts.brand,
      category: parts.category,
    })
    .from(cartItems)
    .innerJoin(parts, eq(parts.id, cartItems.partId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.partId));
  if (cart.length === 0) throw codeRefused(promotionsTexts.cartEmpty);
  const buyer = await buyerOf(db, userId);
  const promo = await usablePromotion(db, code, userId, false);
  const prices = await orderPrices(db, buyer, cart);
  const lines = cart.map((l) => ({
    partId: l.partId,
    brand: l.brand,
    category: l.category,
    amountCents: (prices.get(l.partId)?.unitPriceCents ?? l.priceCents) * l.quantity,
  }));
  const { discountCents, perLineCents } = discountOf(promo, lines);
  return {
    code: promo.code,
    subtotal: centsToDollars(lines.reduce((sum, l) => sum + l.amountCents, 0)),
    discount: centsToDollars(discountCents),
    lines: lines.map((l, i) => ({ partId: l.partId, discount: centsToDollars(perLineCents[i] ?? 0) })),
  };
}
