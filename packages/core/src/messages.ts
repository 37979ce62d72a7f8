/**
 * Every text the specification shows verbatim lives here, once. The odd spacing and spelling
 * (' Name is Required', 'Congrats!  payment…') are the shop's established wording: keep them.
 */
export const messages = {
  nameRequired: ' Name is Required',
  emailRequired: 'Email is Required',
  emailInvalid: 'Provide a Valid Email',
  numberRequired: 'Number is Required',
  numberTooShort: 'Number must be 5 character or longer',
  quantityRequired: 'Quantity is Required',
  quantityAboveAvailable: "You can't buy more than available quantity",
  passwordRequired: 'Password is Required',
  passwordTooShort: 'Password must be 6 character or longer',
  imgRequired: ' Img is Required',
  descriptionsRequired: ' Descriptions is Required',
  passwordMismatch: 'You Password did not match',
  registerPasswordTooShort: 'Password must be 6 Character',
  forbidden: 'Opps! Sorry',
  orderBooked: 'Your Order is Booked!!!!',
  paymentCompleted: 'Congrats!  payment is completed.',
  madeAdmin: 'Make Admin Successfully',
  reviewAdded: 'Comment Successfully',
  resetMailSent: 'Please!! Check Your Email',
  resetEmailMissing: 'Please!! provide your email address',
  confirmDelete: 'Are you sure want to delete',
  totalOrders: 'Total order is:',
  notFoundPage: 'The page You are looking for is notFound 404',
} as const;

export type MessageKey = keyof typeof messages;

/** Texts of our own (not in the original), kept beside the spec's so the UI has one source. */
export const shopTexts = {
  shopName: 'Pitstop Parts',
  loadFailed: 'Something went wrong while loading. Please try again.',
  retry: 'Try again',
  partNotFound: 'We could not find that part.',
  signInToOrder: 'Log in or create an account to order this part.',
  invalidId: 'That is not a valid part id.',
  quantityBelowMin: (min: number) => `Quantity can't be less than ${min}`,
  /** In place of stars on a part nobody has reviewed: a rating comes from reviews alone. */
  noReviewsYet: 'No reviews yet',
  reviewCount: (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`,
} as const;

/** How sign-in service failures read on screen, after 'Error: ' (spec §8). */
export const authErrorTexts = {
  invalidCredentials: 'Wrong email or password.',
  emailInUse: 'That email is already registered. Log in instead.',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  network: 'Could not reach the shop. Check your connection and try again.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Ask for a new one.',
  generic: 'Something went wrong. Please try again.',
} as const;

/** The cart and checkout (issue #10). */
export const cartTexts = {
  cartFull: (max: number) =>
    `Your cart holds up to ${max} different parts. Check out or remove some before adding more.`,
  cartEmpty: 'Your cart is empty. Add a part before checking out.',
  /** A line that ran short at checkout: names the part and what is left. */
  stockShort: (name: string, left: number) =>
    left === 0
      ? `${name} is sold out. Remove it from your cart to check out.`
      : `Only ${left} of ${name} ${left === 1 ? 'is' : 'are'} left. Lower the quantity to ${left} or remove it.`,
  belowMinimum: (name: string, min: number) => `${name}: Quantity can't be less than ${min}`,
  choosePayment: 'Choose how to pay',
} as const;

/**
 * The cart's texts that the first load of a page needs (issue #10): the navbar's cart and the
 * "Add to cart" buttons. The rest (the /cart page, the merge at sign-in, what an add did) are in
 * cart-texts.ts, which loads with those screens. The API's cart and checkout texts are
 * `cartTexts` above.
 */
export const cartUiTexts = {
  addToCart: 'Add to cart',
  adding: 'Adding…',
  addToCartLabel: (name: string) => `Add to cart: ${name}`,
  soldOut: 'Out of stock',
  addFailed: 'The part could not be added to your cart. Please try again.',
  navLabel: (count: number) => (count === 0 ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`),
} as const;

/** Orders after they are placed: holding stock until paid, cancelling (issue #10). */
export const orderTexts = {
  notFound: 'We could not find that order.',
  alreadyPaid: 'This order is already paid.',
  /** Paying (or cancelling) an order after its reservation ran out. */
  expired:
    'This order was not paid in time, so it was cancelled and its parts went back on sale. Please order again.',
  cancelled: 'This order was cancelled, so it can no longer be paid. Please order again.',
  /** A card payment that came through after the order was cancelled: it goes back by itself. */
  paidAfterCancel: (expired: boolean) =>
    `${expired ? 'The time to pay for this order ran out' : 'This order was cancelled'} before your payment came through, so we are refunding it in full. We will mail you once the refund is on its way.`,
  paidCannotCancel: 'A paid order cannot be cancelled here. Please contact us to cancel it.',
  /** Deleting is for orders that hold no money: an unpaid or cancelled one (issue #26). */
  paidCannotDelete: 'A paid order cannot be deleted. Please contact us to cancel it.',
  paidCannotDeleteAdmin:
    'This order is paid (or on account), so it cannot be deleted: its payment and history are kept. Use Cancel and refund instead.',
  /** An admin may cancel (and refund) an order only before it leaves the shop. */
  shippedCannotCancel: (status: string) =>
    `This order is already ${status}, so it can no longer be cancelled. Arrange a return with the customer instead.`,
  refundFailed: (reason: string) =>
    `The refund did not go through, so the order was not cancelled: ${reason} Please try again.`,
  refundProviderMismatch:
    'This order was paid through another payment provider than the shop uses now, so it cannot be refunded here.',
  onAccountNoCard: 'This order is on account (net 30): it is paid by invoice, not by card.',
  markPaidOnlyOnAccount:
    'Only an order on account is marked paid by hand; card orders are paid through the provider.',
  markPaidCancelled: 'This order was cancelled, so there is nothing to mark paid.',
  /** The optional Idempotency-Key header of the order and checkout requests. */
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 255 visible characters.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different order request. Send a new key with a new order.',
} as const;

/** Credit applications and pay on account (issue #10): the API's answers and the mails. */
export const creditTexts = {
  businessNameRequired: 'Enter the business name',
  contactNameRequired: 'Enter the name of the person we should talk to',
  phoneInvalid: 'Enter a 10-digit US phone number',
  einInvalid: 'Enter the EIN as NN-NNNNNNN (9 digits)',
  yearsInvalid: 'Enter the years in business as a whole number from 0 to 200',
  requestedLimitInvalid: 'Enter a limit in whole dollars from $100 to $1,000,000',
  approvedLimitInvalid: 'Enter a limit in dollars from $1 to $1,000,000',
  decisionInvalid: 'Choose to approve (with a limit) or decline',
  applicationNotFound: 'We could not find that credit application.',
  alreadyPending: 'You already have a credit application waiting for a decision.',
  alreadyDecided: (status: string) => `This application was already ${status}.`,
  notApproved: 'Pay on account is for customers with an approved credit application. Please pay by card.',
  overLimit: (remaining: string, total: string) =>
    `This order (${total}) is over the remaining limit on your account (${remaining}). Pay by card, or remove some parts.`,
  approvedSubject: 'Your Pitstop Parts credit application is approved',
  declinedSubject: 'About your Pitstop Parts credit application',
} as const;

/**
 * Text with control characters (issue #27): a NUL or another invisible code pasted into a field.
 * One message for every field, schemas and the server's own guard alike.
 */
export const textRuleTexts = {
  controlCharacters: 'Remove the invisible control characters (such as NUL) from this text.',
} as const;
