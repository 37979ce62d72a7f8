/** The one place the delivery feature's query keys are spelled. */
export const deliveryKeys = {
  all: ['delivery'] as const,
  /** GET /api/settings/delivery: public, the same for everyone. */
  settings: () => [...deliveryKeys.all, 'settings'] as const,
};
