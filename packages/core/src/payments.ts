import { z } from 'zod';
import { singleLineText } from './text.js';
import { ORDER_STATUSES, OrderAddressSchema, OrderLineSchema } from './orders.js';

export const PAYMENT_PROVIDERS = ['stripe', 'sandbox'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * GET /api/payment/:orderId — what the payment page shows, and how to pay. `price` is the order's
 * total; `name` and `quantity` are the first line's (the spec's one-part page), `lines` all of them.
 */
export const PaymentInfoSchema = z.object({
  orderId: z.string(),
  /** "PS-10482": what the confirmation and the receipt call the order. */
  orderNumber: z.string(),
  name: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  lines: z.array(OrderLineSchema),
  subtotal: z.number(),
  /** Taken off by a discount code (issue #30), in dollars, and the code; optional as `status`. */
  discount: z.number().optional(),
  discountCode: z.string().nullable().optional(),
  tax: z.number(),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  /** Where the order goes; null only on orders from before every order had an address. */
  address: OrderAddressSchema.nullable(),
  /* Always sent; optional in the type only so that older clients' test data still type-check. */
  status: z.enum(ORDER_STATUSES).optional(),
  /** Until when the order can be paid (ISO); null once paid or cancelled. */
  expiresAt: z.string().nullable().optional(),
  /** The delivery date the order promised ('YYYY-MM-DD'); null: none. Optional as above. */
  promisedOn: z.string().nullable().optional(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe's publishable key (public by design); null for the sandbox. */
  publishableKey: z.string().nullable(),
});
export type PaymentInfo = z.infer<typeof PaymentInfoSchema>;

/** POST /api/create-payment-intent. The spec sent {price}; the amount now always comes from the order. */
export const CreatePaymentIntentSchema = z.object({
  orderId: z.uuid({ message: 'Choose an order to pay' }),
  /**
   * Stripe (issue #28): the customer ticked "Save this card for next time"; the intent is made for
   * their provider customer with `setup_future_usage: off_session`, and the card kept once paid.
   */
  saveCard: z.boolean().optional(),
});
export const ClientSecretSchema = z.object({ clientSecret: z.string() });

/** PATCH /api/payment/:orderId, as the spec sends it. */
export const ConfirmPaymentSchema = z.object({
  order: singleLineText().optional(),
  transactionId: singleLineText().trim().min(1, 'Missing transaction id').max(255),
});
export const ModifiedSchema = z.object({ modifiedCount: z.number().int() });

/** Card numbers with a Luhn check digit; spaces allowed while typing. */
export function luhnValid(number: string): boolean {
  const digits = number.replace(/\s+/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The sandbox's card fields (test mode only; the numbers are Stripe's public test cards). */
export const sandboxCardFields = {
  number: singleLineText().trim().refine(luhnValid, 'Your card number is invalid.'),
  expiry: singleLineText()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, 'Your card’s expiration date is incomplete.'),
  cvc: singleLineText()
    .trim()
    .regex(/^\d{3,4}$/, 'Your card’s security code is incomplete.'),
};

/** A card's MM/YY not before this month (the form's own check; a malformed one is the regex's). */
export function expiryNotPast(card: { expiry: string }): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry);
  if (!match) return true;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  const now = new Date();
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}
export const expiryInPast = { message: 'Your card’s expiration date is in the past.', path: ['expiry'] };

/** The offline sandbox's card form (test mode only; the numbers are Stripe's public test cards). */
export const SandboxCardSchema = z
  .object({
    clientSecret: singleLineText().min(1),
    ...sandboxCardFields,
    /** "Save this card for next time" (issue #28): the sandbox keeps brand, last four and expiry. */
    saveCard: z.boolean().optional(),
  })
  .refine(expiryNotPast, expiryInPast);
export type SandboxCardInput = z.infer<typeof SandboxCardSchema>;

export const SandboxResultSchema = z.object({ status: z.literal('succeeded'), transactionId: z.string() });
