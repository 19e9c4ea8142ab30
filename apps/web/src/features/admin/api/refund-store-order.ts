import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoreOrderView } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';
import { storeOrdersQueryKey } from './get-store-orders';
import { storePayoutsQueryKey } from './get-store-payouts';

/** POST /store/orders/{id}/refund (no body): the money left on the order goes back to the buyer. */
export function refundStoreOrder(storeOrderId: string): Promise<StoreOrderView> {
  return apiClient.post<StoreOrderView>(`/store/orders/${encodeURIComponent(storeOrderId)}/refund`);
}

export function useRefundStoreOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundStoreOrder,
    // Spec 4: the order list reloads after a refund; the payouts change with it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: storeOrdersQueryKey }),
        queryClient.invalidateQueries({ queryKey: storePayoutsQueryKey }),
      ]),
  });
}
