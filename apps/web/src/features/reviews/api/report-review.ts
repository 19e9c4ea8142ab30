import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /item-review/:reviewId/report (issue 17): once per user, with a reason. */
export function useReportReview() {
  return useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: number; reason: string }) =>
      apiClient.post<void>(`/item-review/${reviewId}/report`, { reason }),
  });
}
