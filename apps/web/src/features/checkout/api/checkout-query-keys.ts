/** The one place the checkout's query keys are spelled. */
export const checkoutKeys = {
  all: ['checkout'] as const,
  /** GET /api/tax-rates: public, the same for everyone. */
  taxRates: () => [...checkoutKeys.all, 'tax-rates'] as const,
};
