import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewInput, Review } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';
import { refreshItemReviews } from './refresh-item-reviews';

export function createReview(input: CreateReviewInput): Promise<Review> {
  return apiClient.post<Review>('/item-review', input);
}

export function useCreateReview(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<CreateReviewInput, 'itemId'>) => createReview({ itemId, ...input }),
    onSuccess: (review) =>
      refreshItemReviews(queryClient, itemId, (reviews) =>
        review && typeof review === 'object' ? [review, ...reviews] : reviews,
      ),
  });
}
