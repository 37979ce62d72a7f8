/**
 * The web's texts for acting on placed orders (issue #10): cancelling on My Orders, and an admin's
 * cancel (with refund) and "Mark paid" on All Orders. Apart from messages.ts so the first load of
 * every page does not carry them; the API's answers are `orderTexts` there.
 */
export const orderListTexts = {
  cancel: 'Cancel',
  cancelling: 'Cancelling…',
  /** An admin's cancel of a paid card order: the money goes back through the provider. */
  cancelAndRefund: 'Cancel and refund',
  markPaid: 'Mark paid',
  markingPaid: 'Saving…',
  cancelName: (what: string) => `Cancel ${what}`,
  cancelAndRefundName: (what: string) => `Cancel and refund ${what}`,
  markPaidName: (what: string) => `Mark ${what} paid`,
  /** The customer's confirmation before cancelling their own order. */
  confirmCancel: 'Cancel this order? Its parts go back on sale.',
  /** The admin's confirmation: says whether money is given back. */
  confirmAdminCancel: (refund: { total: string } | 'on_account' | null) =>
    refund === null
      ? 'Cancel this order? Its parts go back on sale and the customer is mailed.'
      : refund === 'on_account'
        ? 'Cancel this order? It was paid on account, so nothing is refunded here: credit the customer outside the shop. Its parts go back on sale and the customer is mailed.'
        : `Cancel this paid order? ${refund.total} will be refunded to the customer's card, its parts go back on sale and the customer is mailed.`,
  cancelled: (parts: string) => `Your order of ${parts} was cancelled; its parts are back on sale.`,
  adminCancelled: (parts: string, email: string, refunded: boolean) =>
    `The order of ${parts} for ${email} was cancelled${refunded ? ' and refunded' : ''}; the customer was mailed.`,
  cancelFailed: (parts: string) => `The order of ${parts} could not be cancelled.`,
  markedPaid: (parts: string, email: string) => `The order of ${parts} for ${email} is marked paid.`,
  markPaidFailed: (parts: string) => `The order of ${parts} could not be marked paid.`,
  tryAgain: 'Please try again.',
  onAccount: 'On account',
  onAccountDue: (date: string) => `On account · due ${date}`,
  refunded: 'Refunded',
  /** My Orders' Add Review column before the order is paid (reviews follow real purchases). */
  reviewAfterPayment: 'After payment',
} as const;
