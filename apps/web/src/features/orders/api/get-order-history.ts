import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderView } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

/** Spec 7: GET /orders/history, the signed-in shopper's placed orders. */
export function getOrderHistory(signal?: AbortSignal): Promise<OrderView[]> {
  return apiClient.get<OrderView[]>('/orders/history', { signal });
}

/** Placing an order (features/checkout) invalidates this key. */
export const orderHistoryQueryKey = ['orders'] as const;

export function orderHistoryQueryOptions() {
  return queryOptions({
    queryKey: orderHistoryQueryKey,
    queryFn: ({ signal }) => getOrderHistory(signal),
  });
}

export function useOrderHistory() {
  return useQuery(orderHistoryQueryOptions());
}
