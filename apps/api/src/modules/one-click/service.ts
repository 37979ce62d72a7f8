import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DeliveryAddress } from '@pitstop/core/checkout';
import { shopTexts } from '@pitstop/core/messages';
import { oneClickTexts, type OneClickOrderInput, type OneClickResult } from '@pitstop/core/one-click';
import { addressBookTexts } from '@pitstop/core/address-book';
import { savedCardTexts } from '@pitstop/core/saved-cards';
import type { SessionUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import {
  addresses,
  companies,
  companyMembers,
  customerPriceLists,
  orders,
  savedCards,
  users,
} from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { rememberAnswer, type IdempotencyClaim } from '../../lib/idempotency.js';
import type { PaymentProviderClient } from '../../lib/payments/provider.js';
import { dropCard } from '../cards/service.js';
import { BUYER_COLUMNS, buyerFrom, type Buyer } from '../companies/membership.js';
import { removeCartItem } from '../cart/service.js';
import {
  ORDER_FORM_REFUSALS,
  placeOrderOnce,
  placeTakenLines,
  takePart,
  type Placed,
} from '../checkout/service.js';
import { cancelOrder, type OrderTerms } from '../orders/service.js';
import { describeLines, recordOffSessionCharge } from '../payments/service.js';

/*
 * 1-Click (issue #28, item 5): one request places the order to the default address and charges
 * the saved card off-session. Named steps:
 *   1. in the order's transaction, once per Idempotency-Key: check 1-Click is ready (on, a default
 *      address, the card), take the part, place the order as the part page's (placeTakenLines:
 *      same tax, hold, stock rule, mails) with one_click, and drop the cart line when bought from it;
 *   2. after the commit (no provider call holds a transaction open): charge the card, at most once
 *      per order at the provider (its idempotency key is the order);
 *   3. record how it went: paid (markPaid, as the payment page's confirmation), waiting for the
 *      customer's authentication (the order stays unpaid, held until its deadline, for the
 *      payment page), or declined (the order is cancelled at once: stock back, intent closed);
 *   4. remember that ending under the key, so a retry answers the same and charges nothing more.
 */

/** What the order's transaction hands the charge: the order and the card to charge. */
interface PlacedOneClick extends Placed {
  card: { id: string; customerId: string; paymentMethodId: string };
  /** Set once the charge is done (step 4); a retry answers it as it is. */
  ending?: Ending;
}

type Ending = { payment: 'paid' | 'requires_action' } | { declined: string };

/**
 * Step 1's checks, inside the order's transaction, in one read: 1-Click on, the address — the
 * saved one named, else the default — and the card — the one named, else the newest — among those
 * the shop's provider can charge (a shop that switched keeps the others' rows). Another customer's
 * address or card is not found (404), as one that does not exist. The same read answers who is
 * buying, which the order's steps take from here.
 */
async function readiness(
  tx: Db,
  caller: SessionUser,
  { cardId, addressId }: Pick<OneClickOrderInput, 'cardId' | 'addressId'>,
  provider: PaymentProviderClient['name'],
): Promise<{ address: DeliveryAddress; card: PlacedOneClick['card']; buyer: Buyer }> {
  const [row] = await tx
    .select({
      enabled: users.oneClickEnabled,
      customerId: users.paymentCustomerId,
      address: addresses,
      card: savedCards,
      buyer: BUYER_COLUMNS,
    })
    .from(users)
    // Who is buying, as the order's steps read it (buyerOf's joins): a statement fewer an order.
    .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
    .leftJoin(customerPriceLists, eq(customerPriceLists.userId, users.id))
    .leftJoin(
      addresses,
      and(
        eq(addresses.userId, users.id),
        addressId ? eq(addresses.id, addressId) : eq(addresses.isDefault, true),
      ),
    )
    .leftJoin(
      savedCards,
      and(
        eq(savedCards.userId, users.id),
        isNull(savedCards.removedAt),
        eq(savedCards.provider, provider),
        cardId ? eq(savedCards.id, cardId) : undefined,
      ),
    )
    .where(eq(users.id, caller.id))
    .orderBy(desc(savedCards.createdAt), desc(savedCards.id))
    .limit(1);
  if (!row?.enabled) throw new AppError('conflict', oneClickTexts.notEnabled);
  if (addressId && !row.address) {
    throw new AppError('not_found', addressBookTexts.notFound, [
      { field: 'addressId', message: addressBookTexts.notFound },
    ]);
  }
  if (!row.address) throw new AppError('conflict', oneClickTexts.noDefaultAddress);
  const { card, address: entry } = row;
  if (cardId && !card) {
    throw new AppError('not_found', savedCardTexts.notFound, [
      { field: 'cardId', message: savedCardTexts.notFound },
    ]);
  }
  if (!card) throw new AppError('conflict', oneClickTexts.noCard);
  const address: DeliveryAddress = {
    name: entry.name,
    street: entry.street,
    city: entry.city,
    state: entry.state,
    zip: entry.zip,
    phone: entry.phone,
    line2: entry.line2 ?? undefined,
  };
  // Charged as the user's provider customer: a card no longer on it is refused by the provider.
  const customerId = row.customerId ?? card.customerId;
  return {
    address,
    card: { id: card.id, customerId, paymentMethodId: card.paymentMethodId },
    buyer: buyerFrom(caller.id, row.buyer),
  };
}

/** Step 1: the order, placed as the part page's is, to the address chosen (the default unless named), by card, one_click. */
async function placeOrder(
  db: Db,
  caller: SessionUser,
  input: OneClickOrderInput,
  provider: PaymentProviderClient['name'],
  salesTaxRates: Record<string, number>,
  terms: OrderTerms,
  claim: IdempotencyClaim,
): Promise<{ placed: PlacedOneClick; fresh: boolean }> {
  return placeOrderOnce(db, claim, async (tx) => {
    const { address, card, buyer } = await readiness(tx, caller, input, provider);
    const taken = await takePart(tx, input.partId, input.quantity, []);
    if (taken.length === 0) {
      throw new AppError('not_found', shopTexts.partNotFound, [
        { field: 'partId', message: shopTexts.partNotFound },
      ]);
    }
    // Bought from the cart: that line leaves it with the order (and comes back if it rolls back).
    if (input.fromCart) await removeCartItem(tx, caller.id, input.partId);
    const placed = await placeTakenLines(
      tx,
      taken,
      {
        caller,
        name: address.name,
        num: address.phone,
        address,
        payment: 'card',
        refusals: ORDER_FORM_REFUSALS,
        oneClick: true,
        discountCode: input.discountCode || undefined,
        buyer,
      },
      salesTaxRates,
      terms,
    );
    return { ...placed, card } as PlacedOneClick;
  });
}

export interface OneClickDeps {
  provider: PaymentProviderClient;
  salesTaxRates: Record<string, number>;
  terms: OrderTerms;
  /** Wakes the job runner (receipt mails, an intent's cancel). */
  onQueued: () => void;
}

/**
 * POST /api/orders/one-click. Answers the order and how its payment went; a declined card is a
 * 402 problem (the order cancelled). `partIds` of the answer's order are the ones whose stock moved.
 */
export async function placeOneClickOrder(
  db: Db,
  caller: SessionUser,
  input: OneClickOrderInput,
  claim: IdempotencyClaim,
  deps: OneClickDeps,
): Promise<{ placed: Placed; result: OneClickResult }> {
  const { placed, fresh } = await placeOrder(
    db,
    caller,
    input,
    deps.provider.name,
    deps.salesTaxRates,
    deps.terms,
    claim,
  );
  // A retry answers how the click ended; one left waiting for authentication asks again (the
  // provider answers the same attempt), in case the customer has paid on the payment page since.
  const settled =
    placed.ending && !('payment' in placed.ending && placed.ending.payment === 'requires_action');
  const ending = settled && placed.ending ? placed.ending : await charge(db, caller, placed, fresh, deps);
  if (!settled) await rememberAnswer(db, claim, { ...placed, ending });
  if ('declined' in ending) throw declinedProblem(ending.declined);
  return { placed, result: { ...placed.result, payment: ending.payment } };
}

const declinedProblem = (message: string) =>
  new AppError('payment_failed', message, [{ field: 'cardId', message }]);

/** Steps 2 and 3: the charge and what follows from it. */
async function charge(
  db: Db,
  caller: SessionUser,
  placed: PlacedOneClick,
  /** Placed by this request (just committed, unpaid): nothing to read back. */
  fresh: boolean,
  deps: OneClickDeps,
): Promise<Ending> {
  const orderId = placed.order._id;
  // Charged as it is placed: the date it promised stands (no late payment to move it).
  const order = {
    id: orderId,
    totalCents: Math.round(placed.order.total * 100),
    promisedOn: null,
    deliveryAddress: null,
  };
  // Free (a discount code took it all): paid as it was placed, nothing to charge.
  if (order.totalCents === 0) return { payment: 'paid' };
  if (!fresh) {
    // A retry of a click whose first request ended without remembering it: the order says how far.
    const [now] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!now) throw new AppError('not_found', shopTexts.partNotFound);
    if (now.paidAt !== null) return { payment: 'paid' };
    if (now.status === 'cancelled') return { declined: oneClickTexts.declined };
  }

  const outcome = await deps.provider.chargeOffSession({
    orderId,
    amountCents: order.totalCents,
    currency: 'usd',
    description: describeLines(placed.order.lines.map((line) => ({ partName: line.name }))),
    customerId: placed.card.customerId,
    paymentMethodId: placed.card.paymentMethodId,
  });
  const record = (
    intentId: string,
    clientSecret: string,
    status: 'succeeded' | 'requires_payment' | 'failed',
  ) =>
    recordOffSessionCharge(
      db,
      order,
      { intentId, clientSecret, status },
      deps.provider,
      caller,
      { publicUrl: deps.terms.publicUrl },
      deps.onQueued,
    );

  switch (outcome.outcome) {
    case 'succeeded':
      return (await record(outcome.intentId, outcome.clientSecret, 'succeeded'))
        ? { payment: 'paid' }
        : { payment: 'requires_action' };
    case 'requires_action':
      // Held unpaid as any card order, until its deadline; the payment page finishes this intent,
      // which carries the saved card (the bank's check runs there, with the customer).
      await record(outcome.intentId, outcome.clientSecret, 'requires_payment');
      return { payment: 'requires_action' };
    case 'declined':
      if (outcome.intentId)
        await record(outcome.intentId, outcome.clientSecret ?? `${outcome.intentId}_secret`, 'failed');
      await cancelDeclined(db, caller, orderId, outcome.message);
      return { declined: outcome.message };
    case 'unusable':
      // The provider no longer knows the card for this customer: it leaves the profile too.
      await dropCard(db, placed.card.id);
      await cancelDeclined(db, caller, orderId, outcome.message);
      return { declined: savedCardTexts.dropped };
  }
}

/** A declined 1-Click order is cancelled in the same request: its stock back, its intent closed. */
async function cancelDeclined(db: Db, caller: SessionUser, orderId: string, reason: string): Promise<void> {
  await cancelOrder(db, caller, orderId, { note: `1-Click payment declined: ${reason}` });
}
