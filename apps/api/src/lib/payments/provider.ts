export interface IntentRequest {
  orderId: string;
  amountCents: number;
  currency: 'usd';
  /** Billing name the card form shows (the part name, as the original did). */
  description: string;
}

export interface RefundRequest {
  orderId: string;
  intentId: string;
  amountCents: number;
  /**
   * What makes a retry the same refund at the provider: by default `refund-<order id>` (one whole
   * refund per order); a return's partial refund names itself, `refund-return-<return id>`, so an
   * order can be refunded in parts, each part once.
   */
  idempotencyKey?: string;
}

export interface CreatedIntent {
  intentId: string;
  clientSecret: string;
}

/** What the provider says about a transaction: the only source of a "paid" status. */
export interface VerifiedIntent {
  succeeded: boolean;
  amountCents: number;
  currency: string;
  orderId: string | undefined;
}

export interface PaymentProviderClient {
  readonly name: 'stripe' | 'sandbox';
  createIntent(request: IntentRequest): Promise<CreatedIntent>;
  /** undefined when the provider does not know the transaction. */
  retrieve(intentId: string): Promise<VerifiedIntent | undefined>;
  /**
   * Gives an order's payment back, or `amountCents` of it. Asking again with the same idempotency
   * key refunds nothing more, so a retry after a lost answer is safe. Throws when it was refused.
   */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
  /** Throws when the provider cannot be reached with our key now (readiness); absent: nothing to reach. */
  check?(): Promise<void>;
  /**
   * Closes an intent nobody may pay any more (its order was cancelled unpaid). Answers
   * `cancelled` (now or before: it can no longer be paid) or `succeeded` (it was paid first; the
   * caller refunds it). Throws when the provider did not answer or the intent is mid-payment.
   */
  cancelIntent(intentId: string): Promise<'cancelled' | 'succeeded'>;
}
