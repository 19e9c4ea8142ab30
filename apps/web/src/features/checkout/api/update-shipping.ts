import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutSession, ShippingAddress, ShippingMethod } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';
import { checkoutSessionQueryKey } from '../../../lib/api/start-checkout';

export interface ShippingUpdate {
  orderId: string;
  address: ShippingAddress;
  method: ShippingMethod;
}

/** DESIGN 4: PUT /orders/{orderId}/shipping recomputes the shipping and the total. */
export function updateShipping({ orderId, address, method }: ShippingUpdate) {
  return apiClient.put<CheckoutSession>(`/orders/${encodeURIComponent(orderId)}/shipping`, {
    address,
    method,
  });
}

export function useUpdateShipping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShipping,
    onSuccess: (session) => queryClient.setQueryData(checkoutSessionQueryKey, session),
  });
}
