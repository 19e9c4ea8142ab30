import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogFacets, City } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';
import type { CatalogFilters } from '../utils/catalog-search';

/**
 * The filter values present, with counts (DESIGN 5). The chosen filters go too: each list is
 * counted over the others (issue 13), so a value's count is what ticking it would show.
 */
export function getCatalogFacets(
  keyword: string,
  filters: CatalogFilters,
  city: City | undefined,
  signal?: AbortSignal,
): Promise<CatalogFacets> {
  return apiClient.get<CatalogFacets>('/item/public/facets', {
    query: { keyword: keyword || undefined, ...filters, city },
    signal,
  });
}

export const catalogFacetsQueryKey = (
  city: City | undefined,
  keyword: string,
  filters: CatalogFilters,
) => ['catalog', 'facets', city ?? 'all', keyword, filters] as const;

export function catalogFacetsQueryOptions(
  keyword: string,
  filters: CatalogFilters,
  city: City | undefined,
) {
  return queryOptions({
    queryKey: catalogFacetsQueryKey(city, keyword, filters),
    queryFn: ({ signal }) => getCatalogFacets(keyword, filters, city, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCatalogFacets(keyword: string, filters: CatalogFilters, city: City | undefined) {
  return useQuery(catalogFacetsQueryOptions(keyword, filters, city));
}
