import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreOrderFilter, StoreOrderView } from '@marketplace/shared';
import { apiClient, type Page } from '../../../lib/api-client';

export const STORE_ORDERS_PAGE_SIZE = 20;

/**
 * GET /store/orders: one page of the store's orders, newest first, the total in X-Total-Count;
 * with `status`, only the orders that stand there (the server filters, issue 39 item 17).
 */
export function getStoreOrders(
  page: number,
  status?: StoreOrderFilter,
  signal?: AbortSignal,
): Promise<Page<StoreOrderView>> {
  return apiClient.page<StoreOrderView>('/store/orders', {
    query: { page, pageSize: STORE_ORDERS_PAGE_SIZE, status },
    signal,
  });
}

export const storeOrdersQueryKey = ['store-orders'] as const;

export function storeOrdersQueryOptions(page: number, status?: StoreOrderFilter) {
  return queryOptions({
    queryKey: [...storeOrdersQueryKey, page, status ?? 'ALL'],
    queryFn: ({ signal }) => getStoreOrders(page, status, signal),
    // The table stays in place while the next page loads.
    placeholderData: keepPreviousData,
  });
}

export function useStoreOrders(page: number, status?: StoreOrderFilter) {
  return useQuery(storeOrdersQueryOptions(page, status));
}
