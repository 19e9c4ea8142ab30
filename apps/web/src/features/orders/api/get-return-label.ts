import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /orders/returns/{id}/label: our PDF label, fetched with the token (a plain link has none). */
export function getReturnLabel(returnId: string): Promise<Blob> {
  return apiClient.blob(`/orders/returns/${encodeURIComponent(returnId)}/label`, {
    headers: { Accept: 'application/pdf' },
  });
}

export function useReturnLabel() {
  return useMutation({ mutationFn: getReturnLabel });
}
