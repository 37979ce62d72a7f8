/**
 * The web's returns texts (issue #26): the customer's request form on the order page, the admins'
 * Returns queue and the actions on a return. Apart from messages.ts so the first load of every
 * page does not carry them; the API's answers and mails are `returnTexts` in returns.ts, the
 * policy page's are in return-policy.ts.
 */
export const returnFormTexts = {
  open: 'Return parts',
  close: 'Close the return form',
  heading: 'Return parts',
  intro: (lastDay: string) =>
    `Choose how many of each part you are sending back. You can ask until ${lastDay}.`,
  policyLink: 'Our returns policy',
  nothingLeft: 'Every part of this order is already in a return.',
  quantityLegend: 'How many of each part are you returning?',
  quantityHint: (max: number) => (max === 1 ? 'Up to 1' : `Up to ${max}`),
  reasonLegend: 'Why are you returning them?',
  noteLabel: 'Note (optional)',
  noteHint: 'What is wrong, in a few words: it helps us decide quickly.',
  photosLabel: 'Photos (optional)',
  photosHint: (max: number) => `Up to ${max} pictures of the parts or their packaging: PNG, JPEG or WebP.`,
  photosUploading: 'Uploading the photo…',
  photoAdded: (count: number, max: number) => `${count} of ${max} photos added.`,
  photoRemove: (n: number) => `Remove photo ${n}`,
  photoAlt: (n: number) => `Photo ${n} of the parts`,
  photoUploadFailed: 'The photo could not be uploaded. Please try another.',
  submit: 'Ask to return these parts',
  submitting: 'Sending…',
  submitFailed: 'Your return request could not be sent. Please try again.',
  requested: (label: string) => `Return ${label} requested. We will answer by mail.`,
} as const;

const REFUND = 'Refund';
const REFUNDED = 'Refunded';

/** A return as both order pages and the Returns queue show it. */
export const returnItemTexts = {
  requestedOn: (date: string) => `requested ${date}`,
  reason: 'Reason',
  note: 'Note',
  photos: 'Photos',
  photoLink: (n: number) => `Photo ${n} (opens in a new tab)`,
  declined: 'Declined',
  refund: REFUND,
  refunded: REFUNDED,
  refundTax: (tax: string) => `including ${tax} tax`,
  /** "Refund: $52.55" before it is paid, "Refunded: $52.55" once it is. */
  refundLine: (status: string, amount: string) =>
    `${status === 'refunded' ? 'Refunded' : 'Refund'}: ${amount}`,
  restocked: 'Parts back on sale',
  notRestocked: 'Parts not restocked',
  noReturns: 'No returns.',
  returnableUntil: (date: string) => `Parts can be returned until ${date}.`,
} as const;

/** The admins' actions on a return: on the Returns queue and the admin's order page. */
export const returnActionTexts = {
  approve: 'Approve',
  approveLabel: (label: string) => `Approve return ${label}`,
  decline: 'Decline',
  declineLabel: (label: string) => `Decline return ${label}`,
  declineReason: (label: string) => `Why is return ${label} declined?`,
  declineReasonHint: 'The customer reads this in our mail.',
  declineConfirm: 'Decline the return',
  receive: 'Mark received',
  receiveLabel: (label: string) => `Mark return ${label} received`,
  restockLegend: (label: string) => `Do the parts of return ${label} go back on sale?`,
  restockYes: 'Yes, restock them',
  restockNo: 'No, they cannot be sold again',
  receiveConfirm: (refund: string) => `Mark received and refund ${refund}`,
  cancel: 'Cancel',
  working: 'Saving…',
  approved: (label: string) => `Return ${label} approved. The customer was mailed where to send the parts.`,
  declined: (label: string) => `Return ${label} declined. The customer was mailed the reason.`,
  received: (label: string, refund: string) =>
    `Return ${label} received and ${refund} refunded. The customer was mailed.`,
  failed: 'That did not go through. Please try again.',
} as const;

/** The admins' Returns queue (/dashboard/returns). */
export const returnQueueTexts = {
  heading: 'Returns',
  metaDescription: 'Returns — Pitstop Parts dashboard.',
  loading: 'Loading returns',
  empty: 'No returns here.',
  filterLabel: 'Show',
  all: 'All returns',
  orderLink: (orderNumber: string) => `Order ${orderNumber}`,
  columns: {
    item: 'Return',
    customer: 'Customer',
    parts: 'Parts',
    reason: 'Reason',
    status: 'Status',
    actions: 'Actions',
  },
} as const;
