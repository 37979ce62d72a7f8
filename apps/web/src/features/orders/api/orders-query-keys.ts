/** The one place orders query keys are spelled, so invalidations always match the queries. */
export const ordersKeys = {
  all: ['orders'] as const,
  lists: () => [...ordersKeys.all, 'list'] as const,
  /** One customer's orders (GET /api/order/:email). */
  mine: (email: string) => [...ordersKeys.lists(), 'customer', email] as const,
};

/** Shared by every delete, so a settling delete can tell whether others are still running. */
export const deleteOrderMutationKey = [...ordersKeys.all, 'delete'] as const;
