import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart, Locale, RemoveFromCartInput } from '@marketplace/shared';
import { contentLang } from '../../../i18n/content-language';
import { useI18n } from '../../../i18n/i18n-context';
import { apiClient } from '../../../lib/api-client';
import { replaceQueryData } from '../../../lib/query-client';
import { cartQueryKeyIn } from '../../../lib/api/get-cart';

/**
 * Spec 7: DELETE /orders/cart/remove takes `quantity` units off the line (the line goes at 0)
 * and answers with the whole updated bag, in `locale`.
 */
export function removeFromCart(input: RemoveFromCartInput, locale: Locale = 'en'): Promise<Cart> {
  return apiClient.delete<Cart>('/orders/cart/remove', {
    body: input,
    query: { lang: contentLang(locale) },
  });
}

export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  const { locale } = useI18n();
  return useMutation({
    mutationFn: (input: RemoveFromCartInput) => removeFromCart(input, locale),
    onSuccess: (cart) => replaceQueryData(queryClient, cartQueryKeyIn(locale), cart),
  });
}
