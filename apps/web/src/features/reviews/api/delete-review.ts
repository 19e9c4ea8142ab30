import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { refreshItemReviews } from './refresh-item-reviews';

export function deleteReview(reviewId: number): Promise<void> {
  return apiClient.delete<void>(`/item-review/${reviewId}`);
}

export function useDeleteReview(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSuccess: (_data, reviewId) =>
      refreshItemReviews(queryClient, itemId, (reviews) =>
        reviews.filter((one) => one.reviewId !== reviewId),
      ),
  });
}
