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
