import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReturnView } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

/** GET /orders/returns?orderId=: the buyer's returns of one order, newest first. */
export function getOrderReturns(orderId: string, signal?: AbortSignal): Promise<ReturnView[]> {
  return apiClient.get<ReturnView[]>('/orders/returns', {
    query: { orderId, pageSize: 100 },
    signal,
  });
}

export const orderReturnsQueryKey = (orderId: string) => ['order-returns', orderId] as const;

export function orderReturnsQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderReturnsQueryKey(orderId),
    queryFn: ({ signal }) => getOrderReturns(orderId, signal),
  });
}

export function useOrderReturns(orderId: string, enabled: boolean) {
  return useQuery({ ...orderReturnsQueryOptions(orderId), enabled });
}
