import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Locale, OrderView } from '@marketplace/shared';
import { contentLang } from '../../../i18n/content-language';
import { useI18n } from '../../../i18n/i18n-context';
import { apiClient } from '../../../lib/api-client';
import { rememberPlacedOrder } from '../utils/last-placed-order';
import { cartQueryKey } from '../../../lib/api/get-cart';

/**
 * Spec 4 and DESIGN 4: after the payment is confirmed, the order is placed (idempotent); its
 * lines come named in `locale` (decision 030).
 */
export function placeOrder(orderId: string, locale: Locale = 'en'): Promise<OrderView> {
  return apiClient.post<OrderView>(
    '/orders/place',
    { orderId },
    { query: { lang: contentLang(locale) } },
  );
}

/** The buyer's order history (features/orders) reads this key. */
export const ordersQueryKey = ['orders'] as const;

export function usePlaceOrder(orderId: string) {
  const queryClient = useQueryClient();
  const { locale } = useI18n();
  return useMutation({
    mutationKey: ['orders', 'place', orderId],
    mutationFn: () => placeOrder(orderId, locale),
    onSuccess: async (order) => {
      rememberPlacedOrder(order.id);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cartQueryKey }),
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
      ]);
    },
  });
}
