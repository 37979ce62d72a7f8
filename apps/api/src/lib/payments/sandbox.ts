import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { payments, savedCards } from '../../db/schema.js';
import type { OffSessionOutcome, PaymentProviderClient } from './provider.js';

/**
 * The offline provider for development and demos: intents live in our payments table, and the
 * sandbox card endpoint decides their outcome from Stripe's public test card numbers.
 */
export function createSandboxProvider(db: Db): PaymentProviderClient {
  return {
    name: 'sandbox',
    createIntent: async () => {
      const intentId = `pi_sandbox_${randomBytes(12).toString('hex')}`;
      return { intentId, clientSecret: `${intentId}_secret_${randomBytes(16).toString('hex')}` };
    },
    // Nothing to call: the caller records the refund on the payment row in its own transaction.
    refund: async () => ({ refundId: `re_sandbox_${randomBytes(12).toString('hex')}` }),
    // The sandbox's intent is its payments row: cancelling it is one guarded UPDATE, so a card step
    // at the same moment either succeeded first (and is refunded) or finds it cancelled.
    cancelIntent: async (intentId) => {
      const [closed] = await db
        .update(payments)
        .set({ status: 'cancelled', updatedAt: new Date() })
        .where(and(eq(payments.intentId, intentId), inArray(payments.status, ['requires_payment', 'failed'])))
        .returning({ id: payments.id });
      if (closed) return 'cancelled';
      const [row] = await db
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.intentId, intentId))
        .limit(1);
      return row && row.status !== 'cancelled' ? 'succeeded' : 'cancelled';
    },
    // Saved cards (issue #28): the sandbox's customer is named after the user, its cards are the
    // saved_cards rows the card form wrote (sandboxCard), and a charge's outcome is the card's
    // behaviour. The card form replaces the SetupIntent: the routes never ask for one here.
    createCustomer: async (user) => `cus_sandbox_${user.id}`,
    createSetupIntent: async () => {
      throw new Error('the sandbox saves cards through its own card form');
    },
    retrieveSetupIntent: async () => undefined,
    retrievePaymentMethod: async (paymentMethodId) => {
      const [card] = await db
        .select()
        .from(savedCards)
        .where(and(eq(savedCards.paymentMethodId, paymentMethodId), eq(savedCards.provider, 'sandbox')))
        .limit(1);
      if (!card) return undefined;
      return { ...card, customerId: card.removedAt ? null : card.customerId };
    },
    // The row's removed_at is what detaches it here; the caller stamps it.
    detachPaymentMethod: async () => undefined,
    // Deterministic per order, as Stripe's idempotency key makes it: a retry answers the same.
    chargeOffSession: async (charge): Promise<OffSessionOutcome> => {
      const [card] = await db
        .select({ behaviour: savedCards.sandboxBehaviour, removedAt: savedCards.removedAt })
        .from(savedCards)
        .where(
          and(
            eq(savedCards.paymentMethodId, charge.paymentMethodId),
            eq(savedCards.customerId, charge.customerId),
          ),
        )
        .limit(1);
      if (!card || card.removedAt) return { outcome: 'unusable', message: 'No such payment method.' };
      const intentId = `pi_sandbox_1click_${charge.orderId.replaceAll('-', '')}`;
      const clientSecret = `${intentId}_secret_${randomBytes(16).toString('hex')}`;
      if (card.behaviour === 'declines') {
        return { outcome: 'declined', intentId, clientSecret, message: 'Your card was declined.' };
      }
      if (card.behaviour === 'authenticates') return { outcome: 'requires_action', intentId, clientSecret };
      return { outcome: 'succeeded', intentId, clientSecret };
    },
    retrieve: async (intentId) => {
      const [row] = await db.select().from(payments).where(eq(payments.intentId, intentId)).limit(1);
      if (!row || row.provider !== 'sandbox') return undefined;
      return {
        // As at Stripe, a refunded payment's intent still reads as succeeded: the charge happened.
        succeeded: row.status === 'succeeded' || row.status === 'refunding' || row.status === 'refunded',
        amountCents: row.amountCents,
        currency: row.currency,
        orderId: row.orderId,
      };
    },
  };
}

/** Stripe's published test numbers and what they mean; any other valid number succeeds. */
const OUTCOMES: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': 'Your card’s security code is incorrect.',
};

export function sandboxDecline(cardNumber: string): string | undefined {
  return OUTCOMES[cardNumber.replace(/\s+/g, '')];
}

/**
 * What the sandbox keeps of a card the customer saved with its test form: brand, last four and
 * expiry from the number and the form (never the number), and how it behaves when charged later,
 * as Stripe's test cards do off-session.
 */
export function sandboxCard(
  cardNumber: string,
  expiry: string,
): { brand: string; last4: string; expMonth: number; expYear: number; behaviour: SandboxBehaviour } {
  const digits = cardNumber.replace(/\s+/g, '');
  const [, month = '1', year = '0'] = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim()) ?? [];
  return {
    brand: cardBrand(digits),
    last4: digits.slice(-4),
    expMonth: Number(month),
    expYear: 2000 + Number(year),
    behaviour: BEHAVIOURS[digits] ?? 'succeeds',
  };
}

export type SandboxBehaviour = 'succeeds' | 'declines' | 'authenticates';

/** Stripe's test cards for saved cards: 3-D Secure asked off-session, or attached and then declined. */
const BEHAVIOURS: Record<string, SandboxBehaviour> = {
  '4000002760003184': 'authenticates',
  '4000002500003155': 'authenticates',
  '4000000000000341': 'declines',
};

/** The card network from the number's prefix, as Stripe names it. */
export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65')) return 'discover';
  return 'unknown';
}
