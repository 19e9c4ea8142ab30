import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /store/orders/{id}/shipping-label: a PDF, fetched with the token (a plain link has none). */
export function getShippingLabel(storeOrderId: string): Promise<Blob> {
  return apiClient.blob(`/store/orders/${encodeURIComponent(storeOrderId)}/shipping-label`, {
    headers: { Accept: 'application/pdf' },
  });
}

export function useShippingLabel() {
  return useMutation({ mutationFn: getShippingLabel });
}
