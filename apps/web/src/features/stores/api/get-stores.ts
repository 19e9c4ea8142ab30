import { queryOptions, useQuery } from '@tanstack/react-query';
import type { City, Locale, StorePublic } from '@marketplace/shared';
import { contentLang, localeKeyPart } from '../../../i18n/content-language';
import { useI18n } from '../../../i18n/i18n-context';
import { apiClient } from '../../../lib/api-client';

/** GET /store/public, of one city or (city undefined) of all of them. */
export function getStores(
  city: City | undefined,
  signal?: AbortSignal,
  locale: Locale = 'en',
): Promise<StorePublic[]> {
  return apiClient.get<StorePublic[]>('/store/public', {
    query: { city, lang: contentLang(locale) },
    signal,
  });
}

export const storesQueryKey = (city: City | undefined, locale: Locale = 'en') =>
  ['stores', city ?? 'all', ...localeKeyPart(locale)] as const;

export function storesQueryOptions(city: City | undefined, locale: Locale = 'en') {
  return queryOptions({
    queryKey: storesQueryKey(city, locale),
    queryFn: ({ signal }) => getStores(city, signal, locale),
  });
}

export function useStores(city: City | undefined) {
  const { locale } = useI18n();
  return useQuery(storesQueryOptions(city, locale));
}
