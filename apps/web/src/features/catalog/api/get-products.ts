import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PRODUCTS_PER_PAGE, type City, type ItemSummary, type Locale } from '@marketplace/shared';
import { contentLang, localeKeyPart } from '../../../i18n/content-language';
import { useI18n } from '../../../i18n/i18n-context';
import { apiClient, type Page } from '../../../lib/api-client';
import type { CatalogSearch } from '../utils/catalog-search';

/** One page of the catalog, filtered and sorted on the server (DESIGN 4). */
export function getProducts(
  search: CatalogSearch,
  /** Undefined: every city's (issue 39.6). */
  city: City | undefined,
  signal?: AbortSignal,
  locale: Locale = 'en',
): Promise<Page<ItemSummary>> {
  const { keyword, filters, sort, page } = search;
  return apiClient.page<ItemSummary>('/item/public/search', {
    query: {
      keyword: keyword || undefined,
      category: filters.category,
      store: filters.store,
      color: filters.color,
      size: filters.size,
      price: filters.price,
      city,
      sort,
      page,
      pageSize: PRODUCTS_PER_PAGE,
      lang: contentLang(locale),
    },
    signal,
  });
}

/** searchKey is the page's whole search string ('__all__' when empty), as spec 4 keys it. */
export const productsQueryKey = (
  city: City | undefined,
  searchKey: string,
  locale: Locale = 'en',
) => ['catalog', 'products', city ?? 'all', searchKey, ...localeKeyPart(locale)] as const;

export function productsQueryOptions(
  search: CatalogSearch,
  searchKey: string,
  city: City | undefined,
  locale: Locale = 'en',
) {
  return queryOptions({
    queryKey: productsQueryKey(city, searchKey, locale),
    queryFn: ({ signal }) => getProducts(search, city, signal, locale),
    // Spec 4 keeps every search's results for the life of the page.
    gcTime: Infinity,
    // The previous page stays on screen while the next one loads, so the grid does not flash.
    placeholderData: keepPreviousData,
  });
}

export function useProducts(search: CatalogSearch, searchKey: string, city: City | undefined) {
  const { locale } = useI18n();
  return useQuery(productsQueryOptions(search, searchKey, city, locale));
}
