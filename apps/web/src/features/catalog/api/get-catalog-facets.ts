import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogFacets, City } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

/** The filter values present for a keyword in a city, with counts (DESIGN 5). */
export function getCatalogFacets(
  keyword: string,
  city: City,
  signal?: AbortSignal,
): Promise<CatalogFacets> {
  return apiClient.get<CatalogFacets>('/item/public/facets', {
    query: { keyword: keyword || undefined, city },
    signal,
  });
}

export const catalogFacetsQueryKey = (city: City, keyword: string) =>
  ['catalog', 'facets', city, keyword] as const;

export function catalogFacetsQueryOptions(keyword: string, city: City) {
  return queryOptions({
    queryKey: catalogFacetsQueryKey(city, keyword),
    queryFn: ({ signal }) => getCatalogFacets(keyword, city, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCatalogFacets(keyword: string, city: City) {
  return useQuery(catalogFacetsQueryOptions(keyword, city));
}
