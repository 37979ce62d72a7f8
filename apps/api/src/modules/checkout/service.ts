import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  salesTaxCents,
  type CheckoutInput,
  type CheckoutResult,
  type DeliveryAddress,
  type SavedAddress,
} from '@pitstop/core/checkout';
import { cartTexts } from '@pitstop/core/messages';
import type { Order } from '@pitstop/core/orders';
import type { SessionUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { addresses, parts, type AddressValue } from '../../db/schema.js';
import { AppError, type FieldError } from '../../lib/errors.js';
import { emptyCart, takeCartForCheckout } from '../cart/service.js';
import { assertWithinLimit, lockCreditLine } from '../credit/service.js';
import { insertOrder, type OrderTerms } from '../orders/service.js';

interface ReservedLine {
  partId: string;
  partName: string;
  unitPriceCents: number;
  quantity: number;
}

/**
 * Reserves every line or none. The parts are locked in id order (every transaction that changes
 * several parts' stock goes in that order, so two checkouts never deadlock); then each line is
 * checked against the part as it is now: short lines answer 409 naming the part and what is left,
 * a line under the part's minimum 400. Throwing rolls back the whole checkout.
 */
async function reserveLines(tx: Db, lines: { partId: string; quantity: number }[]): Promise<ReservedLine[]> {
  const locked = await tx
    .select({
      id: parts.id,
      name: parts.name,
      priceCents: parts.priceCents,
      available: parts.availablequantity,
      minquantity: parts.minquantity,
    })
    .from(parts)
    .where(
      inArray(
        parts.id,
        lines.map((l) => l.partId),
      ),
    )
    .orderBy(asc(parts.id))
    .for('update');
  const byId = new Map(locked.map((p) => [p.id, p]));

  const short: FieldError[] = [];
  const belowMinimum: FieldError[] = [];
  const reserved: ReservedLine[] = [];
  for (const line of lines) {
    const part = byId.get(line.partId);
    // A part deleted since it was read left the cart with it: nothing to order.
    if (!part) continue;
    const field = `items.${line.partId}.quantity`;
    if (line.quantity > part.available) {
      short.push({ field, message: cartTexts.stockShort(part.name, part.available) });
    } else if (line.quantity < part.minquantity) {
      belowMinimum.push({ field, message: cartTexts.belowMinimum(part.name, part.minquantity) });
    }
    reserved.push({
      partId: part.id,
      partName: part.name,
      unitPriceCents: part.priceCents,
      quantity: line.quantity,
    });
  }
  if (short.length) throw new AppError('conflict', short.map((e) => e.message).join(' '), short);
  if (belowMinimum.length) {
    throw new AppError('invalid', belowMinimum.map((e) => e.message).join(' '), belowMinimum);
  }
  if (reserved.length === 0) throw new AppError('invalid', cartTexts.cartEmpty);

  for (const line of [...reserved].sort((a, b) => (a.partId < b.partId ? -1 : 1))) {
    // The rows are locked, so this cannot miss; the guard and the CHECK constraint stay as backstops.
    const taken = await tx
      .update(parts)
      .set({ availablequantity: sql`${parts.availablequantity} - ${line.quantity}`, updatedAt: new Date() })
      .where(and(eq(parts.id, line.partId), gte(parts.availablequantity, line.quantity)))
      .returning({ id: parts.id });
    if (taken.length === 0) throw new AppError('conflict', cartTexts.stockShort(line.partName, 0));
  }
  return reserved;
}

async function saveAddress(tx: Db, userId: string, address: DeliveryAddress): Promise<void> {
  await tx
    .insert(addresses)
    .values({ userId, ...address })
    .onConflictDoUpdate({ target: addresses.userId, set: { ...address, updatedAt: new Date() } });
}

/**
 * Turns the signed-in customer's cart into one unpaid order (on account: one on_account order), in
 * one transaction of named steps: take the cart (locked), lock the credit line when paying on
 * account, reserve every line's stock (all or nothing), price it from the catalogue in cents with
 * the delivery state's sales tax (on account, the total must fit the remaining limit), write the
 * order and its lines, empty the cart and keep the address for next time. Nothing the client sends
 * is a price. Answers the order as written (for the confirmation mail) and the checkout's answer.
 */
export async function checkout(
  db: Db,
  caller: SessionUser,
  input: CheckoutInput,
  salesTaxRates: Record<string, number>,
  terms: OrderTerms,
): Promise<{ order: Order; result: CheckoutResult }> {
  const address: AddressValue = input.address;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Step 1: the cart, locked against changes while it is checked out.
    const cart = await takeCartForCheckout(tx, caller.id);
    if (cart.length === 0) throw new AppError('invalid', cartTexts.cartEmpty);

    // Step 1b, on account: the customer's credit line, locked until this order commits, so a
    // second on-account order waits and then counts this one against the limit.
    const creditLine = input.payment === 'account' ? await lockCreditLine(tx, caller.id) : undefined;

    // Step 2: every line's stock, or none.
    const lines = await reserveLines(tx, cart);

    // Step 3: the order, priced from the catalogue, with the delivery state's sales tax.
    const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
    const taxCents = salesTaxCents(subtotalCents, salesTaxRates[address.state] ?? 0);
    // Over the remaining limit: throwing rolls the reservation back, so nothing is held.
    if (creditLine) await assertWithinLimit(tx, caller.id, creditLine, subtotalCents + taxCents);
    const order = await insertOrder(tx, {
      userId: caller.id,
      email: caller.email,
      name: address.name,
      num: address.phone,
      taxCents,
      deliveryAddress: address,
      paymentMethod: input.payment,
      terms,
      lines,
    });

    // Step 4: the cart is now the order; the address is offered next time.
    await emptyCart(tx, caller.id);
    await saveAddress(tx, caller.id, address);

    const { subtotal, tax, total } = order;
    return { order, result: { insertedId: order._id, subtotal, tax, total, lines: order.lines, address } };
  });
}

export async function savedAddress(db: Db, userId: string): Promise<SavedAddress> {
  const [row] = await db
    .select({
      name: addresses.name,
      street: addresses.street,
      city: addresses.city,
      state: addresses.state,
      zip: addresses.zip,
      phone: addresses.phone,
    })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .limit(1);
  return { address: row ?? null };
}

/** The configured rates in percent, for the checkout page to show tax before the order is placed. */
export function taxRatesInPercent(rates: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(rates).map(([state, hundredths]) => [state, hundredths / 100]));
}
