import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CheckoutBody, CheckoutSession, Locale } from '@marketplace/shared';
import { contentLang } from '../../i18n/content-language';
import { useI18n } from '../../i18n/i18n-context';
import { apiClient } from '../api-client';

/**
 * Spec 7: POST /orders/checkout. The bag page sends its return pages and is told where to pay;
 * the checkout page sends no body. In `locale`: a 409 names the products the bag can no longer
 * sell as the bag names them (the session holds no names).
 */
export function startCheckout(
  body: CheckoutBody | undefined,
  locale: Locale = 'en',
  signal?: AbortSignal,
): Promise<CheckoutSession> {
  return apiClient.post<CheckoutSession>('/orders/checkout', body, {
    query: { lang: contentLang(locale) },
    signal,
  });
}

/** The bag page's "Checkout" button. */
export function useStartCheckout() {
  const { locale } = useI18n();
  return useMutation({ mutationFn: (body: CheckoutBody) => startCheckout(body, locale) });
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
    queryFn: ({ signal }) => startCheckout(undefined, locale, signal),
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
