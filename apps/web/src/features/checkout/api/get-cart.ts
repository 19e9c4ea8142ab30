import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart, Locale } from '@marketplace/shared';
import { contentLang, localeKeyPart } from '../../../i18n/content-language';
import { useI18n } from '../../../i18n/i18n-context';
import { apiClient } from '../../../lib/api-client';

/** Spec 7: GET /orders/cart, the lines being checked out, named in `locale` (decision 030). */
export function getCart(signal?: AbortSignal, locale: Locale = 'en'): Promise<Cart> {
  return apiClient.get<Cart>('/orders/cart', { query: { lang: contentLang(locale) }, signal });
}

/** Every language's bag (the bag page shares the keys). */
export const cartQueryKey = ['cart'] as const;

export function cartQueryOptions(locale: Locale = 'en') {
  return queryOptions({
    queryKey: [...cartQueryKey, ...localeKeyPart(locale)],
    queryFn: ({ signal }) => getCart(signal, locale),
  });
}

export function useCart() {
  const { locale } = useI18n();
  return useQuery(cartQueryOptions(locale));
}
