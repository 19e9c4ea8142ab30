import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { orderHistoryQueryKey } from './get-order-history';

/** POST /orders/parcels/{id}/received: the buyer's "I received it" (issue 16). */
export function confirmReceived(storeOrderId: string) {
  return apiClient.post<{ id: string; status: string; deliveredAt: string }>(
    `/orders/parcels/${encodeURIComponent(storeOrderId)}/received`,
  );
}

export function useConfirmReceived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmReceived,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderHistoryQueryKey }),
  });
}
