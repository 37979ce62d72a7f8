import { and, asc, count, eq, sql } from 'drizzle-orm';
import { CART_MAX_LINES, type Cart } from '@pitstop/core/cart';
import { cartTexts, shopTexts } from '@pitstop/core/messages';
import { centsToDollars } from '@pitstop/core/money';
import { quantityProblem } from '@pitstop/core/orders';
import type { Db } from '../../db/client.js';
import { cartItems, parts, users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

/**
 * The signed-in customer's cart with each part as it is now (price, stock). Lines of parts deleted
 * from the catalogue are gone with them (the foreign key cascades).
 */
export async function readCart(db: Db, userId: string): Promise<Cart> {
  const rows = await db
    .select({
      partId: cartItems.partId,
      quantity: cartItems.quantity,
      name: parts.name,
      img: parts.img,
      priceCents: parts.priceCents,
      available: parts.availablequantity,
      minquantity: parts.minquantity,
    })
    .from(cartItems)
    .innerJoin(parts, eq(parts.id, cartItems.partId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.partId));
  let subtotalCents = 0;
  const items = rows.map((row) => {
    subtotalCents += row.priceCents * row.quantity;
    return {
      partId: row.partId,
      name: row.name,
      img: row.img,
      unitPrice: centsToDollars(row.priceCents),
      quantity: row.quantity,
      available: row.available,
      minquantity: row.minquantity,
    };
  });
  return { items, subtotal: centsToDollars(subtotalCents) };
}

/**
 * Puts a part in the cart with this quantity (or changes it). The quantity must fit the part as it
 * is now — its minimum and what is available — with the order form's messages; nothing is
 * reserved until checkout.
 */
export async function setCartItem(db: Db, userId: string, partId: string, quantity: number): Promise<Cart> {
  await db.transaction(async (tx) => {
    const [part] = await tx
      .select({ minquantity: parts.minquantity, availablequantity: parts.availablequantity })
      .from(parts)
      .where(eq(parts.id, partId))
      .limit(1);
    if (!part) {
      throw new AppError('not_found', shopTexts.partNotFound, [
        { field: 'partId', message: shopTexts.partNotFound },
      ]);
    }
    const problem = quantityProblem(quantity, part);
    if (problem) throw new AppError('invalid', problem, [{ field: 'quantity', message: problem }]);

    // The customer's row is locked so two additions at once cannot both take the 50th place; the
    // checkout takes the same lock, so a cart never changes while it is being checked out.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [existing] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.partId, partId)))
      .limit(1);
    if (!existing) {
      const [lines] = await tx.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
      if ((lines?.n ?? 0) >= CART_MAX_LINES) {
        throw new AppError('conflict', cartTexts.cartFull(CART_MAX_LINES));
      }
    }
    await tx
      .insert(cartItems)
      .values({ userId, partId, quantity })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.partId],
        set: { quantity, updatedAt: sql`now()` },
      });
  });
  return readCart(db, userId);
}

export async function removeCartItem(db: Db, userId: string, partId: string): Promise<Cart> {
  await db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.partId, partId)));
  return readCart(db, userId);
}

export async function clearCart(db: Db, userId: string): Promise<Cart> {
  await emptyCart(db, userId);
  return { items: [], subtotal: 0 };
}

/**
 * Checkout's first step: locks the customer (the same lock every cart change takes, so the cart
 * cannot change underneath) and answers the cart's lines, oldest first.
 */
export async function takeCartForCheckout(
  tx: Db,
  userId: string,
): Promise<{ partId: string; quantity: number }[]> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return tx
    .select({ partId: cartItems.partId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.partId));
}

/** Checkout's last step: the ordered cart is emptied in the order's transaction. */
export async function emptyCart(tx: Db, userId: string): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
}
