import { queryOptions, useQuery } from '@tanstack/react-query';
import type { City, ItemSummary, Locale } from '@marketplace/shared';
import { contentLang, localeKeyPart } from '../../../i18n/content-language';
import { useI18n } from '../../../i18n/i18n-context';
import { apiClient } from '../../../lib/api-client';

/** "YOU MAY ALSO LIKE...": four real products like these (a product, or a bag's products). */
export function getRelatedProducts(
  itemIds: readonly number[],
  city: City | undefined,
  signal?: AbortSignal,
  locale: Locale = 'en',
): Promise<ItemSummary[]> {
  return apiClient.get<ItemSummary[]>('/item/public/related', {
    query: { item: [...itemIds], city, lang: contentLang(locale) },
    signal,
  });
}

export function relatedProductsQueryOptions(
  itemIds: readonly number[],
  city: City | undefined,
  locale: Locale = 'en',
) {
  // The same products in any order are the same question (and the same cached answer).
  const ids = [...new Set(itemIds)].sort((a, b) => a - b);
  return queryOptions({
    queryKey: [
      'catalog',
      'related',
      city ?? 'all',
      ids.join(','),
      ...localeKeyPart(locale),
    ] as const,
    queryFn: ({ signal }) => getRelatedProducts(ids, city, signal, locale),
    staleTime: 60_000,
  });
}

/** Asks only once `itemIds` is known (null while the page's product or bag loads). */
export function useRelatedProducts(itemIds: readonly number[] | null, city: City | undefined) {
  const { locale } = useI18n();
  return useQuery({
    ...relatedProductsQueryOptions(itemIds ?? [], city, locale),
    enabled: itemIds !== null,
  });
}
