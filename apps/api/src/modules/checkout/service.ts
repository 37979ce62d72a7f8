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
import { takeCartForCheckout, type TakenLine } from '../cart/service.js';
import { assertWithinLimit, lockCreditLine } from '../credit/service.js';
import { finishOrder, insertOrder, type OrderTerms } from '../orders/service.js';
import { once, type IdempotencyClaim } from '../../lib/idempotency.js';

interface ReservedLine {
  partId: string;
  partNumber: string;
  partName: string;
  unitPriceCents: number;
  quantity: number;
}

/**
 * Checks every line against its part as taken (short lines answer 409 naming the part and what is
 * left, a line under the part's minimum 400) and prices it. Throwing rolls back the whole checkout.
 */
function priceLines(cart: TakenLine[]): ReservedLine[] {
  const short: FieldError[] = [];
  const belowMinimum: FieldError[] = [];
  for (const line of cart) {
    const field = `items.${line.partId}.quantity`;
    if (line.quantity > line.available) {
      short.push({ field, message: cartTexts.stockShort(line.name, line.available) });
    } else if (line.quantity < line.minquantity) {
      belowMinimum.push({ field, message: cartTexts.belowMinimum(line.name, line.minquantity) });
    }
  }
  if (short.length) throw new AppError('conflict', short.map((e) => e.message).join(' '), short);
  if (belowMinimum.length) {
    throw new AppError('invalid', belowMinimum.map((e) => e.message).join(' '), belowMinimum);
  }
  return cart.map((line) => ({
    partId: line.partId,
    partNumber: line.partNumber,
    partName: line.name,
    unitPriceCents: line.priceCents,
    quantity: line.quantity,
  }));
}

/**
 * Takes every line's units or none, as the checkout's last step, so the parts' rows stay locked
 * only for this statement and the commit (shared parts are the checkout's bottleneck). The
 * subquery locks the rows in id order (every transaction that changes several parts' stock goes
 * in that order, so two checkouts never deadlock) before the UPDATE touches any of them; a line
 * sold out meanwhile is not taken, and then the whole checkout rolls back with its message.
 */
async function reserveLines(tx: Db, lines: ReservedLine[]): Promise<void> {
  const ids = lines.map((l) => l.partId);
  const wanted = sql`case ${parts.id} ${sql.join(
    lines.map((l) => sql`when ${l.partId}::uuid then ${l.quantity}::int`),
    sql` `,
  )} end`;
  const inIdOrder = tx
    .select({ id: parts.id })
    .from(parts)
    .where(inArray(parts.id, ids))
    .orderBy(asc(parts.id))
    // NO KEY UPDATE: the order's lines already hold KEY SHARE on these rows (their foreign key),
    // and so may other checkouts' lines; FOR UPDATE would wait on those and deadlock.
    .for('no key update');
  const took = await tx
    .update(parts)
    .set({ availablequantity: sql`${parts.availablequantity} - ${wanted}`, updatedAt: new Date() })
    .where(and(inArray(parts.id, inIdOrder), gte(parts.availablequantity, wanted)))
    .returning({ id: parts.id });
  if (took.length === lines.length) return;

  const now = await tx
    .select({ id: parts.id, available: parts.availablequantity })
    .from(parts)
    .where(inArray(parts.id, ids));
  const left = new Map(now.map((p) => [p.id, p.available]));
  const short: FieldError[] = lines
    .filter((line) => line.quantity > (left.get(line.partId) ?? 0))
    .map((line) => ({
      field: `items.${line.partId}.quantity`,
      message: cartTexts.stockShort(line.partName, left.get(line.partId) ?? 0),
    }));
  throw new AppError('conflict', short.map((e) => e.message).join(' ') || cartTexts.cartEmpty, short);
}

/** The address is kept for next time: a write the checkout sends along with taking the cart. */
function saveAddress(tx: Db, userId: string, address: DeliveryAddress) {
  return tx.$with('saved_address').as(
    tx
      .insert(addresses)
      .values({ userId, ...address })
      .onConflictDoUpdate({ target: addresses.userId, set: { ...address, updatedAt: new Date() } })
      .returning({ id: addresses.id }),
  );
}

/**
 * Turns the signed-in customer's cart into one unpaid order (on account: one on_account order), in
 * one transaction of named steps: take the cart, lock the credit line when paying on account, price
 * every line from the catalogue in cents with the delivery state's sales tax (on account, the total
 * must fit the remaining limit), write the order and its lines, keep the address for next time,
 * and last reserve every line's stock (all or nothing). Nothing the client sends is a price.
 * Answers the order as written (for the confirmation mail) and the checkout's answer.
 */
export async function checkout(
  db: Db,
  caller: SessionUser,
  input: CheckoutInput,
  salesTaxRates: Record<string, number>,
  terms: OrderTerms,
  /** The request's Idempotency-Key: a retry of a checkout already made answers that order. */
  claim?: IdempotencyClaim,
): Promise<{ order: Order; result: CheckoutResult }> {
  const address: AddressValue = input.address;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    return once(tx, claim, () => orderTheCart(tx));
  });

  async function orderTheCart(tx: Db): Promise<{ order: Order; result: CheckoutResult }> {
    // Step 1: the cart, taken out (locked) with its parts as they are now, and the address kept for
    // next time; a failure puts both back.
    const cart = await takeCartForCheckout(tx, caller.id, [saveAddress(tx, caller.id, address)]);
    if (cart.length === 0) throw new AppError('invalid', cartTexts.cartEmpty);

    // Step 1b, on account: the customer's credit line, locked until this order commits, so a
    // second on-account order waits and then counts this one against the limit.
    const creditLine = input.payment === 'account' ? await lockCreditLine(tx, caller.id) : undefined;

    // Step 2: every line priced from the catalogue and checked against its stock as read.
    const lines = priceLines(cart);

    // Step 3: the order, with the delivery state's sales tax.
    const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
    const taxCents = salesTaxCents(subtotalCents, salesTaxRates[address.state] ?? 0);
    // Over the remaining limit: throwing rolls everything back, so nothing is held.
    if (creditLine) await assertWithinLimit(tx, caller.id, creditLine, subtotalCents + taxCents);
    const written = await insertOrder(tx, {
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
    // Step 4: every line's stock, or none (a line sold out meanwhile rolls it all back).
    await reserveLines(tx, lines);
    // Step 5, last: its number, its timeline's first line and its confirmation mail.
    const order = await finishOrder(tx, written, caller, terms);

    const { subtotal, tax, total } = order;
    return {
      order,
      result: {
        insertedId: order._id,
        orderNumber: order.orderNumber,
        subtotal,
        tax,
        total,
        lines: order.lines,
        address,
      },
    };
  }
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
