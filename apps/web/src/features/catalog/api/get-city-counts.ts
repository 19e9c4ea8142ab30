import { queryOptions, useQuery } from '@tanstack/react-query';
import type { City } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';
import type { CatalogFilters } from '../utils/catalog-search';

export interface CityCount {
  city: City;
  count: number;
}

/**
 * How many products match this search in each city that has some (issue 39.6): what an empty
 * list in the shopper's city offers instead.
 */
export function getCityCounts(
  keyword: string,
  filters: CatalogFilters,
  signal?: AbortSignal,
): Promise<CityCount[]> {
  return apiClient.get<CityCount[]>('/item/public/city-counts', {
    query: { keyword: keyword || undefined, ...filters },
    signal,
  });
}

export function cityCountsQueryOptions(keyword: string, filters: CatalogFilters) {
  return queryOptions({
    queryKey: ['catalog', 'city-counts', keyword, filters] as const,
    queryFn: ({ signal }) => getCityCounts(keyword, filters, signal),
  });
}

/** Asked only when `enabled` (the list in the city came back empty). */
export function useCityCounts(keyword: string, filters: CatalogFilters, enabled: boolean) {
  return useQuery({ ...cityCountsQueryOptions(keyword, filters), enabled });
}
