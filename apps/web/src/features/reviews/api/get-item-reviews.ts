import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

export function getItemReviews(itemId: number, signal?: AbortSignal): Promise<Review[]> {
  return apiClient.get<Review[]>(`/item-review/item/${itemId}`, { signal });
}

export const itemReviewsQueryKey = (itemId: number) => ['reviews', itemId] as const;

export function itemReviewsQueryOptions(itemId: number) {
  return queryOptions({
    queryKey: itemReviewsQueryKey(itemId),
    queryFn: ({ signal }) => getItemReviews(itemId, signal),
  });
}

/** The product's reviews in the server's order (newest first); the list orders them for display. */
export function useItemReviews(itemId: number) {
  return useQuery(itemReviewsQueryOptions(itemId));
}
