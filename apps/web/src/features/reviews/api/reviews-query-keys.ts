/** The one place reviews query keys are spelled, so invalidations always match the queries. */
export const reviewsKeys = {
  all: ['reviews'] as const,
  lists: () => [...reviewsKeys.all, 'list'] as const,
  /** One part's reviews (GET /api/parts/:id/reviews). */
  part: (partId: string) => [...reviewsKeys.lists(), 'part', partId] as const,
  /** The newest reviews across the shop (GET /api/reviews?limit=n). */
  recent: (limit: number) => [...reviewsKeys.lists(), 'recent', limit] as const,
  /** My own review of a part and whether I may write one (GET /api/reviews/mine?part=). */
  mine: (partId: string) => [...reviewsKeys.all, 'mine', partId] as const,
};
