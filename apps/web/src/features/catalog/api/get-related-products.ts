import { queryOptions, useQuery } from '@tanstack/react-query';
import type { City, ItemSummary } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

/** "YOU MAY ALSO LIKE...": four real products like these (a product, or a bag's products). */
export function getRelatedProducts(
  itemIds: readonly number[],
  city: City,
  signal?: AbortSignal,
): Promise<ItemSummary[]> {
  return apiClient.get<ItemSummary[]>('/item/public/related', {
    query: { item: [...itemIds], city },
    signal,
  });
}

export function relatedProductsQueryOptions(itemIds: readonly number[], city: City) {
  // The same products in any order are the same question (and the same cached answer).
  const ids = [...new Set(itemIds)].sort((a, b) => a - b);
  return queryOptions({
    queryKey: ['catalog', 'related', city, ids.join(',')] as const,
    queryFn: ({ signal }) => getRelatedProducts(ids, city, signal),
    staleTime: 60_000,
  });
}

/** Asks only once `itemIds` is known (null while the page's product or bag loads). */
export function useRelatedProducts(itemIds: readonly number[] | null, city: City) {
  return useQuery({
    ...relatedProductsQueryOptions(itemIds ?? [], city),
    enabled: itemIds !== null,
  });
}
