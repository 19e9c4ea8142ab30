import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  PRODUCTS_PER_PAGE,
  type ItemSummary,
  type Locale,
  type StoreItemSort,
} from '@marketplace/shared';
import { contentLang, localeKeyPart } from '../../../i18n/content-language';
import { useI18n } from '../../../i18n/i18n-context';
import { apiClient, type Page } from '../../../lib/api-client';

export interface StoreItemsQuery {
  sort: StoreItemSort;
  page: number;
}

/** GET /store/public/items/{storeId}: one page of 12, sorted by the server (DESIGN 5). */
export function getStoreItems(
  storeId: string,
  { sort, page }: StoreItemsQuery,
  signal?: AbortSignal,
  locale: Locale = 'en',
): Promise<Page<ItemSummary>> {
  return apiClient.page<ItemSummary>(`/store/public/items/${encodeURIComponent(storeId)}`, {
    query: { sort, page, pageSize: PRODUCTS_PER_PAGE, lang: contentLang(locale) },
    signal,
  });
}

export const storeItemsQueryKey = (
  storeId: string,
  query: StoreItemsQuery,
  locale: Locale = 'en',
) => ['store', storeId, 'items', query, ...localeKeyPart(locale)] as const;

export function storeItemsQueryOptions(
  storeId: string,
  query: StoreItemsQuery,
  locale: Locale = 'en',
) {
  return queryOptions({
    queryKey: storeItemsQueryKey(storeId, query, locale),
    queryFn: ({ signal }) => getStoreItems(storeId, query, signal, locale),
    // The grid keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useStoreItems(storeId: string | null, query: StoreItemsQuery) {
  const { locale } = useI18n();
  return useQuery({
    ...storeItemsQueryOptions(storeId ?? '', query, locale),
    enabled: storeId !== null,
  });
}
