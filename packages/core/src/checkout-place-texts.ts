/*
 * Texts of issue #28's "checkout that keeps your place" and its small things: the address's second
 * line, the checkout kept across a reload, the credit links and lists, the profile's photo and the
 * login's error panel. The web and the API both read them from here.
 */

/** The longest apartment, suite or unit line the shop keeps (a street line is 200). */
export const ADDRESS_LINE2_MAX = 100;

/** Address line 2: apartment, suite, unit, floor (optional). */
export const addressLine2Texts = {
  label: 'Apartment, suite, unit (optional)',
  tooLong: `Use at most ${ADDRESS_LINE2_MAX} characters`,
} as const;

/**
 * A ZIP whose first three digits belong to another state than the one chosen (USPS's sectional
 * centers). Here rather than with the cart's texts: the storefront's first load carries those.
 */
export const addressZipTexts = {
  notInState: (stateName: string) => `This ZIP code is not in ${stateName}. Check the ZIP code or the state.`,
} as const;

/** The checkout's address kept in this tab while it is typed. */
export const checkoutDraftTexts = {
  restored: 'We kept the delivery address you were typing.',
} as const;

/** Where a customer finds the credit application: the profile and the checkout. */
export const creditOfferTexts = {
  heading: 'Pay on account',
  none: 'Business customer? Apply for credit and pay on account, net 30.',
  apply: 'Apply for credit',
  pending: 'Your credit application is being reviewed. We will mail you when it is decided.',
  declined: 'Your last credit application was declined. You can apply again if something has changed.',
  applyAgain: 'Apply again',
  approved: (remaining: string, limit: string) =>
    `You may pay on account: ${remaining} of your ${limit} limit is available.`,
  details: 'Credit details',
} as const;

/** What the admin's credit list says when the chosen status has no application (or none at all). */
export const creditListEmptyTexts = {
  all: 'No credit applications yet.',
  pending: 'No applications are waiting for a decision.',
  approved: 'No approved applications.',
  declined: 'No declined applications.',
} as const;
