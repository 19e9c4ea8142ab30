import type { QueryClient } from '@tanstack/react-query';
import type { Review } from '@marketplace/shared';
import { itemReviewsQueryKey } from './get-item-reviews';
import { reviewSummaryQueryKey } from './get-review-summary';

/**
 * After a change the list shows it at once (so the form's visibility follows without a gap),
 * then the list and the summary reload from the server.
 */
export function refreshItemReviews(
  queryClient: QueryClient,
  itemId: number,
  update: (reviews: Review[]) => Review[],
): void {
  queryClient.setQueriesData<Review[]>({ queryKey: itemReviewsQueryKey(itemId) }, (reviews) =>
    reviews ? update(reviews) : reviews,
  );
  void queryClient.invalidateQueries({ queryKey: itemReviewsQueryKey(itemId) });
  void queryClient.invalidateQueries({ queryKey: reviewSummaryQueryKey(itemId) });
}
