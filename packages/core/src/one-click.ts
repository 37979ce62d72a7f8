import { z } from 'zod';
import { CheckoutResultSchema } from './checkout.js';
import { orderTermsTexts } from './order-terms-texts.js';
import { singleLineText } from './text.js';

/*
 * 1-Click ordering (issue #28, item 5): one click places the order for the chosen quantity to the
 * default address and charges the saved card off-session. A retry with the same Idempotency-Key
 * (the button's own, kept until it succeeds) answers the first order.
 */

/** POST /api/orders/one-click (with an Idempotency-Key header, required). */
export const OneClickOrderSchema = z.object({
  partId: z.uuid({ message: 'This part was not found.' }),
  quantity: z.number({ error: 'Enter a quantity' }).int('Enter a whole number').positive('Enter a quantity'),
  /** The saved card to charge; omitted: the newest. */
  cardId: z.uuid({ message: 'This card was not found.' }).optional(),
  /** The saved address to ship to; omitted: the default. Another customer's: 404. */
  addressId: z.uuid({ message: 'This address was not found.' }).optional(),
  /** Bought from a cart line: that line leaves the cart with the order. */
  fromCart: z.boolean().optional(),
  /** A discount code (issue #30), used once however often the same Idempotency-Key is retried. */
  discountCode: singleLineText().trim().max(40, orderTermsTexts.discountCodeTooLong).optional(),
});
export type OneClickOrderInput = z.infer<typeof OneClickOrderSchema>;

/**
 * The answer: the order as the checkout answers it, and how the payment went. `paid`: done;
 * `requires_action`: the bank asks the customer to authenticate (3-D Secure) — the web sends them
 * to the order's payment page, where the same intent is finished. A declined card is a 402 problem
 * and the order is cancelled in the same request (no stock held).
 */
export const OneClickResultSchema = CheckoutResultSchema.extend({
  payment: z.enum(['paid', 'requires_action']),
});
export type OneClickResult = z.infer<typeof OneClickResultSchema>;

export const oneClickTexts = {
  button: 'Buy now with 1-Click',
  buttonName: (part: string) => `Buy ${part} now with 1-Click`,
  placing: 'Placing your order…',
  /** Under the button: where it goes and how it is paid. */
  terms: (street: string, card: string) => `Ships to ${street}, paid with ${card}.`,
  /** Said once above the cart's lines, for each line's Buy now with 1-Click. */
  cartTerms: (terms: string) => `Buy now with 1-Click: ${terms}`,
  placed: (orderNumber: string) => `Order ${orderNumber} is placed and paid.`,
  needsAuthentication: 'Your bank asks you to confirm this payment.',
  /** Stripe: the saved card's own confirmation (3-D Secure), on the payment page. */
  confirmWithSavedCard: 'Confirm with your saved card',
  confirming: 'Confirming…',
  /** Under it: the card form stays, for paying with another card instead. */
  orAnotherCard: 'Or pay with another card:',
  declined: 'Your card was declined. Nothing was ordered.',
  /** Why the button is not offered, and where to fix it. */
  notReady: 'Save a default address and a card to order with 1-Click.',
  setUp: 'Set up 1-Click',
  turnedOff: '1-Click is turned off.',
  turnedOn: '1-Click is turned on.',
  toggle: 'Offer 1-Click ordering',
  toggleHelp: 'One click orders to your default address and pays with your newest saved card.',
  notEnabled: '1-Click is turned off on your profile.',
  noCard: 'Save a card to order with 1-Click.',
  noDefaultAddress: 'Choose a default delivery address to order with 1-Click.',
  keyRequired: 'Send an Idempotency-Key header with a 1-Click order.',
  /** An unshipped 1-Click order: the customer may cancel it for a full refund. */
  cancelAndRefund: 'Cancel and refund',
  confirmCancel: 'Cancel this order? The full amount goes back to your card.',
  cancelled: (amount: string) => `Order cancelled. ${amount} is on its way back to your card.`,
  cancelling: 'Cancelling…',
} as const;
