import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReturnableStoreOrder } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

/** GET /orders/{orderId}/returnable: the order's parcels and the lines that can go back now. */
export function getReturnable(
  orderId: string,
  signal?: AbortSignal,
): Promise<ReturnableStoreOrder[]> {
  return apiClient.get<ReturnableStoreOrder[]>(
    `/orders/${encodeURIComponent(orderId)}/returnable`,
    { signal },
  );
}

export const returnableQueryKey = (orderId: string) => ['returnable', orderId] as const;

export function returnableQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: returnableQueryKey(orderId),
    queryFn: ({ signal }) => getReturnable(orderId, signal),
  });
}

export function useReturnable(orderId: string, enabled: boolean) {
  return useQuery({ ...returnableQueryOptions(orderId), enabled });
}
