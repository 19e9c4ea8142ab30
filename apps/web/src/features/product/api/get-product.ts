import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemDetail, Locale } from '@marketplace/shared';
import { contentLang, localeKeyPart } from '../../../i18n/content-language';
import { useI18n } from '../../../i18n/i18n-context';
import { apiClient } from '../../../lib/api-client';

/** The product with the brand's texts in `locale` where it wrote them. */
export function getProduct(
  id: number,
  signal?: AbortSignal,
  locale: Locale = 'en',
): Promise<ItemDetail> {
  return apiClient.get<ItemDetail>(`/item/public/${id}`, {
    query: { lang: contentLang(locale) },
    signal,
  });
}

export const productQueryKey = (id: number, locale: Locale = 'en') =>
  ['product', id, ...localeKeyPart(locale)] as const;

export function productQueryOptions(id: number, locale: Locale = 'en') {
  return queryOptions({
    queryKey: productQueryKey(id, locale),
    queryFn: ({ signal }) => getProduct(id, signal, locale),
  });
}

/** The product of the page, in its language; idle when the URL's id is not a product id. */
export function useProduct(id: number | null) {
  const { locale } = useI18n();
  return useQuery({ ...productQueryOptions(id ?? 0, locale), enabled: id !== null });
}
