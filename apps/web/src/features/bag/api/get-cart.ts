import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

/** Spec 7: GET /orders/cart, the signed-in shopper's bag with its subtotal. */
export function getCart(signal?: AbortSignal): Promise<Cart> {
  return apiClient.get<Cart>('/orders/cart', { signal });
}

/** The product page invalidates this exact key after adding to the bag. */
export const cartQueryKey = ['cart'] as const;

export function cartQueryOptions() {
  return queryOptions({
    queryKey: cartQueryKey,
    queryFn: ({ signal }) => getCart(signal),
  });
}

export function useCart() {
  return useQuery(cartQueryOptions());
}

/** The units in the bag, for the navbar's bag icon (issue 13); 0 when signed out. */
export function useBagCount(signedIn: boolean): number {
  const cart = useQuery({
    ...cartQueryOptions(),
    enabled: signedIn,
    select: (data) => data.items.reduce((sum, line) => sum + line.quantity, 0),
  });
  return signedIn ? (cart.data ?? 0) : 0;
}
