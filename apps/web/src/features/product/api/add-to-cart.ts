import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddedToCart, Locale } from '@marketplace/shared';
import { contentLang, localeKeyPart } from '../../../i18n/content-language';
import { useI18n } from '../../../i18n/i18n-context';
import { apiClient } from '../../../lib/api-client';
import { replaceQueryData } from '../../../lib/query-client';

/** Spec 7: POST /orders/cart/add; the API answers with the whole updated bag. */
export interface AddToCartInput {
  itemId: number;
  itemOptionId: number;
  quantity: number;
}

/**
 * The bag comes back with its product names in `locale` (decision 030), and a `notice` when only
 * what was left could be added (issue 39.22).
 */
export function addToCart(input: AddToCartInput, locale: Locale = 'en'): Promise<AddedToCart> {
  return apiClient.post<AddedToCart>('/orders/cart/add', input, {
    query: { lang: contentLang(locale) },
  });
}

/**
 * The bag's query key in a language. Features never import each other, so it is repeated here:
 * the bag feature reads GET /orders/cart under ['cart'] (and ['cart', locale] on French pages).
 */
const cartQueryKey = (locale: Locale) => ['cart', ...localeKeyPart(locale)] as const;

export function useAddToCart() {
  const queryClient = useQueryClient();
  const { locale } = useI18n();
  return useMutation({
    mutationFn: (input: AddToCartInput) => addToCart(input, locale),
    // The answer is the bag as the write left it: no second request to read it again.
    onSuccess: ({ notice: _notice, ...cart }) =>
      replaceQueryData(queryClient, cartQueryKey(locale), cart),
  });
}
