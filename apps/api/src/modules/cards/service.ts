import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { SandboxSaveCardInput, SavedCard, SavedCards } from '@pitstop/core/saved-cards';
import { savedCardTexts } from '@pitstop/core/saved-cards';
import type { Db } from '../../db/client.js';
import { addresses, savedCards, users, type SavedCardRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { CardDetails, PaymentProviderClient } from '../../lib/payments/provider.js';
import { sandboxCard } from '../../lib/payments/sandbox.js';

/*
 * Saved cards (issue #28, item 4). The provider keeps the card (Stripe: a PaymentMethod on the
 * user's Customer; the sandbox: the row itself); we keep what the profile shows — brand, last
 * four, expiry — and the ids to charge it by. A removed card keeps its row (removed_at), so an
 * order's history can still name it.
 */

export function toSavedCard(row: SavedCardRow): SavedCard {
  return {
    id: row.id,
    provider: row.provider,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
  };
}

const notFound = (field?: string) =>
  new AppError(
    'not_found',
    savedCardTexts.notFound,
    field ? [{ field, message: savedCardTexts.notFound }] : [],
  );

const SANDBOX_CUSTOMER = 'cus_sandbox_';

/**
 * The user's provider customer, made the first time it is needed and stored once: two first saves
 * at the same moment write one id (the UPDATE only fills an empty column; the loser reads the
 * winner's, and the provider's idempotency key made them the same customer anyway).
 */
export async function ensureCustomer(
  db: Db,
  provider: PaymentProviderClient,
  user: { id: string; email: string },
): Promise<string> {
  const [row] = await db
    .select({ customerId: users.paymentCustomerId })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  const stored0 = row?.customerId ?? null;
  // A customer made by the other provider (the shop switched between test mode and Stripe) is
  // not this one's: it is replaced, as an empty column is filled.
  if (stored0 && stored0.startsWith(SANDBOX_CUSTOMER) === (provider.name === 'sandbox')) return stored0;
  const customerId = await provider.createCustomer(user);
  const [stored] = await db
    .update(users)
    .set({ paymentCustomerId: customerId })
    .where(
      and(
        eq(users.id, user.id),
        stored0 ? eq(users.paymentCustomerId, stored0) : isNull(users.paymentCustomerId),
      ),
    )
    .returning({ customerId: users.paymentCustomerId });
  if (stored?.customerId) return stored.customerId;
  const [winner] = await db
    .select({ customerId: users.paymentCustomerId })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  return winner?.customerId ?? customerId;
}

/**
 * Keeps a card for the user, once: the provider's payment method id is unique, so a webhook and
 * the customer's own confirmation of the same payment keep one row; the same card saved before
 * (brand, last four and expiry) leaves the list for the new row. Answers the row kept.
 */
export async function keepCard(
  db: Db,
  userId: string,
  provider: PaymentProviderClient['name'],
  card: CardDetails & { customerId: string },
  sandboxBehaviour: string | null = null,
): Promise<SavedCardRow> {
  const [kept] = await db
    .insert(savedCards)
    .values({
      userId,
      provider,
      customerId: card.customerId,
      paymentMethodId: card.paymentMethodId,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      sandboxBehaviour,
    })
    .onConflictDoNothing({ target: savedCards.paymentMethodId })
    .returning();
  if (kept) {
    // The same card saved again (each payment with "Save this card" makes a new payment method
    // of it): the newest stands for it, so the list and 1-Click show it once.
    await db
      .update(savedCards)
      .set({ removedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(savedCards.userId, userId),
          eq(savedCards.provider, provider),
          eq(savedCards.brand, card.brand),
          eq(savedCards.last4, card.last4),
          eq(savedCards.expMonth, card.expMonth),
          eq(savedCards.expYear, card.expYear),
          isNull(savedCards.removedAt),
          ne(savedCards.id, kept.id),
        ),
      );
    return kept;
  }
  const [existing] = await db
    .select()
    .from(savedCards)
    .where(eq(savedCards.paymentMethodId, card.paymentMethodId))
    .limit(1);
  if (!existing || existing.userId !== userId) throw notFound();
  return existing;
}

/**
 * The sandbox's card form, with "Save this card" ticked or from the profile: brand, last four and
 * expiry from the test number (never the number), and how it behaves when charged later.
 */
export async function keepSandboxCard(
  db: Db,
  provider: PaymentProviderClient,
  user: { id: string; email: string },
  card: Pick<SandboxSaveCardInput, 'number' | 'expiry'>,
): Promise<SavedCardRow> {
  const customerId = await ensureCustomer(db, provider, user);
  const { behaviour, ...shown } = sandboxCard(card.number, card.expiry);
  const paymentMethodId = `pm_sandbox_${randomUUID().replaceAll('-', '')}`;
  return keepCard(db, user.id, 'sandbox', { ...shown, paymentMethodId, customerId }, behaviour);
}

/** POST /api/cards/sandbox: the profile's "Add a card" in test mode. */
export async function addSandboxCard(
  db: Db,
  provider: PaymentProviderClient,
  user: { id: string; email: string },
  card: SandboxSaveCardInput,
): Promise<SavedCard> {
  if (provider.name !== 'sandbox') throw new AppError('conflict', savedCardTexts.sandboxOnly);
  return toSavedCard(await keepSandboxCard(db, provider, user, card));
}

/** POST /api/cards/setup-intent: a SetupIntent for the user's customer, for Stripe Elements. */
export async function createSetupIntent(
  db: Db,
  provider: PaymentProviderClient,
  user: { id: string; email: string },
): Promise<{ clientSecret: string }> {
  if (provider.name === 'sandbox') throw new AppError('conflict', savedCardTexts.setupNotInSandbox);
  const customerId = await ensureCustomer(db, provider, user);
  const { clientSecret } = await provider.createSetupIntent(customerId);
  return { clientSecret };
}

/**
 * POST /api/cards: Elements confirmed the SetupIntent in the browser; the server asks Stripe for
 * it and keeps its card — only when it belongs to the caller's customer and has succeeded.
 */
export async function saveSetupCard(
  db: Db,
  provider: PaymentProviderClient,
  user: { id: string; email: string },
  setupIntentId: string,
): Promise<SavedCard> {
  if (provider.name === 'sandbox') throw new AppError('conflict', savedCardTexts.setupNotInSandbox);
  const [row] = await db
    .select({ customerId: users.paymentCustomerId })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  const setup = await provider.retrieveSetupIntent(setupIntentId);
  if (!setup || !row?.customerId || setup.customerId !== row.customerId) throw notFound('setupIntentId');
  if (!setup.succeeded || !setup.paymentMethodId) {
    throw new AppError('conflict', savedCardTexts.setupNotFinished, [
      { field: 'setupIntentId', message: savedCardTexts.setupNotFinished },
    ]);
  }
  const card = await provider.retrievePaymentMethod(setup.paymentMethodId);
  if (!card) throw notFound('setupIntentId');
  return toSavedCard(await keepCard(db, user.id, 'stripe', { ...card, customerId: row.customerId }));
}

/**
 * After a payment the customer asked to save the card with has been confirmed: the card it was
 * paid with is kept for the order's owner. The payment stands whatever happens here; a card the
 * provider does not describe is simply not kept.
 */
export async function keepPaymentCard(
  db: Db,
  provider: PaymentProviderClient,
  userId: string,
  paid: { paymentMethodId?: string | undefined; customerId?: string | undefined },
): Promise<void> {
  if (!paid.paymentMethodId || !paid.customerId) return;
  const card = await provider.retrievePaymentMethod(paid.paymentMethodId);
  if (!card) return;
  await keepCard(db, userId, provider.name, { ...card, customerId: paid.customerId });
}

/** The user's cards still in use, newest first. */
export async function cardsOf(
  db: Db,
  userId: string,
  provider?: PaymentProviderClient['name'],
): Promise<SavedCardRow[]> {
  return db
    .select()
    .from(savedCards)
    .where(
      and(
        eq(savedCards.userId, userId),
        isNull(savedCards.removedAt),
        provider ? eq(savedCards.provider, provider) : undefined,
      ),
    )
    .orderBy(desc(savedCards.createdAt), desc(savedCards.id));
}

/** What 1-Click needs and whether the user has it: the switch, the default address, the cards. */
export async function oneClickState(
  db: Db,
  userId: string,
): Promise<{
  enabled: boolean;
  customerId: string | null;
  hasDefaultAddress: boolean;
  cards: SavedCardRow[];
}> {
  const [[user], [address], cards] = await Promise.all([
    db
      .select({ enabled: users.oneClickEnabled, customerId: users.paymentCustomerId })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1),
    db
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)))
      .limit(1),
    cardsOf(db, userId),
  ]);
  return {
    enabled: user?.enabled ?? false,
    customerId: user?.customerId ?? null,
    hasDefaultAddress: address !== undefined,
    cards,
  };
}

