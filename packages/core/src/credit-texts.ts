/**
 * The web's credit texts (issue #10): the /credit page, the admin's Credit applications screen and
 * the checkout's pay-on-account choice. Apart from messages.ts so the first load of every page
 * does not carry them; the API's credit answers and mails are `creditTexts` there.
 */
export const creditPageTexts = {
  heading: 'Apply for credit',
  metaDescription:
    'Fleets and small vendors: apply to pay Pitstop Parts orders on account, with invoices due in 30 days.',
  lead: 'Fleets and small vendors can pay on account: we ship at once and you pay each invoice within 30 days, up to a limit we agree with you.',
  loading: 'Loading your credit application',
  businessName: 'Business name',
  contactName: 'Contact name',
  email: 'Email',
  emailHint: 'Where we send our answer.',
  phone: 'Phone',
  ein: 'EIN (Employer Identification Number)',
  einHint: 'As on your IRS letter: NN-NNNNNNN.',
  yearsInBusiness: 'Years in business',
  requestedLimit: 'Requested limit (US dollars)',
  requestedLimitHint: 'Whole dollars, from $100 to $1,000,000.',
  submit: 'Submit application',
  submitting: 'Submitting…',
  submitted: 'Thank you. Your application is in; we will answer by email.',
  submitFailed: 'Your application could not be sent. Please try again.',
  pendingHeading: 'Your application is being reviewed',
  pendingText: (business: string, date: string) =>
    `We received the application for ${business} on ${date}. We will answer by email.`,
  approvedHeading: 'You can pay on account',
  approvedText: (limit: string, remaining: string) =>
    `Your limit is ${limit}; ${remaining} of it is available now. At checkout, choose "Pay on account (net 30)".`,
  declinedHeading: 'Your last application was declined',
  declinedText: 'You can keep paying by card, or apply again below if something has changed.',
  goShopping: 'Browse parts',
  applyLink: 'Apply for credit',
} as const;

/** The admin's Credit applications screen in the dashboard. */
export const creditAdminTexts = {
  heading: 'Credit applications',
  loading: 'Loading credit applications',
  empty: 'No credit applications yet.',
  filterLabel: 'Show',
  all: 'All applications',
  statusLabels: { pending: 'Pending', approved: 'Approved', declined: 'Declined' },
  business: 'Business',
  contact: 'Contact',
  ein: 'EIN',
  years: 'Years',
  requested: 'Requested',
  status: 'Status',
  actions: 'Decision',
  limitLabel: (business: string) => `Limit for ${business} (US dollars)`,
  approve: 'Approve',
  decline: 'Decline',
  approveLabel: (business: string) => `Approve ${business}`,
  declineLabel: (business: string) => `Decline ${business}`,
  approved: (business: string, limit: string) =>
    `${business} approved with a limit of ${limit}. They were mailed.`,
  declined: (business: string) => `${business} declined. They were mailed.`,
  decideFailed: 'The decision could not be saved. Please try again.',
  approvedWith: (limit: string) => `Approved: ${limit}`,
  loadMore: 'Older applications',
  loadingMore: 'Loading…',
  end: 'That is the oldest application.',
  shown: (n: number) => (n === 1 ? '1 application shown' : `${n} applications shown`),
} as const;

/** The checkout's choice of how to pay. */
export const checkoutPaymentTexts = {
  heading: 'Payment',
  card: 'Pay by card',
  cardHint: 'You pay by card on the next page.',
  account: 'Pay on account (net 30)',
  accountHint: (remaining: string) => `Invoice due in 30 days. Remaining limit: ${remaining}.`,
  overRemaining: (remaining: string) =>
    `This order is over your remaining limit (${remaining}). Pay by card, or remove some parts.`,
  placedOnAccount: 'Order placed on account. Opening your orders…',
} as const;
