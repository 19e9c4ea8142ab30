import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddToCartInput, Cart } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';
import { cartQueryKey } from './get-cart';

/** Spec 7: POST /orders/cart/add; the API answers with the whole updated bag. */
export function addToCartLine(input: AddToCartInput): Promise<Cart> {
  return apiClient.post<Cart>('/orders/cart/add', input);
}

export function useAddToCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCartLine,
    onSuccess: (cart) => queryClient.setQueryData(cartQueryKey, cart),
  });
}
