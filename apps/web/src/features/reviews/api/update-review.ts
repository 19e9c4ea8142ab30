import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, UpdateReviewInput } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';
import { refreshItemReviews } from './refresh-item-reviews';

export function updateReview(input: UpdateReviewInput): Promise<Review> {
  return apiClient.put<Review>('/item-review', input);
}

export function useUpdateReview(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReview,
    onSuccess: (review, input) =>
      refreshItemReviews(queryClient, itemId, (reviews) =>
        reviews.map((one) =>
          one.reviewId !== input.reviewId
            ? one
            : review && typeof review === 'object'
              ? review
              : { ...one, ...input },
        ),
      ),
  });
}
