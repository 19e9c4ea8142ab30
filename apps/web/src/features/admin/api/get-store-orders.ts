import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreOrderView } from '@marketplace/shared';
import { apiClient, type Page } from '../../../lib/api-client';

export const STORE_ORDERS_PAGE_SIZE = 20;

/** GET /store/orders: one page of the store's orders, newest first, the total in X-Total-Count. */
export function getStoreOrders(page: number, signal?: AbortSignal): Promise<Page<StoreOrderView>> {
  return apiClient.page<StoreOrderView>('/store/orders', {
    query: { page, pageSize: STORE_ORDERS_PAGE_SIZE },
    signal,
  });
}

export const storeOrdersQueryKey = ['store-orders'] as const;

export function storeOrdersQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...storeOrdersQueryKey, page],
    queryFn: ({ signal }) => getStoreOrders(page, signal),
    // The table stays in place while the next page loads.
    placeholderData: keepPreviousData,
  });
}

export function useStoreOrders(page: number) {
  return useQuery(storeOrdersQueryOptions(page));
}
