/**
 * Discount codes' words (issue #30 item 6): the admin's Promotions screen, the checkout's
 * "Discount code" field and the server's refusals. Free of zod, so a screen can show them without it.
 */
export const PROMOTION_KINDS = ['percent', 'amount'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** A code: letters, digits, dashes and underscores, this long. */
export const PROMOTION_CODE_MIN = 3;
export const PROMOTION_CODE_MAX = 40;

const day = (iso: string) => iso.slice(0, 10);

export const promotionsTexts = {
  // Admin screen.
  navLink: 'Promotions',
  heading: 'Promotions',
  lead: 'Discount codes customers enter at checkout. A code that was used is never deleted: deactivate it instead.',
  loading: 'Loading the promotions',
  empty: 'No discount codes yet.',
  code: 'Code',
  kind: 'Kind',
  kindNames: { percent: 'Percent off', amount: 'Amount off' } satisfies Record<PromotionKind, string>,
  percentOff: 'Percent off (%)',
  amountOff: 'Amount off ($)',
  brands: 'Only these brands (comma separated; empty: any)',
  categories: 'Only these categories',
  minOrder: 'Minimum order ($)',
  startsAt: 'Starts',
  endsAt: 'Ends (empty: never)',
  totalLimit: 'Total uses (empty: no limit)',
  perCustomerLimit: 'Uses per customer (empty: no limit)',
  active: 'Active',
  uses: 'Uses',
  revenue: 'Revenue',
  status: 'Status',
  actions: 'Actions',
  scope: 'Applies to',
  offer: 'Offer',
  scopeWholeOrder: 'Whole order',
  statusActive: 'Active',
  statusInactive: 'Inactive',
  statusScheduled: 'Scheduled',
  statusEnded: 'Ended',
  statusUsedUp: 'Used up',
  add: 'New code',
  save: 'Save code',
  saving: 'Saving…',
  cancel: 'Cancel',
  edit: (code: string) => `Edit ${code}`,
  editButton: 'Edit',
  deactivate: 'Deactivate',
  deactivateLabel: (code: string) => `Deactivate ${code}`,
  activate: 'Activate',
  activateLabel: (code: string) => `Activate ${code}`,
  added: (code: string) => `${code} was added.`,
  saved: (code: string) => `${code} was saved.`,
  deactivated: (code: string) => `${code} was deactivated.`,
  activated: (code: string) => `${code} is active again.`,
  saveFailed: 'The code could not be saved. Please try again.',
  offPercent: (percent: number) => `${percent}% off`,
  offAmount: (dollars: string) => `${dollars} off`,
  minimumShort: (dollars: string) => `min. ${dollars}`,
  limitOf: (uses: number, limit: number | null) => (limit === null ? `${uses}` : `${uses} of ${limit}`),

  // Admin form refusals.
  codeRequired: 'Enter a code',
  codeShape: `A code has ${PROMOTION_CODE_MIN}–${PROMOTION_CODE_MAX} letters, digits, dashes or underscores`,
  codeTaken: 'Another promotion already has this code.',
  kindRequired: 'Choose percent or amount off',
  percentRange: 'Enter a percent between 0.01 and 100',
  amountPositive: 'Enter an amount above $0',
  minOrderRange: 'Enter a minimum of $0 or more',
  limitPositive: 'Enter a whole number of 1 or more, or leave it empty',
  endsAfterStart: 'The end must be after the start',
  dateRequired: 'Enter a date and time',
  tooManyScopes: 'List at most 50',
  unknownBrand: (name: string) => `The shop has no brand called ${name}.`,
  limitBelowUses: (uses: number) => `This code was used ${uses} times already: the limit cannot be lower.`,
  notFound: 'This promotion was not found.',
  kindFixed: 'A code’s kind cannot change once it was used: make a new code.',

  // Checkout.
  fieldLabel: 'Discount code',
  apply: 'Apply',
  applying: 'Checking…',
  remove: 'Remove code',
  summaryLine: (code: string) => `Discount (${code})`,
  appliedNote: (code: string, dollars: string) => `${code} takes ${dollars} off.`,

  // Refusals on `discountCode`, from the server (preview and order).
  unknown: 'This discount code is not valid.',
  inactive: 'This discount code is no longer active.',
  notStarted: (startsAt: string) => `This discount code starts on ${day(startsAt)}.`,
  ended: 'This discount code has expired.',
  minimumNotMet: (dollars: string) => `This discount code needs an order of at least ${dollars}.`,
  usedUp: 'This discount code has been used up.',
  perCustomerUsed: 'You have already used this discount code.',
  noLineQualifies: 'This discount code does not apply to any part in your order.',
  cartEmpty: 'Your cart is empty: add parts before entering a code.',
} as const;
