import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale, StorePublic } from '@marketplace/shared';
import { contentLang, localeKeyPart } from '../../../i18n/content-language';
import { useI18n } from '../../../i18n/i18n-context';
import { apiClient } from '../../../lib/api-client';

/** GET /store/public/{storeId}: the id is the store's name, URL-encoded. */
export function getStore(
  storeId: string,
  signal?: AbortSignal,
  locale: Locale = 'en',
): Promise<StorePublic> {
  return apiClient.get<StorePublic>(`/store/public/${encodeURIComponent(storeId)}`, {
    query: { lang: contentLang(locale) },
    signal,
  });
}

export const storeQueryKey = (storeId: string, locale: Locale = 'en') =>
  ['store', storeId, ...localeKeyPart(locale)] as const;

export function storeQueryOptions(storeId: string, locale: Locale = 'en') {
  return queryOptions({
    queryKey: storeQueryKey(storeId, locale),
    queryFn: ({ signal }) => getStore(storeId, signal, locale),
  });
}

export function useStore(storeId: string | null) {
  const { locale } = useI18n();
  return useQuery({ ...storeQueryOptions(storeId ?? '', locale), enabled: storeId !== null });
}
