import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorePublic } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

/** GET /store/public/{storeId}: the id is the store's name, URL-encoded. */
export function getStore(storeId: string, signal?: AbortSignal): Promise<StorePublic> {
  return apiClient.get<StorePublic>(`/store/public/${encodeURIComponent(storeId)}`, { signal });
}

export const storeQueryKey = (storeId: string) => ['store', storeId] as const;

export function storeQueryOptions(storeId: string) {
  return queryOptions({
    queryKey: storeQueryKey(storeId),
    queryFn: ({ signal }) => getStore(storeId, signal),
  });
}

export function useStore(storeId: string | null) {
  return useQuery({ ...storeQueryOptions(storeId ?? ''), enabled: storeId !== null });
}
