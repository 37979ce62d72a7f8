export interface IntentRequest {
  orderId: string;
  amountCents: number;
  currency: 'usd';
  /** Billing name the card form shows (the part name, as the original did). */
  description: string;
  /**
   * "Save this card for next time" (issue #28): the intent is made for this provider customer with
   * `setup_future_usage: off_session`, so the card it is paid with stays on the customer.
   */
  saveForCustomer?: string;
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
  /** The card it was paid with (the provider's payment method id), when it says. */
  paymentMethodId?: string | undefined;
  /** The provider customer it was made for, if any. */
  customerId?: string | undefined;
}

/** A card kept at the provider, as the profile shows it (never its number). */
export interface CardDetails {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The provider customer it is attached to (null: none, e.g. detached). */
  customerId: string | null;
}

/** A SetupIntent (a card saved without paying): whose, how far, and the card it set up. */
export interface VerifiedSetup {
  customerId: string | null;
  succeeded: boolean;
  paymentMethodId: string | null;
}

export interface OffSessionCharge {
  orderId: string;
  amountCents: number;
  currency: 'usd';
  description: string;
  customerId: string;
  paymentMethodId: string;
}

/**
 * How an off-session charge (1-Click) went: `succeeded`; `requires_action` (the bank wants the
 * customer to authenticate: the order waits for its payment page); `declined` (with the card's
 * message); `unusable` (the provider no longer knows the card for this customer: it is dropped).
 * `intentId` is the intent the attempt made, when it made one.
 */
export type OffSessionOutcome =
  | { outcome: 'succeeded'; intentId: string; clientSecret: string }
  | { outcome: 'requires_action'; intentId: string; clientSecret: string }
  | { outcome: 'declined'; intentId: string | null; clientSecret: string | null; message: string }
  | { outcome: 'unusable'; message: string };

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

  /*
   * Saved cards and 1-Click (issue #28). Stripe keeps a Customer per user with its cards; the
   * sandbox keeps the same in our saved_cards table.
   */
  /** A new provider customer for this user (asking twice for one user makes one). */
  createCustomer(user: { id: string; email: string }): Promise<string>;
  /** A SetupIntent for off-session use of the card the customer is about to enter. */
  createSetupIntent(customerId: string): Promise<{ setupIntentId: string; clientSecret: string }>;
  /** undefined when the provider does not know it. */
  retrieveSetupIntent(setupIntentId: string): Promise<VerifiedSetup | undefined>;
  /** undefined when the provider does not know it. */
  retrievePaymentMethod(paymentMethodId: string): Promise<CardDetails | undefined>;
  /** The card is no longer the customer's; already detached or unknown is fine. */
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /**
   * Charges a saved card without the customer (1-Click), at most once per order: asking again for
   * the same order answers the first attempt. Throws only when the provider did not answer.
   */
  chargeOffSession(charge: OffSessionCharge): Promise<OffSessionOutcome>;
}
