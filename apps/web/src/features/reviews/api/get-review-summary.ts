import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewSummary } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

export function getReviewSummary(itemId: number, signal?: AbortSignal): Promise<ReviewSummary> {
  return apiClient.get<ReviewSummary>(`/item-review/item/${itemId}/summary`, { signal });
}

export const reviewSummaryQueryKey = (itemId: number) => ['review-summary', itemId] as const;

export function reviewSummaryQueryOptions(itemId: number) {
  return queryOptions({
    queryKey: reviewSummaryQueryKey(itemId),
    queryFn: ({ signal }) => getReviewSummary(itemId, signal),
  });
}

/** Average rating, average fit and sizing advice; idle while the page has no product id. */
export function useReviewSummary(itemId: number | null) {
  return useQuery({ ...reviewSummaryQueryOptions(itemId ?? 0), enabled: itemId !== null });
}
