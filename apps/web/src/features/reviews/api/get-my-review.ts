import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyReview } from '@pitstop/core/reviews';
import { apiGet } from '@/lib/api-client';
import { reviewsKeys } from './reviews-query-keys';

/** GET /api/reviews/mine?part= (Bearer): my review of the part, if any, and whether I may write one. */
export function getMyReview(partId: string, signal?: AbortSignal): Promise<MyReview> {
  return apiGet<MyReview>(`/reviews/mine?${new URLSearchParams({ part: partId }).toString()}`, { signal });
}

export function getMyReviewQueryOptions(partId: string) {
  return queryOptions({
    queryKey: reviewsKeys.mine(partId),
    queryFn: ({ signal }) => getMyReview(partId, signal),
  });
}

export function useMyReview(partId: string, enabled: boolean) {
  return useQuery({ ...getMyReviewQueryOptions(partId), enabled });
}
