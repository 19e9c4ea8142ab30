import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

/** Spec 7: GET /orders/cart, the lines being checked out (the bag page shares the key). */
export function getCart(signal?: AbortSignal): Promise<Cart> {
  return apiClient.get<Cart>('/orders/cart', { signal });
}

export const cartQueryKey = ['cart'] as const;

export function cartQueryOptions() {
  return queryOptions({ queryKey: cartQueryKey, queryFn: ({ signal }) => getCart(signal) });
}

export function useCart() {
  return useQuery(cartQueryOptions());
}
