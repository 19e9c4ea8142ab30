import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShipStoreOrderInput, StoreOrderView } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';
import { storeOrdersQueryKey } from './get-store-orders';

export interface ShipStoreOrderRequest {
  storeOrderId: string;
  /** The carrier and tracking number the seller typed; none ships with this site's label. */
  body: NonNullable<ShipStoreOrderInput>;
}

/** POST /store/orders/{id}/ship (spec 7: no body; issue 13: the seller's own carrier). */
export function shipStoreOrder({
  storeOrderId,
  body,
}: ShipStoreOrderRequest): Promise<StoreOrderView> {
  return apiClient.post<StoreOrderView>(
    `/store/orders/${encodeURIComponent(storeOrderId)}/ship`,
    body.trackingNumber ? body : undefined,
  );
}

export function useShipStoreOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipStoreOrder,
    // Spec 4: the order list reloads after a shipment.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeOrdersQueryKey }),
  });
}
