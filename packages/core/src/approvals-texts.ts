/**
 * What the shop says about approvals of a company buyer's order over their limit (issue #30):
 * the API's refusals, the mails and the screens share these words.
 */
export const approvalsTexts = {
  // Refusals
  accountantMayNotOrder:
    'Your role in your company is accountant: accountants see invoices, statements and payments but do not place orders. Ask your company’s owner for the buyer role.',
  onlyApprovers: 'Only your company’s approvers and its owner decide on orders waiting for approval.',
  notFound: 'There is no order waiting for your company’s approval with that id.',
  oneClickOverLimit:
    'This order is over your order limit, so it needs your company’s approval: place it from the checkout instead (1-Click would charge your card at once).',
  ownOrder:
    'You cannot approve or decline an order you placed yourself: another approver or the owner decides on it.',
  alreadyDecided: (how: string) => `This order was already ${how}: it can be decided only once.`,
  noLongerWaiting: 'This order no longer waits for approval (it was cancelled or its hold ran out).',
  creditNoLonger: (remaining: string, total: string) =>
    `The company’s credit line no longer covers this order: ${remaining} remains and the order totals ${total}. Decline it, or ask the shop for a higher limit.`,
  reasonLabel: 'Why is it declined?',
  reasonRequired: 'Say why the order is declined: the buyer reads it.',
  reasonTooLong: 'A reason has at most 500 characters.',

  // Timeline
  requestedEvent: (limit: string) => `Over the buyer’s limit of ${limit}: waiting for the company’s approval`,
  approvedEvent: (how: 'card' | 'account') =>
    how === 'account' ? 'Approved: placed on account (net 30)' : 'Approved: waiting for card payment',
  declinedEvent: (reason: string) => `Declined: ${reason}`,
  expiredEvent: 'Not approved in time; its parts went back on sale',

  // Mails
  requestSubject: (orderNumber: string, total: string) =>
    `Order ${orderNumber} (${total}) waits for your approval`,
  requestBody: (buyer: string, orderNumber: string, total: string, limit: string) =>
    `${buyer} placed order ${orderNumber} for ${total}, over their limit of ${limit}. It waits for an approver: approve it or decline it with a reason.`,
  holdUntil: (until: string) => `Its parts are held until ${until}; after that the order is cancelled.`,
  queueLink: (url: string) => `Orders waiting for approval: ${url}`,
  approvedSubject: (orderNumber: string) => `Your order ${orderNumber} was approved`,
  approvedBodyCard: (until: string, payUrl: string) =>
    `Your company approved it. Your parts are held for you until ${until}. Please pay before then: ${payUrl}`,
  approvedBodyAccount: (due: string) =>
    `Your company approved it and it is placed on the company’s account (net 30, invoice due ${due}). We will ship it soon.`,
  declinedSubject: (orderNumber: string) => `Your order ${orderNumber} was declined`,
  declinedBody: (who: string, reason: string) =>
    `${who} declined it, saying: “${reason}”. Its parts went back on sale and nothing is charged.`,
  confirmationWaits: (until: string) =>
    `It is over your order limit, so it waits for your company’s approval. Your parts are held until ${until}; we will mail you when it is decided.`,
  poLine: (po: string) => `Purchase order: ${po}`,

  // Screens
  pageTitle: 'Orders waiting for approval',
  pageIntro:
    'Orders your buyers placed over their limit. Approve to place the order (on account, or the buyer then pays by card); decline with a reason to put its parts back on sale.',
  empty: 'No order is waiting for approval.',
  buyerLabel: 'Buyer',
  limitLabel: 'Buyer’s limit',
  placedLabel: 'Placed',
  holdLabel: 'Held until',
  paymentLabel: 'Payment',
  paymentCard: 'Card (the buyer pays once approved)',
  paymentAccount: 'On account',
  approve: 'Approve',
  approving: 'Approving…',
  decline: 'Decline',
  declining: 'Declining…',
  confirmDecline: 'Decline the order',
  cancel: 'Keep it waiting',
  approved: (orderNumber: string) => `Order ${orderNumber} approved.`,
  declined: (orderNumber: string) => `Order ${orderNumber} declined.`,
  notAllowed: 'Only your company’s approvers and its owner see this page.',
  awaitingExplanation:
    'This order is over your order limit, so it waits for your company’s approver. Its parts are held for you meanwhile; we will mail you when it is approved or declined.',
  declinedExplanation: (reason: string) => `Your company declined this order: “${reason}”.`,
  placedAwaiting: (orderNumber: string) =>
    `Order ${orderNumber} is placed and waits for your company’s approval (it is over your order limit). We will mail you when it is decided.`,
  followOrder: (orderNumber: string) => `Follow order ${orderNumber}`,
  linesCaption: (orderNumber: string) => `Parts of order ${orderNumber}`,
  approveLabel: (orderNumber: string) => `Approve order ${orderNumber}`,
  declineLabel: (orderNumber: string) => `Decline order ${orderNumber}`,
  reasonFor: (orderNumber: string) => `Why is order ${orderNumber} declined?`,
  decideFailed: 'The decision could not be saved. Try again.',
  loading: 'Loading the orders waiting for approval…',
  companyLink: 'Your company',
  partColumn: 'Part',
  quantityColumn: 'Qty',
  totalColumn: 'Total',
  metaDescription: 'Your buyers’ orders over their limit, waiting for an approver at Pitstop Parts.',

  // PO numbers on screens
  poLabel: 'Purchase order number',
  poOptional: '(optional)',
  poRequiredHint: 'Your company asks for one on every order.',
  poHint: 'Printed on the order and its invoice.',
  poColumn: 'PO number',
  poShort: 'PO',
  poFilterLabel: 'PO number',
  poFilterPlaceholder: 'Search by PO number',
  poFilterButton: 'Find PO',
  poShortLine: (po: string) => `PO ${po}`,
  declinedShort: 'Cancelled: declined by your company',
} as const;
