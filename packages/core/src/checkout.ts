import { z } from 'zod';
import { DeliveryAddressSchema, PaymentMethodSchema, PAYMENT_METHODS } from './delivery-address.js';
import { OrderAddressSchema, OrderLineSchema } from './orders.js';
import { orderTermsTexts } from './order-terms-texts.js';
import { singleLineText } from './text.js';

export {
  DeliveryAddressFieldsSchema,
  DeliveryAddressSchema,
  zipInState,
  PAYMENT_METHODS,
  PaymentMethodSchema,
  usPhoneValid,
  type DeliveryAddress,
  type DeliveryAddressInput,
  type PaymentMethod,
} from './delivery-address.js';

/**
 * What a company buyer adds to an order (issue #30): their purchase order number (required when
 * their company says so; checked by the server) and a discount code. Blank is the same as absent.
 */
export const OrderTermsFieldsSchema = z.object({
  poNumber: singleLineText()
    .trim()
    .max(40, orderTermsTexts.poNumberTooLong)
    .optional()
    .transform((v) => (v ? v : undefined)),
  discountCode: singleLineText()
    .trim()
    .max(40, orderTermsTexts.discountCodeTooLong)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type OrderTermsFields = z.infer<typeof OrderTermsFieldsSchema>;

/**
 * POST /api/checkout. There are no prices or lines here on purpose: the order is made from the
 * signed-in customer's cart and the catalogue; anything else sent is dropped.
 */
export const CheckoutSchema = z.object({
  address: DeliveryAddressSchema,
  payment: PaymentMethodSchema,
  /**
   * The address is kept in the customer's address book (the same entry when it is already there);
   * true makes it the default. A first address is always the default.
   */
  makeDefault: z.boolean().optional(),
  ...OrderTermsFieldsSchema.shape,
});
export type CheckoutInput = z.infer<typeof CheckoutSchema>;

/**
 * The placed order's figures, in dollars, computed by the server from the catalogue, and what the
 * customer does next: pay by card before `expiresAt`, or nothing now (on account, due by
 * `paymentDueAt`). POST /api/checkout and the part page's POST /api/order both answer it.
 */
export const CheckoutResultSchema = z.object({
  insertedId: z.string(),
  /** "PS-10482". */
  orderNumber: z.string(),
  subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
  lines: z.array(OrderLineSchema),
  address: OrderAddressSchema,
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** By card: until when the parts are held for the payment (ISO); null on account. */
  expiresAt: z.string().nullable(),
  /** On account: when the invoice falls due (ISO); null by card. */
  paymentDueAt: z.string().nullable(),
  /** The delivery date promised ('YYYY-MM-DD'); null: no promise. Always sent; optional for older clients' data. */
  promisedOn: z.string().nullable().optional(),
  /** Issue #30: taken off by a discount code (dollars), the code, the PO number, and whether the order waits for an approver. */
  discount: z.number().optional(),
  discountCode: z.string().nullable().optional(),
  poNumber: z.string().nullable().optional(),
  awaitingApproval: z.boolean().optional(),
});
export type CheckoutResult = z.infer<typeof CheckoutResultSchema>;

/** GET /api/me/address: the customer's default address (the address book's), offered by the part page's order form. */
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
