import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart, RemoveFromCartInput } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';
import { cartQueryKey } from './get-cart';

/**
 * Spec 7: DELETE /orders/cart/remove takes `quantity` units off the line (the line goes at 0)
 * and answers with the whole updated bag.
 */
export function removeFromCart(input: RemoveFromCartInput): Promise<Cart> {
  return apiClient.delete<Cart>('/orders/cart/remove', { body: input });
}

export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromCart,
    onSuccess: (cart) => queryClient.setQueryData(cartQueryKey, cart),
  });
}
