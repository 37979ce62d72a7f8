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
   * Gives an order's payment back. Asking again for the same order refunds nothing more (the
   * provider's idempotency), so a retry after a lost answer is safe. Throws when it was refused.
   */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
}
