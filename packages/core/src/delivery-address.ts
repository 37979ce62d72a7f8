import { addressTexts } from './address-texts.js';
import { z } from 'zod';
import { nameText, singleLineText } from './text.js';
import { cartTexts } from './messages.js';
import { DELIVERY_STATES, isDeliveryState, STATES_NOT_SERVED } from './delivery-area.js';
import { stateOfZip } from './zip-state.js';
import { ADDRESS_LINE2_MAX, addressLine2Texts, addressZipTexts } from './checkout-place-texts.js';

/*
 * The delivery address and the ways to pay, apart from checkout.ts so that orders.ts (the part
 * page's one-line order) can use them too: checkout.ts reads orders.ts, and the two must not read
 * each other. checkout.ts re-exports everything here.
 */

/** A US phone number: 10 digits (an optional leading 1), typed with spaces, dots, dashes or ( ). */
export function usPhoneValid(phone: string): boolean {
  if (!/^[0-9+()\-\s.]+$/.test(phone)) return false;
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^[2-9]\d{9}$/.test(national);
}

const required = (message: string, max: number, text = singleLineText) =>
  text({ error: message }).trim().min(1, message).max(max, `Use at most ${max} characters`);

/**
 * The delivery address's fields, each with its own rule; `DeliveryAddressSchema` adds the rule
 * across two of them. Pick or extend fields from this one (zod refuses `.pick` on a refined object).
 */
export const DeliveryAddressFieldsSchema = z.object({
  name: required(addressTexts.addressNameRequired, 100, nameText),
  street: required(addressTexts.streetRequired, 200),
  /**
   * Apartment, suite, unit, floor (issue #28): optional, one line under the text rule. Left out,
   * null or blank, it is no line at all (undefined), so an order and the saved address never keep
   * an empty one.
   */
  line2: singleLineText()
    .trim()
    .max(ADDRESS_LINE2_MAX, addressLine2Texts.tooLong)
    .nullish()
    .transform((line) => line || undefined),
  city: required(addressTexts.cityRequired, 100),
  state: singleLineText({ error: addressTexts.stateRequired })
    .trim()
    .toUpperCase()
    .min(1, { message: addressTexts.stateRequired, abort: true })
    .superRefine((code, ctx) => {
      if (isDeliveryState(code)) return;
      const notServed = Object.hasOwn(STATES_NOT_SERVED, code)
        ? STATES_NOT_SERVED[code as keyof typeof STATES_NOT_SERVED]
        : undefined;
      ctx.addIssue({
        code: 'custom',
        message: notServed ? addressTexts.stateNotServed(notServed) : addressTexts.stateUnknown,
      });
    }),
  zip: singleLineText({ error: addressTexts.zipInvalid })
    .trim()
    .regex(/^\d{5}$|^\d{5}-\d{4}$/, addressTexts.zipInvalid),
  phone: singleLineText({ error: addressTexts.phoneInvalid })
    .trim()
    .max(30, addressTexts.phoneInvalid)
    .refine(usPhoneValid, addressTexts.phoneInvalid),
});
/**
 * The ZIP must lie in the chosen state: its first three digits (USPS's sectional centers) name one
 * state. A prefix the table does not know is let through — the ZIP's own rule already ran, and a
 * real address must never be refused for a gap in our table.
 */
export function zipInState(address: { zip: string; state: string }, ctx: z.RefinementCtx): void {
  const zipState = stateOfZip(address.zip);
  if (zipState === null || zipState === address.state || !isDeliveryState(address.state)) return;
  ctx.addIssue({
    code: 'custom',
    path: ['zip'],
    message: addressZipTexts.notInState(DELIVERY_STATES[address.state]),
  });
}

/** The delivery address of an order. The same rules run in the forms and on the server. */
export const DeliveryAddressSchema = DeliveryAddressFieldsSchema.superRefine(zipInState);
export type DeliveryAddressInput = z.input<typeof DeliveryAddressSchema>;
export type DeliveryAddress = z.infer<typeof DeliveryAddressSchema>;

export const PAYMENT_METHODS = ['card', 'account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, { error: cartTexts.choosePayment });
