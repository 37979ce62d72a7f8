import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@pitstop/core/reviews';
import { apiGet } from '@/lib/api-client';
import { reviewsKeys } from './reviews-query-keys';

/** How many reviews the home page shows. */
export const HOME_REVIEWS = 6;

/** GET /api/reviews?limit=n (public): the newest reviews across the shop. */
export function getRecentReviews(limit: number, signal?: AbortSignal): Promise<Review[]> {
  return apiGet<Review[]>('/reviews', { params: { limit }, signal });
}

export function getRecentReviewsQueryOptions(limit = HOME_REVIEWS) {
  return queryOptions({
    queryKey: reviewsKeys.recent(limit),
    queryFn: ({ signal }) => getRecentReviews(limit, signal),
  });
}

export function useRecentReviews(limit = HOME_REVIEWS) {
  return useQuery(getRecentReviewsQueryOptions(limit));
}
