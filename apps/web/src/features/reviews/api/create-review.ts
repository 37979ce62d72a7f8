import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewInput } from '@pitstop/core/reviews';
import { apiPost } from '@/lib/api-client';
import { uploadImage } from '@/lib/uploads';
import { reviewsKeys } from './reviews-query-keys';

/** POST /api/reviews (Bearer): the spec's {email, name, descriptions, img} plus rating and part. */
export function createReview(input: CreateReviewInput): Promise<{ insertedId: string }> {
  return apiPost<{ insertedId: string }>('/reviews', input);
}

export type AddReviewInput = Omit<CreateReviewInput, 'img'> &
  (
    | {
        /** The photo picked in the form; uploaded first, its address is what the review carries. */
        photo: File;
      }
    | {
        /** Editing a review: no new photo, so the one it has stays. */
        photo: null;
        img: string;
      }
  );

/**
 * Spec §4: upload the photo and, only if the upload succeeded, post the review. A refused upload
 * rejects with a field error on `img`, and nothing is posted.
 */
export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AddReviewInput) => {
      if (input.photo === null) {
        const { photo: _none, ...review } = input;
        return createReview(review);
      }
      const { photo, ...review } = input;
      const img = await uploadImage(photo);
      return createReview({ ...review, img });
    },
    onSuccess: (_answer, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewsKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: reviewsKeys.mine(input.productId) }),
      ]),
  });
}
