import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoreOrderView } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';
import { storeOrdersQueryKey } from './get-store-orders';

/** POST /store/orders/{id}/tracking/advance: the built-in provider's simulated tracker (issue 16). */
export function advanceTracker(storeOrderId: string): Promise<StoreOrderView> {
  return apiClient.post<StoreOrderView>(
    `/store/orders/${encodeURIComponent(storeOrderId)}/tracking/advance`,
  );
}

export function useAdvanceTracker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: advanceTracker,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeOrdersQueryKey }),
  });
}
