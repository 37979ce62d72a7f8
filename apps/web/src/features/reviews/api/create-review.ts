import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewInput } from '@pitstop/core/reviews';
import { apiPost } from '@/lib/api-client';
import { uploadImage } from '@/lib/uploads';
import { reviewsKeys } from './reviews-query-keys';

/** POST /api/reviews (Bearer): the spec's {email, name, descriptions, img} plus rating and part. */
export function createReview(input: CreateReviewInput): Promise<{ insertedId: string }> {
  return apiPost<{ insertedId: string }>('/reviews', input);
}

export interface AddReviewInput extends Omit<CreateReviewInput, 'img'> {
  /** The photo picked in the form; uploaded first, its address is what the review carries. */
  photo: File;
}

/**
 * Spec §4: upload the photo and, only if the upload succeeded, post the review. A refused upload
 * rejects with a field error on `img`, and nothing is posted.
 */
export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ photo, ...review }: AddReviewInput) => {
      const img = await uploadImage(photo);
      return createReview({ ...review, img });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKeys.lists() }),
  });
}
