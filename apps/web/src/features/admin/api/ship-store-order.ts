import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoreOrderView } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';
import { storeOrdersQueryKey } from './get-store-orders';

/** POST /store/orders/{id}/ship (no body). */
export function shipStoreOrder(storeOrderId: string): Promise<StoreOrderView> {
  return apiClient.post<StoreOrderView>(`/store/orders/${encodeURIComponent(storeOrderId)}/ship`);
}

export function useShipStoreOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipStoreOrder,
    // Spec 4: the order list reloads after a shipment.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeOrdersQueryKey }),
  });
}
