export interface IntentRequest {
  orderId: string;
  amountCents: number;
  currency: 'usd';
  /** Billing name the card form shows (the part name, as the original did). */
  description: string;
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
}
