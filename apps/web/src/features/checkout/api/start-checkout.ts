import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckoutSession } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

/** Spec 7: the checkout page's POST /orders/checkout, without a body. */
export function startCheckout(signal?: AbortSignal): Promise<CheckoutSession> {
  return apiClient.post<CheckoutSession>('/orders/checkout', undefined, { signal });
}

export const checkoutSessionQueryKey = ['checkout', 'session'] as const;

/**
 * The page opens its checkout on load. The server answers the same order while the bag is still
 * checked out, so this POST is safe to hold as a query: it runs once per visit (StrictMode's double
 * mount shares it), never in the background, and is dropped when the page closes so that the
 * next visit opens a fresh checkout.
 */
export function checkoutSessionQueryOptions() {
  return queryOptions({
    queryKey: checkoutSessionQueryKey,
    queryFn: ({ signal }) => startCheckout(signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useCheckoutSession() {
  return useQuery(checkoutSessionQueryOptions());
}
