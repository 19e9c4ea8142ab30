import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckoutSession, Locale } from '@marketplace/shared';
import { contentLang } from '../../../i18n/content-language';
import { useI18n } from '../../../i18n/i18n-context';
import { apiClient } from '../../../lib/api-client';

/**
 * Spec 7: the checkout page's POST /orders/checkout, without a body. In `locale`: a 409 names
 * the products the bag can no longer sell as the bag names them (the session holds no names).
 */
export function startCheckout(
  signal?: AbortSignal,
  locale: Locale = 'en',
): Promise<CheckoutSession> {
  return apiClient.post<CheckoutSession>('/orders/checkout', undefined, {
    query: { lang: contentLang(locale) },
    signal,
  });
}

export const checkoutSessionQueryKey = ['checkout', 'session'] as const;

/**
 * The page opens its checkout on load. The server answers the same order while the bag is still
 * checked out, so this POST is safe to hold as a query: it runs once per visit (StrictMode's double
 * mount shares it), never in the background, and is dropped when the page closes so that the
 * next visit opens a fresh checkout.
 */
export function checkoutSessionQueryOptions(locale: Locale = 'en') {
  return queryOptions({
    queryKey: checkoutSessionQueryKey,
    queryFn: ({ signal }) => startCheckout(signal, locale),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useCheckoutSession() {
  const { locale } = useI18n();
  return useQuery(checkoutSessionQueryOptions(locale));
}
