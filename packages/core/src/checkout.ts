import { z } from 'zod';
import { cartTexts } from './messages.js';
import { isDeliveryState, STATES_NOT_SERVED } from './delivery-area.js';
import { OrderAddressSchema, OrderLineSchema } from './orders.js';

/** A US phone number: 10 digits (an optional leading 1), typed with spaces, dots, dashes or ( ). */
export function usPhoneValid(phone: string): boolean {
  if (!/^[0-9+()\-\s.]+$/.test(phone)) return false;
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^[2-9]\d{9}$/.test(national);
}

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Use at most ${max} characters`);

/** The delivery address at checkout. The same rules run in the form and on the server. */
export const DeliveryAddressSchema = z.object({
  name: required(cartTexts.addressNameRequired, 100),
  street: required(cartTexts.streetRequired, 200),
  city: required(cartTexts.cityRequired, 100),
  state: z
    .string({ error: cartTexts.stateRequired })
    .trim()
    .toUpperCase()
    .min(1, { message: cartTexts.stateRequired, abort: true })
    .superRefine((code, ctx) => {
      if (isDeliveryState(code)) return;
      const notServed = Object.hasOwn(STATES_NOT_SERVED, code)
        ? STATES_NOT_SERVED[code as keyof typeof STATES_NOT_SERVED]
        : undefined;
      ctx.addIssue({
        code: 'custom',
        message: notServed ? cartTexts.stateNotServed(notServed) : cartTexts.stateUnknown,
      });
    }),
  zip: z
    .string({ error: cartTexts.zipInvalid })
    .trim()
    .regex(/^\d{5}$|^\d{5}-\d{4}$/, cartTexts.zipInvalid),
  phone: z
    .string({ error: cartTexts.phoneInvalid })
    .trim()
    .max(30, cartTexts.phoneInvalid)
    .refine(usPhoneValid, cartTexts.phoneInvalid),
});
export type DeliveryAddressInput = z.input<typeof DeliveryAddressSchema>;
export type DeliveryAddress = z.infer<typeof DeliveryAddressSchema>;

export const PAYMENT_METHODS = ['card', 'account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * POST /api/checkout. There are no prices or lines here on purpose: the order is made from the
 * signed-in customer's cart and the catalogue; anything else sent is dropped.
 */
export const CheckoutSchema = z.object({
  address: DeliveryAddressSchema,
  payment: z.enum(PAYMENT_METHODS, { error: cartTexts.choosePayment }),
});
export type CheckoutInput = z.infer<typeof CheckoutSchema>;

/** The placed order's figures, in dollars, computed by the server from the catalogue. */
export const CheckoutResultSchema = z.object({
  insertedId: z.string(),
  /** "PS-10482". */
  orderNumber: z.string(),
  subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
  lines: z.array(OrderLineSchema),
  address: OrderAddressSchema,
});
export type CheckoutResult = z.infer<typeof CheckoutResultSchema>;

/** GET /api/me/address: the address of the customer's last checkout, offered for the next one. */
export const SavedAddressSchema = z.object({ address: OrderAddressSchema.nullable() });
export type SavedAddress = z.infer<typeof SavedAddressSchema>;

/** GET /api/tax-rates: sales tax in percent per state; a state not listed has none. */
export const TaxRatesSchema = z.object({ rates: z.record(z.string(), z.number()) });
export type TaxRates = z.infer<typeof TaxRatesSchema>;

/**
 * Sales tax on a subtotal, both in cents; the rate in hundredths of a percent (7.25 % → 725).
 * Rounded half up to the cent, once per order, so the web's preview and the server agree.
 */
export function salesTaxCents(subtotalCents: number, rateHundredthsPercent: number): number {
  return Math.round((subtotalCents * rateHundredthsPercent) / 10_000);
}
