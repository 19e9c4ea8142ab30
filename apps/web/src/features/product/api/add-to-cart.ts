import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

/** Spec 7: POST /orders/cart/add; the API answers with the whole updated bag. */
export interface AddToCartInput {
  itemId: number;
  itemOptionId: number;
  quantity: number;
}

export function addToCart(input: AddToCartInput): Promise<Cart> {
  return apiClient.post<Cart>('/orders/cart/add', input);
}

/**
 * The bag's query key. Features never import each other, so it is repeated here: the bag
 * feature reads GET /orders/cart under ['cart'].
 */
const cartQueryKey = ['cart'] as const;

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    // The answer is the bag as the write left it: no second request to read it again.
    onSuccess: (cart) => queryClient.setQueryData(cartQueryKey, cart),
  });
}
