import { queryOptions, useQuery } from '@tanstack/react-query';
import type { City, ItemSummary } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

/** Spec 2: the home page's strip holds 8 cards. */
export const FEATURED_COUNT = 8;

/** The newest products on sale in a city (or in all, issue 39.6), for the DISCOVER strip. */
export function getFeaturedProducts(
  city: City | undefined,
  signal?: AbortSignal,
): Promise<ItemSummary[]> {
  return apiClient.get<ItemSummary[]>('/item/public', {
    query: { sort: 'newest', pageSize: FEATURED_COUNT, city },
    signal,
  });
}

export const featuredProductsQueryKey = (city: City | undefined) =>
  ['home', 'featured', city ?? 'all'] as const;

export function featuredProductsQueryOptions(city: City | undefined) {
  return queryOptions({
    queryKey: featuredProductsQueryKey(city),
    queryFn: ({ signal }) => getFeaturedProducts(city, signal),
  });
}

export function useFeaturedProducts(city: City | undefined) {
  return useQuery(featuredProductsQueryOptions(city));
}
