import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderView } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';
import { rememberPlacedOrder } from '../utils/last-placed-order';
import { cartQueryKey } from './get-cart';

/** Spec 4 and DESIGN 4: after the payment is confirmed, the order is placed (idempotent). */
export function placeOrder(orderId: string): Promise<OrderView> {
  return apiClient.post<OrderView>('/orders/place', { orderId });
}

/** The buyer's order history (features/orders) reads this key. */
export const ordersQueryKey = ['orders'] as const;

export function usePlaceOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['orders', 'place', orderId],
    mutationFn: () => placeOrder(orderId),
    onSuccess: async (order) => {
      rememberPlacedOrder(order.id);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cartQueryKey }),
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
      ]);
    },
  });
}