/** How the profile adds a card: the provider, and Stripe's publishable key (null in the sandbox). */
export interface CardForm {
  provider: PaymentProviderClient['name'];
  publishableKey: string | null;
}

/** GET /api/cards. */
export async function listCards(db: Db, userId: string, form: CardForm): Promise<SavedCards> {
  const state = await oneClickState(db, userId);
  return {
    // Only the cards the shop's provider can charge now (a shop that switched keeps the others' rows).
    cards: state.cards.filter((card) => card.provider === form.provider).map(toSavedCard),
    oneClickEnabled: state.enabled,
    oneClickReady:
      state.enabled && state.hasDefaultAddress && state.cards.some((c) => c.provider === form.provider),
    provider: form.provider,
    publishableKey: form.publishableKey,
  };
}

/** PUT /api/me/one-click: the switch; answers the cards and the state as GET /api/cards does. */
export async function setOneClick(
  db: Db,
  userId: string,
  enabled: boolean,
  form: CardForm,
): Promise<SavedCards> {
  await db.update(users).set({ oneClickEnabled: enabled }).where(eq(users.id, userId));
  return listCards(db, userId, form);
}

/**
 * DELETE /api/cards/:id: the card leaves the customer at the provider, then its row is stamped
 * removed (kept for history). Another customer's card, or one already removed, is not found.
 */
export async function removeCard(
  db: Db,
  provider: PaymentProviderClient,
  userId: string,
  cardId: string,
): Promise<void> {
  const [card] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, cardId), eq(savedCards.userId, userId), isNull(savedCards.removedAt)))
    .limit(1);
  if (!card) throw notFound();
  // A card saved under the other provider (the shop switched) is not this one's to detach.
  if (card.provider === provider.name) await provider.detachPaymentMethod(card.paymentMethodId);
  await dropCard(db, card.id);
}

/** The card can no longer be used (removed, or the provider says it is gone): stamped removed. */
export async function dropCard(db: Db, cardId: string): Promise<void> {
  await db
    .update(savedCards)
    .set({ removedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(savedCards.id, cardId), isNull(savedCards.removedAt)));
}
