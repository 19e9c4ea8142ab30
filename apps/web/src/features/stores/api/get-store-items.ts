import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PRODUCTS_PER_PAGE, type ItemSummary, type StoreItemSort } from '@marketplace/shared';
import { apiClient, type Page } from '../../../lib/api-client';

export interface StoreItemsQuery {
  sort: StoreItemSort;
  page: number;
}

/** GET /store/public/items/{storeId}: one page of 12, sorted by the server (DESIGN 5). */
export function getStoreItems(
  storeId: string,
  { sort, page }: StoreItemsQuery,
  signal?: AbortSignal,
): Promise<Page<ItemSummary>> {
  return apiClient.page<ItemSummary>(`/store/public/items/${encodeURIComponent(storeId)}`, {
    query: { sort, page, pageSize: PRODUCTS_PER_PAGE },
    signal,
  });
}

export const storeItemsQueryKey = (storeId: string, query: StoreItemsQuery) =>
  ['store', storeId, 'items', query] as const;

export function storeItemsQueryOptions(storeId: string, query: StoreItemsQuery) {
  return queryOptions({
    queryKey: storeItemsQueryKey(storeId, query),
    queryFn: ({ signal }) => getStoreItems(storeId, query, signal),
    // The grid keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useStoreItems(storeId: string | null, query: StoreItemsQuery) {
  return useQuery({
    ...storeItemsQueryOptions(storeId ?? '', query),
    enabled: storeId !== null,
  });
}
