import { z } from 'zod';
import { singleLineText } from './text.js';
import { expiryInPast, expiryNotPast, PAYMENT_PROVIDERS, sandboxCardFields } from './payments.js';

/*
 * Saved cards (issue #28, item 4): kept by the payment provider (Stripe: a Customer and its
 * PaymentMethods, set up off-session; the sandbox keeps the same rows itself), shown as brand and
 * last four, removable. No card number ever reaches our server at Stripe; the sandbox's test form
 * keeps only the last four.
 */

export const SavedCardSchema = z.object({
  id: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** "visa", "mastercard", "amex", "discover", … as the provider names it. */
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type SavedCard = z.infer<typeof SavedCardSchema>;

/**
 * GET /api/cards: the caller's saved cards (newest first) and their 1-Click state. `oneClickReady`:
 * enabled, a default address and a card — what the part page and cart need to offer the button.
 */
export const SavedCardsSchema = z.object({
  cards: z.array(SavedCardSchema),
  oneClickEnabled: z.boolean(),
  oneClickReady: z.boolean(),
  /**
   * How the profile's "Add a card" works: Stripe (a SetupIntent confirmed with Elements, with this
   * publishable key) or the sandbox's test form. Optional: omitted, the web offers the sandbox's.
   */
  provider: z.enum(PAYMENT_PROVIDERS).optional(),
  publishableKey: z.string().nullable().optional(),
});
export type SavedCards = z.infer<typeof SavedCardsSchema>;

export const CardIdParamsSchema = z.object({ id: z.uuid({ message: 'This card was not found.' }) });

/** PUT /api/me/one-click: 1-Click on or off. */
export const OneClickSettingSchema = z.object({ enabled: z.boolean() });
export type OneClickSetting = z.infer<typeof OneClickSettingSchema>;

/** POST /api/cards/setup-intent (Stripe): the SetupIntent the profile's "Add a card" confirms with Elements. */
export const SetupIntentSchema = z.object({ clientSecret: z.string() });
/** POST /api/cards: after Elements confirmed the SetupIntent, the server reads it and keeps its card. */
export const SaveSetupCardSchema = z.object({ setupIntentId: singleLineText().trim().min(1).max(255) });

/**
 * POST /api/cards/sandbox (test mode only): the profile's "Add a card" without Stripe. The number
 * decides how the card behaves when charged later, as Stripe's test cards do; only brand, last
 * four and expiry are kept.
 */
export const SandboxSaveCardSchema = z.object(sandboxCardFields).refine(expiryNotPast, expiryInPast);
export type SandboxSaveCardInput = z.infer<typeof SandboxSaveCardSchema>;

/** The card's brand as shown: "Visa ending in 4242". */
export const CARD_BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};
export const cardBrandName = (brand: string): string => CARD_BRAND_NAMES[brand] ?? 'Card';

export const savedCardTexts = {
  heading: 'Saved cards',
  saveThisCard: 'Save this card for next time',
  ending: (brand: string, last4: string) => `${cardBrandName(brand)} ending in ${last4}`,
  expires: (month: number, year: number) =>
    `Expires ${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`,
  remove: 'Remove',
  removeName: (brand: string, last4: string) => `Remove ${cardBrandName(brand)} ending in ${last4}`,
  confirmRemove: 'Remove this card? It can no longer be used for 1-Click.',
  removed: 'Card removed.',
  none: 'No saved cards. Tick “Save this card for next time” when you pay, or add one here.',
  add: 'Add a card',
  saved: 'Card saved.',
  /** The profile's Add a card form. */
  saveCard: 'Save card',
  cardDetails: 'Card details',
  saving: 'Saving…',
  cancel: 'Cancel',
  loading: 'Loading your saved cards',
  removing: 'Removing…',
  notFound: 'This card was not found.',
  /** The provider says the card can no longer be charged (detached, expired): it was dropped. */
  dropped: 'A saved card can no longer be used and was removed. Please add it again.',
  /** POST /api/cards/setup-intent in test mode: the sandbox's own card form saves cards. */
  setupNotInSandbox: 'Test mode saves cards with its own card form.',
  /** POST /api/cards with a SetupIntent Stripe has not confirmed (yet). */
  setupNotFinished: 'This card was not confirmed. Please enter it again.',
  /** POST /api/cards/sandbox outside test mode. */
  sandboxOnly: 'Cards are added through the secure card form.',
} as const;
