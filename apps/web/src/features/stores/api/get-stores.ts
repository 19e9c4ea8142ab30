import { queryOptions, useQuery } from '@tanstack/react-query';
import type { City, StorePublic } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

/** GET /store/public, of one city or (city undefined) of all of them. */
export function getStores(city: City | undefined, signal?: AbortSignal): Promise<StorePublic[]> {
  return apiClient.get<StorePublic[]>('/store/public', { query: { city }, signal });
}

export const storesQueryKey = (city: City | undefined) => ['stores', city ?? 'all'] as const;

export function storesQueryOptions(city: City | undefined) {
  return queryOptions({
    queryKey: storesQueryKey(city),
    queryFn: ({ signal }) => getStores(city, signal),
  });
}

export function useStores(city: City | undefined) {
  return useQuery(storesQueryOptions(city));
}
