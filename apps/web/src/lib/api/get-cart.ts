import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart, Locale } from '@marketplace/shared';
import { contentLang, localeKeyPart } from '../../i18n/content-language';
import { useI18n } from '../../i18n/i18n-context';
import { apiClient } from '../api-client';

/**
 * Spec 7: GET /orders/cart, the signed-in shopper's bag with its subtotal; each line's product
 * name in `locale` where its brand wrote one (decision 030). The bag, the checkout, the product
 * page's add and the navbar's count all read and write the bag under these keys.
 */
export function getCart(signal?: AbortSignal, locale: Locale = 'en'): Promise<Cart> {
  return apiClient.get<Cart>('/orders/cart', { query: { lang: contentLang(locale) }, signal });
}

/** Every language's bag: invalidating this key refreshes them all. */
export const cartQueryKey = ['cart'] as const;

/** The bag in one language (English: exactly `cartQueryKey`). */
export const cartQueryKeyIn = (locale: Locale) =>
  [...cartQueryKey, ...localeKeyPart(locale)] as const;

export function cartQueryOptions(locale: Locale = 'en') {
  return queryOptions({
    queryKey: cartQueryKeyIn(locale),
    queryFn: ({ signal }) => getCart(signal, locale),
  });
}

export function useCart() {
  const { locale } = useI18n();
  return useQuery(cartQueryOptions(locale));
}

/** The units in the bag, for the navbar's bag icon (issue 13); 0 when signed out. */
export function useBagCount(signedIn: boolean): number {
  const { locale } = useI18n();
  const cart = useQuery({
    ...cartQueryOptions(locale),
    enabled: signedIn,
    select: (data) => data.items.reduce((sum, line) => sum + line.quantity, 0),
  });
  return signedIn ? (cart.data ?? 0) : 0;
}
