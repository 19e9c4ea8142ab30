import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReturnView } from '@marketplace/shared';
import { apiClient, type Page } from '../../../lib/api-client';

export const STORE_RETURNS_PAGE_SIZE = 20;

/** GET /store/returns: one page of the store's returns, newest first. */
export function getStoreReturns(page: number, signal?: AbortSignal): Promise<Page<ReturnView>> {
  return apiClient.page<ReturnView>('/store/returns', {
    query: { page, pageSize: STORE_RETURNS_PAGE_SIZE },
    signal,
  });
}

export const storeReturnsQueryKey = ['store-returns'] as const;

export function storeReturnsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...storeReturnsQueryKey, page],
    queryFn: ({ signal }) => getStoreReturns(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStoreReturns(page: number) {
  return useQuery(storeReturnsQueryOptions(page));
}
