import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Spec 7: POST /orders/cart/add. */
export interface AddToCartInput {
  itemId: number;
  itemOptionId: number;
  quantity: number;
}

export function addToCart(input: AddToCartInput): Promise<unknown> {
  return apiClient.post<unknown>('/orders/cart/add', input);
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
