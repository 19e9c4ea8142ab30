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
