import { and, asc, eq, gte, inArray, sql, type SQL, type WithSubquery } from 'drizzle-orm';
import {
  salesTaxCents,
  type CheckoutInput,
  type CheckoutResult,
  type DeliveryAddress,
  type PaymentMethod,
  type SavedAddress,
} from '@pitstop/core/checkout';
import { deliveryPromise } from '@pitstop/core/delivery-promise';
import { cartTexts, messages, shopTexts } from '@pitstop/core/messages';
import type { CreateOrderInput, Order } from '@pitstop/core/orders';
import type { SessionUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { addresses, parts } from '../../db/schema.js';
import { AppError, type FieldError } from '../../lib/errors.js';
import { keepAtCheckout } from '../addresses/service.js';
import { takeCartForCheckout, type TakenLine } from '../cart/service.js';
import { assertWithinLimit, lockCreditLine } from '../credit/service.js';
import { newOrderNotice } from '../orders/order-mails.js';
import { insertOrder, reserveAndFinishOrder, type OrderTerms } from '../orders/service.js';
import { sameEmail } from '../users/service.js';
import { placeOnce, type IdempotencyClaim } from '../../lib/idempotency.js';
import { ordersPlaced } from '../../lib/metrics.js';
import { approvalNeeded, assertMayOrder } from '../approvals/rules.js';
import { approvalsTexts } from '@pitstop/core/approvals-texts';
import { requestApproval } from '../approvals/request.js';
import { buyerOf, type Buyer } from '../companies/membership.js';
import { invoiceWrites } from '../invoices/issue.js';
import { markFreeOrderPaid } from '../payments/service.js';
import { salesColumn } from '../pricing/compute.js';
import { orderPrices, type OrderPrice } from '../pricing/order-prices.js';
import { applyDiscountCode, recordDiscountUse } from '../promotions/apply.js';

interface ReservedLine {
  partId: string;
  partNumber: string;
  partName: string;
  unitPriceCents: number;
  quantity: number;
  /** Retail when the line is priced by a tier or a sale (issue #30); null: retail. */
  listPriceCents: number | null;
  /** This line's share of a discount code. */
  discountCents: number;
}

/**
 * How a refused line is worded, per way of ordering. The cart names each part under
 * `items.<partId>.quantity`; the part page's form has one quantity field and the spec's texts.
 */
interface Refusals {
  /** The line wants more than the `left` units there are. */
  short(line: { partId: string; name: string }, left: number): FieldError;
  belowMinimum(line: { partId: string; name: string }, min: number): FieldError;
  /**
   * What a line short as read answers. The cart's 409: the line fitted when it went in the cart
   * and the stock moved since. The form's 400: the customer asked for more than the page showed.
   * Sold out between the read and the reservation is a 409 for both (try again).
   */
  shortAsRead: 'conflict' | 'invalid';
}

const CART_REFUSALS: Refusals = {
  short: (line, left) => ({
    field: `items.${line.partId}.quantity`,
    message: cartTexts.stockShort(line.name, left),
  }),
  belowMinimum: (line, min) => ({
    field: `items.${line.partId}.quantity`,
    message: cartTexts.belowMinimum(line.name, min),
  }),
  shortAsRead: 'conflict',
};

export const ORDER_FORM_REFUSALS: Refusals = {
  short: () => ({ field: 'quantity', message: messages.quantityAboveAvailable }),
  belowMinimum: (_line, min) => ({ field: 'quantity', message: shopTexts.quantityBelowMin(min) }),
  shortAsRead: 'invalid',
};

const refusal = (kind: 'conflict' | 'invalid', errors: FieldError[]) =>
  new AppError(kind, errors.map((e) => e.message).join(' '), errors);

/**
 * Checks every line against its part as taken (a line short or under the part's minimum is
 * refused, worded as `refusals` says) and prices it. Throwing rolls back the whole order.
 */
function priceLines(taken: TakenLine[], refusals: Refusals, prices: Map<string, OrderPrice>): ReservedLine[] {
  const short: FieldError[] = [];
  const belowMinimum: FieldError[] = [];
  for (const line of taken) {
    if (line.quantity > line.available) {
      short.push(refusals.short(line, line.available));
    } else if (line.quantity < line.minquantity) {
      belowMinimum.push(refusals.belowMinimum(line, line.minquantity));
    }
  }
  if (short.length) throw refusal(refusals.shortAsRead, short);
  if (belowMinimum.length) throw refusal('invalid', belowMinimum);
  return taken.map((line) => {
    const price = prices.get(line.partId) ?? { unitPriceCents: line.priceCents, listPriceCents: null };
    return {
      partId: line.partId,
      partNumber: line.partNumber,
      partName: line.name,
      unitPriceCents: price.unitPriceCents,
      listPriceCents: price.listPriceCents,
      quantity: line.quantity,
      discountCents: 0,
    };
  });
}

/**
 * Takes every line's units or none, as the checkout's last step, so the parts' rows stay locked
 * only for this statement and the commit (shared parts are the checkout's bottleneck): an UPDATE
 * for the statement that also writes the order's last writes (reserveAndFinishOrder), with the
 * condition that it took every line. The subquery locks the rows in id order (every transaction
 * that changes several parts' stock goes in that order, so two checkouts never deadlock) before
 * the UPDATE touches any of them; a line sold out meanwhile is not taken.
 */
function reservation(tx: Db, lines: ReservedLine[]): { take: WithSubquery; complete: SQL } {
  const wanted = sql`case ${parts.id} ${sql.join(
    lines.map((l) => sql`when ${l.partId}::uuid then ${l.quantity}::int`),
    sql` `,
  )} end`;
  const inIdOrder = tx
    .select({ id: parts.id })
    .from(parts)
    .where(
      inArray(
        parts.id,
        lines.map((l) => l.partId),
      ),
    )
    .orderBy(asc(parts.id))
    // NO KEY UPDATE: the order's lines already hold KEY SHARE on these rows (their foreign key),
    // and so may other checkouts' lines; FOR UPDATE would wait on those and deadlock.
    .for('no key update');
  const take = tx.$with('took').as(
    tx
      .update(parts)
      .set({ availablequantity: sql`${parts.availablequantity} - ${wanted}`, updatedAt: new Date() })
      .where(and(inArray(parts.id, inIdOrder), gte(parts.availablequantity, wanted)))
      .returning({ id: parts.id }),
  );
  return { take, complete: sql`(select count(*) from took) = ${lines.length}` };
}

/** Why a reservation fell short: the lines that want more than is left now, as `refusals` words it. */
async function shortfall(tx: Db, lines: ReservedLine[], refusals: Refusals): Promise<AppError> {
  const now = await tx
    .select({ id: parts.id, available: parts.availablequantity })
    .from(parts)
    .where(
      inArray(
        parts.id,
        lines.map((l) => l.partId),
      ),
    );
  const left = new Map(now.map((p) => [p.id, p.available]));
  const short: FieldError[] = lines
    .filter((line) => line.quantity > (left.get(line.partId) ?? 0))
    .map((line) => refusals.short({ partId: line.partId, name: line.partName }, left.get(line.partId) ?? 0));
  return new AppError('conflict', short.map((e) => e.message).join(' ') || cartTexts.cartEmpty, short);
}

/** What an order is placed with, whichever way it is made. */
export interface OrderRequest {
  caller: SessionUser;
  /** Who placed it and how to reach them: the address's, or the part page's own name and number. */
  name: string;
  num: string;
  address: DeliveryAddress;
  payment: PaymentMethod;
  refusals: Refusals;
  /** Placed with 1-Click (issue #28). */
  oneClick?: boolean;
  /** Issue #30: the buyer's purchase order number and a discount code, as typed. */
  poNumber?: string;
  discountCode?: string;
  /** Who is buying, when the caller read it in this transaction already (1-Click's first read). */
  buyer?: Buyer;
}

/** How an order's transaction ends: the order as written and the answer the route sends. */
export interface Placed {
  order: Order;
  result: CheckoutResult;
}

/**
 * The order's steps once its lines are taken, the same for the cart and the part page: lock the
 * credit line when paying on account, price every line from the catalogue in cents with the
 * delivery state's sales tax (on account, the total must fit the remaining limit), write the order
 * and its lines, reserve every line's stock (all or nothing), and last its number, timeline and
 * mails. Any refusal throws, which rolls back the caller's whole transaction.
 */
export async function placeTakenLines(
  tx: Db,
  taken: TakenLine[],
  request: OrderRequest,
  salesTaxRates: Record<string, number>,
  terms: OrderTerms,
): Promise<Placed> {
  const { caller, address } = request;
  // Who is buying (issue #30): their company and role, read in the order's transaction, so a
  // member removed a moment ago orders as nobody's buyer.
  const buyer = request.buyer ?? (await buyerOf(tx, caller.id));
  assertMayOrder(buyer, request.poNumber);
  // On account: the customer's credit line, locked until this order commits, so a second
  // on-account order waits and then counts this one against the limit.
  const creditLine = request.payment === 'account' ? await lockCreditLine(tx, caller.id) : undefined;

  // Every line priced on the server (the buyer's price list or a sale, else retail) and checked
  // against its stock as read.
  const lines = priceLines(taken, request.refusals, await orderPrices(tx, buyer, taken));

  // A discount code, checked and counted in this transaction; each line keeps its share.
  const byPart = new Map(taken.map((t) => [t.partId, t]));
  const discount = await applyDiscountCode(
    tx,
    request.discountCode,
    buyer,
    lines.map((l) => ({
      partId: l.partId,
      brand: byPart.get(l.partId)?.brand ?? '',
      category: byPart.get(l.partId)?.category ?? '',
      amountCents: l.unitPriceCents * l.quantity,
    })),
  );
  if (discount) lines.forEach((l, i) => (l.discountCents = discount.perLineCents[i] ?? 0));
  const discountCents = discount?.discountCents ?? 0;

  // The order, with the delivery state's sales tax on what is paid (none for a tax-exempt company).
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const taxCents = buyer.membership?.taxExempt
    ? 0
    : salesTaxCents(subtotalCents - discountCents, salesTaxRates[address.state] ?? 0);
  const totalCents = subtotalCents - discountCents + taxCents;
  // Over the buyer's own limit: the order waits for an approver (issue #30).
  const awaitingApproval = approvalNeeded(buyer, totalCents);
  // 1-Click charges the card as it places the order: one that must wait for an approver is made at
  // the checkout instead.
  if (awaitingApproval && request.oneClick) throw new AppError('conflict', approvalsTexts.oneClickOverLimit);
  // Over the remaining limit: throwing rolls everything back, so nothing is held.
  if (creditLine) await assertWithinLimit(tx, caller.id, creditLine, totalCents);
  // The delivery date it promises: every line is in stock (a short line was refused above, and one
  // sold out meanwhile rolls the order back), so the address's state and the settings decide.
  const promisedOn = promisedDate(terms, address.state);
  const written = await insertOrder(tx, {
    userId: caller.id,
    email: caller.email,
    name: request.name,
    num: request.num,
    taxCents,
    deliveryAddress: address,
    paymentMethod: request.payment,
    terms,
    promisedOn,
    oneClick: request.oneClick ?? false,
    companyId: buyer.membership?.companyId ?? null,
    poNumber: request.poNumber ?? null,
    discountCode: discount?.code ?? null,
    discountCents,
    awaitingApproval,
    lines,
  });
  // Last, in one statement: every line's stock or none, and then its number, its timeline's first
  // line and its confirmation mail. An order on account ships now, unpaid (net 30), so the shop
  // is told at once; a card order's notice waits for its payment. A line sold out meanwhile rolls
  // it all back.
  const order = await reserveAndFinishOrder(tx, reservation(tx, lines), {
    order: written,
    actor: caller,
    terms,
    // One waiting for an approver is not one to ship yet: the shop is told once it is approved.
    alsoQueue:
      request.payment === 'account' && !awaitingApproval
        ? [newOrderNotice(written._id, terms.publicUrl)]
        : [],
    // Its invoice, numbered in the same statement; one waiting for an approver gets it when approved.
    alsoWrite: (tookAll) => (awaitingApproval ? [] : invoiceWrites(tx, written._id, tookAll)),
  });
  if (!order) throw await shortfall(tx, lines, request.refusals);
  if (discount) await recordDiscountUse(tx, discount, order._id, caller.id);
  if (awaitingApproval) await requestApproval(tx, order, buyer, terms.publicUrl);
  // Free by card (a code took it all): nothing to charge, so it is paid now.
  const free = !awaitingApproval && request.payment === 'card' && totalCents === 0;
  if (free) {
    await markFreeOrderPaid(
      tx,
      { id: order._id, promisedOn: order.promisedOn ?? null, deliveryAddress: address },
      caller,
      terms,
    );
  }

  return {
    order,
    result: {
      insertedId: order._id,
      orderNumber: order.orderNumber,
      subtotal: order.subtotal,
      tax: order.tax,
      total: order.total,
      lines: order.lines,
      address,
      paymentMethod: order.paymentMethod ?? request.payment,
      expiresAt: order.expiresAt ?? null,
      paymentDueAt: order.paymentDueAt ?? null,
      promisedOn: order.promisedOn ?? null,
      discount: order.discount ?? 0,
      discountCode: order.discountCode ?? null,
      poNumber: order.poNumber ?? null,
      awaitingApproval,
    },
  };
}

/** The arrival date an order placed now for `state` promises (all in stock); null: none. */
function promisedDate(terms: OrderTerms, state: string): string | null {
  const settings = terms.deliverySettings;
  if (!settings) return null;
  return deliveryPromise({ now: new Date(), settings, state, inStock: true })?.arrivesOn ?? null;
}

/** One transaction around an order's steps, answered once per Idempotency-Key. */
export async function inOrderTransaction<T extends Placed>(
  db: Db,
  claim: IdempotencyClaim | undefined,
  steps: (tx: Db) => Promise<T>,
): Promise<T> {
  return (await placeOrderOnce(db, claim, steps)).placed;
}

/** inOrderTransaction, saying whether this request placed the order (fresh) or a retry was answered. */
export async function placeOrderOnce<T extends Placed>(
  db: Db,
  claim: IdempotencyClaim | undefined,
  steps: (tx: Db) => Promise<T>,
): Promise<{ placed: T; fresh: boolean }> {
  const { value, fresh } = await placeOnce(db, claim, steps);
  // Counted once committed, and not for a retry answered with the first order.
  if (fresh) ordersPlaced.inc();
  return { placed: value, fresh };
}

/**
 * Turns the signed-in customer's cart into one unpaid order (on account: one on_account order), in
 * one transaction: take the cart (and keep the address in the address book), then the order's steps
 * (placeTakenLines). Nothing the client sends is a price. Answers the order as written and the
 * checkout's answer.
 */
export async function checkout(
  db: Db,
  caller: SessionUser,
  input: CheckoutInput,
  salesTaxRates: Record<string, number>,
  terms: OrderTerms,
  /** The request's Idempotency-Key: a retry of a checkout already made answers that order. */
  claim?: IdempotencyClaim,
): Promise<Placed> {
  const request: OrderRequest = {
    caller,
    name: input.address.name,
    num: input.address.phone,
    address: input.address,
    payment: input.payment,
    refusals: CART_REFUSALS,
    poNumber: input.poNumber,
    discountCode: input.discountCode,
  };
  return inOrderTransaction(db, claim, async (tx) => {
    // The cart, taken out (locked) with its parts as they are now, and the address kept in the
    // address book (the default when asked or the first); a failure puts both back.
    const cart = await takeCartForCheckout(
      tx,
      caller.id,
      keepAtCheckout(tx, caller.id, input.address, input.makeDefault === true),
    );
    if (cart.length === 0) throw new AppError('invalid', cartTexts.cartEmpty);
    return placeTakenLines(tx, cart, request, salesTaxRates, terms);
  });
}

/**
 * The part page's order form (POST /api/order): one part, in the quantity asked, placed as a
 * one-line order through the checkout's own steps, so it has the same address, tax, hold, stock
 * rule, idempotency and mails as an order of the cart. The cart is not touched. The email must be
 * the caller's own. A quantity outside the part's limits is refused with the form's texts.
 */
export async function orderOnePart(
  db: Db,
  caller: SessionUser,
  input: CreateOrderInput,
  salesTaxRates: Record<string, number>,
  terms: OrderTerms,
  claim?: IdempotencyClaim,
): Promise<Placed> {
  if (!sameEmail(caller.email, input.email)) {
    throw new AppError('forbidden', 'You can only order for your own account.', [
      { field: 'email', message: 'Use the email you are signed in with.' },
    ]);
  }
  const request: OrderRequest = {
    caller,
    name: input.name,
    num: input.num,
    address: input.address,
    payment: input.payment,
    refusals: ORDER_FORM_REFUSALS,
  };
  return inOrderTransaction(db, claim, async (tx) => {
    // The part as it is now, read in the statement that keeps the address for next time.
    const taken = await takePart(
      tx,
      input.productId,
      input.quantity,
      keepAtCheckout(tx, caller.id, input.address, false),
    );
    if (taken.length === 0) {
      throw new AppError('not_found', shopTexts.partNotFound, [
        { field: 'productId', message: shopTexts.partNotFound },
      ]);
    }
    return placeTakenLines(tx, taken, request, salesTaxRates, terms);
  });
}

/** The part page's one line: the part as it is now, as the cart's lines are taken. */
export async function takePart(
  tx: Db,
  partId: string,
  quantity: number,
  alongside: WithSubquery[],
): Promise<TakenLine[]> {
  const found = await tx
    .with(...alongside)
    .select({
      partId: parts.id,
      name: parts.name,
      partNumber: parts.partNumber,
      priceCents: parts.priceCents,
      available: parts.availablequantity,
      minquantity: parts.minquantity,
      brand: parts.brand,
      category: parts.category,
      sales: salesColumn(),
    })
    .from(parts)
    .where(eq(parts.id, partId));
  return found.map((part) => ({ ...part, quantity }));
}

export async function savedAddress(db: Db, userId: string): Promise<SavedAddress> {
  const [row] = await db
    .select({
      name: addresses.name,
      street: addresses.street,
      line2: addresses.line2,
      city: addresses.city,
      state: addresses.state,
      zip: addresses.zip,
      phone: addresses.phone,
    })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)))
    .limit(1);
  if (!row) return { address: null };
  // No second line is no key at all, as on an order's address.
  const { line2, ...rest } = row;
  return { address: line2 ? { ...rest, line2 } : rest };
}

/** The configured rates in percent, for the checkout page to show tax before the order is placed. */
export function taxRatesInPercent(rates: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(rates).map(([state, hundredths]) => [state, hundredths / 100]));
}
