import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

export function getItemReviews(itemId: number, signal?: AbortSignal): Promise<Review[]> {
  return apiClient.get<Review[]>(`/item-review/item/${itemId}`, { signal });
}

/** Every cached list of the item's reviews, whoever was signed in: for invalidation. */
export const itemReviewsQueryKey = (itemId: number) => ['reviews', itemId] as const;

/**
 * The server marks the signed-in viewer's review `mine`: each viewer (null when signed out)
 * has their own cached answer, so signing in or out never shows someone else's marks.
 */
export function itemReviewsQueryOptions(itemId: number, viewer: string | null) {
  return queryOptions({
    queryKey: [...itemReviewsQueryKey(itemId), viewer] as const,
    queryFn: ({ signal }) => getItemReviews(itemId, signal),
  });
}

/** The product's reviews in the server's order (newest first); the list orders them for display. */
export function useItemReviews(itemId: number, viewer: string | null) {
  return useQuery(itemReviewsQueryOptions(itemId, viewer));
}
