import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemDetail } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

/**
 * The owner's view of the store's products: with the token sent, every entry is a full
 * ItemDetail, unavailable ones included. The `_` timestamp busts any HTTP cache between the
 * browser and the API, so a product just saved or deleted never comes back stale (spec 4).
 */
export function getStoreProducts(storeName: string, signal?: AbortSignal): Promise<ItemDetail[]> {
  return apiClient.get<ItemDetail[]>(`/store/public/items/${encodeURIComponent(storeName)}`, {
    query: { _: Date.now() },
    signal,
  });
}

export const storeProductsQueryKey = (storeName: string) => ['store-products', storeName] as const;

export function storeProductsQueryOptions(storeName: string) {
  return queryOptions({
    queryKey: storeProductsQueryKey(storeName),
    queryFn: ({ signal }) => getStoreProducts(storeName, signal),
  });
}

export function useStoreProducts(storeName: string) {
  return useQuery(storeProductsQueryOptions(storeName));
}
