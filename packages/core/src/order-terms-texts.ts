/**
 * What the checkout says about a purchase order number and a discount code (issue #30). Shared by
 * the checkout's schema, the route's refusals and the form.
 */
export const orderTermsTexts = {
  poNumberLabel: 'Purchase order number',
  poNumberTooLong: 'A purchase order number has at most 40 characters.',
  poNumberRequired: 'Your company asks for a purchase order number on every order.',
  discountCodeLabel: 'Discount code',
  discountCodeTooLong: 'A discount code has at most 40 characters.',
} as const;
