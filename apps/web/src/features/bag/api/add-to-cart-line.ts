import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddToCartInput, Cart, Locale } from '@marketplace/shared';
import { contentLang } from '../../../i18n/content-language';
import { useI18n } from '../../../i18n/i18n-context';
import { apiClient } from '../../../lib/api-client';
import { replaceQueryData } from '../../../lib/query-client';
import { cartQueryKeyIn } from './get-cart';

/** Spec 7: POST /orders/cart/add; the API answers with the whole updated bag, in `locale`. */
export function addToCartLine(input: AddToCartInput, locale: Locale = 'en'): Promise<Cart> {
  return apiClient.post<Cart>('/orders/cart/add', input, {
    query: { lang: contentLang(locale) },
  });
}

export function useAddToCartLine() {
  const queryClient = useQueryClient();
  const { locale } = useI18n();
  return useMutation({
    mutationFn: (input: AddToCartInput) => addToCartLine(input, locale),
    onSuccess: (cart) => replaceQueryData(queryClient, cartQueryKeyIn(locale), cart),
  });
}
