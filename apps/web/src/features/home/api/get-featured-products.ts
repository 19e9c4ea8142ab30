import { queryOptions, useQuery } from '@tanstack/react-query';
import type { City, ItemSummary } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

/** Spec 2: the home page's strip holds 8 cards. */
export const FEATURED_COUNT = 8;

/** The newest products on sale in a city, for the DISCOVER strip. */
export function getFeaturedProducts(city: City, signal?: AbortSignal): Promise<ItemSummary[]> {
  return apiClient.get<ItemSummary[]>('/item/public', {
    query: { sort: 'newest', pageSize: FEATURED_COUNT, city },
    signal,
  });
}

export const featuredProductsQueryKey = (city: City) => ['home', 'featured', city] as const;

export function featuredProductsQueryOptions(city: City) {
  return queryOptions({
    queryKey: featuredProductsQueryKey(city),
    queryFn: ({ signal }) => getFeaturedProducts(city, signal),
  });
}

export function useFeaturedProducts(city: City) {
  return useQuery(featuredProductsQueryOptions(city));
}
