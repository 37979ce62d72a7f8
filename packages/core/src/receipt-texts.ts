/**
 * What a customer is told once an order is placed or paid (issue #26 item 4): the receipt mail,
 * the payment page's confirmation, the on-account confirmation and the part page's order form.
 * The shop's new-order notice is here too. Apart from messages.ts so pages that never confirm an
 * order carry none of it. Zod-free.
 */
export const receiptTexts = {
  /** What happens to a paid (or on-account) order, said the same in the mail and on the pages. */
  whatNext: 'We ship within one business day and mail you the tracking number as soon as the parcel leaves.',
  whatNextHeading: 'What happens next',
  isPaid: (orderNumber: string) => `Order ${orderNumber} is paid`,
  isPlacedOnAccount: (orderNumber: string) => `Order ${orderNumber} is placed on account`,
  /** On account: the invoice's amount and when it falls due. */
  invoiceDue: (total: string, date: string) => `The invoice of ${total} is due by ${date} (net 30).`,
  viewOrder: (orderNumber: string) => `View order ${orderNumber}`,
  /** The part page's order form, after Place Order: what was made and how to pay it. */
  orderNumberIs: (orderNumber: string) => `Your order number is ${orderNumber}.`,
  totalIs: (total: string) => `Total ${total}, sales tax included.`,
  payBy: (time: string) => `Pay by ${time}, or the parts go back on sale.`,
  payNow: 'Pay now',
  payNowLabel: (orderNumber: string) => `Pay now for order ${orderNumber}`,
  deliveryHeading: 'Delivery address',
  addressLead: 'Where we send it: the 48 contiguous states and DC. Your phone number is for the courier.',
  paymentHeading: 'Payment',
  paidByCard: (transactionId: string) => `Paid by card (transaction ${transactionId})`,
  linesCaption: 'What you ordered',
  subtotal: 'Subtotal',
  salesTax: 'Sales tax',
  shipping: 'Shipping',
  freeShipping: 'Free',
  total: 'Total',

  // Mails.
  receiptSubject: (orderNumber: string) => `Receipt for your Pitstop Parts order ${orderNumber}`,
  confirmationSubject: (orderNumber: string) => `Your Pitstop Parts order ${orderNumber}`,
  noticeSubject: (orderNumber: string, total: string, how: 'card' | 'account') =>
    `New order ${orderNumber} to ship: ${total} ${how === 'card' ? 'paid by card' : 'on account'}`,
} as const;
