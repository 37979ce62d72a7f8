import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@pitstop/core/reviews';
import { apiGet } from '@/lib/api-client';
import { reviewsKeys } from './reviews-query-keys';

/** GET /api/parts/:id/reviews (public): the part's reviews, newest first. */
export function getPartReviews(partId: string, signal?: AbortSignal): Promise<Review[]> {
  return apiGet<Review[]>(`/parts/${encodeURIComponent(partId)}/reviews`, { signal });
}

export function getPartReviewsQueryOptions(partId: string) {
  return queryOptions({
    queryKey: reviewsKeys.part(partId),
    queryFn: ({ signal }) => getPartReviews(partId, signal),
  });
}

export function usePartReviews(partId: string) {
  return useQuery(getPartReviewsQueryOptions(partId));
}
