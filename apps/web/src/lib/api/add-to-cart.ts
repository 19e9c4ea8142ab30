import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddToCartInput, AddedToCart, Locale } from '@marketplace/shared';
import { contentLang } from '../../i18n/content-language';
import { useI18n } from '../../i18n/i18n-context';
import { apiClient } from '../api-client';
import { replaceQueryData } from '../query-client';
import { cartQueryKeyIn } from './get-cart';

/**
 * Spec 7: POST /orders/cart/add, from a product page or a bag line's +. The API answers with the
 * whole updated bag, its product names in `locale` (decision 030), and a `notice` when only what
 * was left could be added (issue 39.22).
 */
export function addToCart(input: AddToCartInput, locale: Locale = 'en'): Promise<AddedToCart> {
  return apiClient.post<AddedToCart>('/orders/cart/add', input, {
    query: { lang: contentLang(locale) },
  });
}

export function useAddToCart() {
  const queryClient = useQueryClient();
  const { locale } = useI18n();
  return useMutation({
    mutationFn: (input: AddToCartInput) => addToCart(input, locale),
    // The answer is the bag as the write left it: no second request to read it again.
    onSuccess: ({ notice: _notice, ...cart }) =>
      replaceQueryData(queryClient, cartQueryKeyIn(locale), cart),
  });
}
