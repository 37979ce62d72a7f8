import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { payments } from '../../db/schema.js';
import type { PaymentProviderClient } from './provider.js';

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
