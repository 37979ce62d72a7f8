import type { ReturnReason, ReturnStatus } from './order-detail.js';

/*
 * The shop's returns policy, in one place: the public Returns page states it, the part pages'
 * structured data (hasMerchantReturnPolicy) repeats it, and the order page and mails name the
 * same reasons. Without zod, so a part page's code can read it. The window the server enforces is
 * RETURN_WINDOW_DAYS (default 30, this policy's figure); change both together.
 */

/** Days after delivery within which a return may be asked for, as the policy states it. */
export const RETURN_POLICY_DAYS = 30;

/** The reasons a customer picks from, as people read them. */
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  wrong_part: 'Wrong part',
  damaged: 'Damaged',
  not_as_described: 'Not as described',
  changed_mind: 'Changed my mind',
};

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  declined: 'Declined',
  received: 'Received',
  refunded: 'Refunded',
};

/**
 * The policy in schema.org's terms: a 30-day window from delivery, returns by mail, the customer
 * pays the postage back (there is no prepaid label: see the Returns page), a full refund of the
 * parts and their tax to the original payment, with no restocking fee.
 */
export const RETURN_POLICY_SCHEMA = {
  '@type': 'MerchantReturnPolicy',
  applicableCountry: 'US',
  returnPolicyCountry: 'US',
  returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
  merchantReturnDays: RETURN_POLICY_DAYS,
  returnMethod: 'https://schema.org/ReturnByMail',
  returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
  refundType: 'https://schema.org/FullRefund',
} as const;

/** The public Returns page (/returns). */
export const returnPolicyTexts = {
  title: 'Returns',
  metaDescription: `Return Pitstop Parts within ${RETURN_POLICY_DAYS} days of delivery: ask from your order page, send the parts back by mail, and get the parts and their sales tax refunded to your original payment.`,
  eyebrow: 'Returns policy',
  heading: 'Returns',
  lead: `Ordered the wrong pads, or a part arrived damaged? You can return parts within ${RETURN_POLICY_DAYS} days of delivery.`,
  windowHeading: `${RETURN_POLICY_DAYS} days from delivery`,
  windowText: `You can ask to return any part of a delivered order for ${RETURN_POLICY_DAYS} days from the day it was delivered. Your order page shows the last day.`,
  reasonsHeading: 'Reasons we take returns',
  reasonsText: 'Choose one when you ask; a note and photos help us decide quickly.',
  reasons: [
    { reason: 'wrong_part', text: 'we sent a different part than you ordered, or it does not fit.' },
    { reason: 'damaged', text: 'it arrived broken, bent or scratched.' },
    { reason: 'not_as_described', text: 'it differs from its pictures or specifications.' },
    { reason: 'changed_mind', text: 'you no longer need it, unused and in its packaging.' },
  ] satisfies { reason: ReturnReason; text: string }[],
  howHeading: 'How to return a part',
  howSteps: [
    'Sign in, open My Orders and choose the order. Under Returns, pick the parts and how many, the reason, and add a note or photos if they help.',
    'We answer by mail. Once we approve, the mail says where to send the parts.',
    'Pack the parts, write the return number (like PS-10482-R1) on the parcel and send it with any tracked service.',
    'When the parcel arrives we check the parts and refund you, and mail you the amount.',
  ],
  refundHeading: 'Your refund',
  refundText:
    'We refund the price of the returned parts and their share of the sales tax, in full, to the way you paid: to your card, or for an order on account, as a credit that lowers what you owe on it.',
  restockHeading: 'Restocking',
  restockText:
    'There is no restocking fee. Parts that come back unused go back on sale; damaged parts do not, and you are refunded either way.',
  shippingHeading: 'Return shipping',
  shippingText:
    'You pay the postage to send parts back, whatever the reason, and the parcel is yours until it reaches us, so use a tracked service. We do not charge anything on top.',
  ordersLink: 'Go to My Orders',
  questions: 'Questions about a return? Reply to any of our mails about it; support answers 24*7.',
} as const;
