import { and, asc, eq, inArray, or, sql, type WithSubquery } from 'drizzle-orm';
import { CART_MAX_LINES, type Cart } from '@pitstop/core/cart';
import { cartTexts, shopTexts } from '@pitstop/core/messages';
import { centsToDollars } from '@pitstop/core/money';
import { quantityProblem } from '@pitstop/core/orders';
import type { Db } from '../../db/client.js';
import { cartItems, parts } from '../../db/schema.js';
import { AppError, hasSqlState } from '../../lib/errors.js';
import { buyerOf } from '../companies/membership.js';
import { viewerPrices } from '../pricing/viewer-prices.js';
import { salesColumn, type SaleWindow } from '../pricing/compute.js';

/** A part as the cart shows it: what it costs and how many can be had now. */
const partNow = {
  name: parts.name,
  img: parts.img,
  priceCents: parts.priceCents,
  available: parts.availablequantity,
  minquantity: parts.minquantity,
};

type CartRow = {
  partId: string;
  quantity: number;
  name: string;
  img: string;
  priceCents: number;
  available: number;
  minquantity: number;
};

/** The cart at the customer's prices: their price list's, or a running sale's (issue #30). */
async function toCart(db: Db, userId: string, rows: CartRow[]): Promise<Cart> {
  const prices = await viewerPrices(db, await buyerOf(db, userId), rows);
  let subtotalCents = 0;
  const items = rows.map((row) => {
    const priceCents = prices.get(row.partId)?.priceCents ?? row.priceCents;
    subtotalCents += priceCents * row.quantity;
    return {
      partId: row.partId,
      name: row.name,
      img: row.img,
      unitPrice: centsToDollars(priceCents),
      quantity: row.quantity,
      available: row.available,
      minquantity: row.minquantity,
    };
  });
  return { items, subtotal: centsToDollars(subtotalCents) };
}

/**
 * The signed-in customer's cart with each part as it is now (price, stock). Lines of parts deleted
 * from the catalogue are gone with them (the foreign key cascades).
 */
export async function readCart(db: Db, userId: string): Promise<Cart> {
  const rows = await db
    .select({ partId: cartItems.partId, quantity: cartItems.quantity, ...partNow })
    .from(cartItems)
    .innerJoin(parts, eq(parts.id, cartItems.partId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.partId));
  return toCart(db, userId, rows);
}

/**
 * Puts a part in the cart with this quantity (or changes it). The quantity must fit the part as it
 * is now — its minimum and what is available — with the order form's messages; nothing is
 * reserved until checkout. Two statements and no transaction: one read of the cart and the part,
 * one upsert of the line; the answer is that cart with this change. The checkout takes the cart
 * with one DELETE … RETURNING, so a change made while it runs either waits for it (a line being
 * ordered) or stays in the cart for next time (a new line).
 */
export async function setCartItem(db: Db, userId: string, partId: string, quantity: number): Promise<Cart> {
  const rows = await db
    .select({ partId: parts.id, quantity: cartItems.quantity, ...partNow })
    .from(parts)
    .leftJoin(cartItems, and(eq(cartItems.partId, parts.id), eq(cartItems.userId, userId)))
    .where(
      or(
        eq(parts.id, partId),
        inArray(
          parts.id,
          db.select({ id: cartItems.partId }).from(cartItems).where(eq(cartItems.userId, userId)),
        ),
      ),
    )
    .orderBy(asc(cartItems.createdAt), asc(cartItems.partId));
  const part = rows.find((row) => row.partId === partId);
  if (!part) {
    throw new AppError('not_found', shopTexts.partNotFound, [
      { field: 'partId', message: shopTexts.partNotFound },
    ]);
  }
  const problem = quantityProblem(quantity, {
    minquantity: part.minquantity,
    availablequantity: part.available,
  });
  if (problem) throw new AppError('invalid', problem, [{ field: 'quantity', message: problem }]);
  const lines = rows.filter((row) => row.quantity !== null && row.partId !== partId);
  // The cap guards against runaway carts; it is not a business rule, so two additions from two
  // devices in the same instant may pass it together rather than every change locking the customer.
  if (part.quantity === null && lines.length >= CART_MAX_LINES) {
    throw new AppError('conflict', cartTexts.cartFull(CART_MAX_LINES));
  }

  await db
    .insert(cartItems)
    .values({ userId, partId, quantity })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.partId],
      set: { quantity, updatedAt: sql`now()` },
    })
    .catch((err: unknown) => {
      // The part was deleted between the two statements: as if it had never been there.
      if (hasSqlState(err, '23503')) {
        throw new AppError('not_found', shopTexts.partNotFound, [
          { field: 'partId', message: shopTexts.partNotFound },
        ]);
      }
      throw err;
    });
  // The line keeps its place in the cart; a new one goes last.
  const changed = { ...part, quantity };
  const ordered =
    part.quantity === null ? [...lines, changed] : rows.map((r) => (r.partId === partId ? changed : r));
  return toCart(
    db,
    userId,
    ordered.filter((row): row is CartRow => row.quantity !== null),
  );
}

export async function removeCartItem(db: Db, userId: string, partId: string): Promise<Cart> {
  await db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.partId, partId)));
  return readCart(db, userId);
}

export async function clearCart(db: Db, userId: string): Promise<Cart> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
  return { items: [], subtotal: 0 };
}

/** A cart line as the checkout takes it: the part as it is at that moment. */
export type TakenLine = {
  partId: string;
  quantity: number;
  name: string;
  partNumber: string;
  priceCents: number;
  available: number;
  minquantity: number;
  /** For price tiers and discount codes by brand or category (issue #30). */
  brand: string;
  category: string;
  /** The part's sales not yet over, read with it (pricing's salesColumn). */
  sales?: SaleWindow[];
};

/**
 * Checkout's first step: takes the cart's lines, oldest first, with their parts as they are now, in
 * one statement that deletes them in the checkout's transaction (a failed checkout rolls back and
 * the cart is as it was). The deleted rows stay locked until the checkout ends, so a second
 * checkout of the same cart at the same moment waits and then finds it empty.
 */
export async function takeCartForCheckout(
  tx: Db,
  userId: string,
  /** Writes that belong to the same step, sent in the same statement (saves a round trip each). */
  alongside: WithSubquery[] = [],
): Promise<TakenLine[]> {
  const taken = tx.$with('taken').as(
    tx.delete(cartItems).where(eq(cartItems.userId, userId)).returning({
      partId: cartItems.partId,
      quantity: cartItems.quantity,
      createdAt: cartItems.createdAt,
    }),
  );
  return tx
    .with(taken, ...alongside)
    .select({
      partId: taken.partId,
      quantity: taken.quantity,
      name: parts.name,
      partNumber: parts.partNumber,
      priceCents: parts.priceCents,
      available: parts.availablequantity,
      minquantity: parts.minquantity,
      brand: parts.brand,
      category: parts.category,
      sales: salesColumn(),
    })
    .from(taken)
    .innerJoin(parts, eq(parts.id, taken.partId))
    .orderBy(asc(taken.createdAt), asc(taken.partId));
}
