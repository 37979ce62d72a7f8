/** The one place payments query keys are spelled, so invalidations always match the queries. */
export const paymentsKeys = {
  all: ['payments'] as const,
  /** What the payment screen shows for one order (GET /api/payment/:orderId). */
  detail: (orderId: string) => [...paymentsKeys.all, 'detail', orderId] as const,
  /** The payment intent created for one order (POST /api/create-payment-intent). */
  intent: (orderId: string) => [...paymentsKeys.all, 'intent', orderId] as const,
};
