/** The one place the brands feature's query keys are spelled. */
export const brandsKeys = {
  all: ['brands'] as const,
  /** GET /api/brands: public, the same for everyone. */
  list: () => [...brandsKeys.all, 'list'] as const,
};
