import { useMutation } from '@tanstack/react-query';
import type { CheckoutBody, CheckoutSession, Locale } from '@marketplace/shared';
import { contentLang } from '../../../i18n/content-language';
import { useI18n } from '../../../i18n/i18n-context';
import { apiClient } from '../../../lib/api-client';

/**
 * Spec 7: the cart page's POST /orders/checkout with its return pages; the answer says where to
 * pay. In `locale`: a 409 names the products the bag can no longer sell as the bag names them.
 */
export function startCheckout(body: CheckoutBody, locale: Locale = 'en'): Promise<CheckoutSession> {
  return apiClient.post<CheckoutSession>('/orders/checkout', body, {
    query: { lang: contentLang(locale) },
  });
}

export function useStartCheckout() {
  const { locale } = useI18n();
  return useMutation({ mutationFn: (body: CheckoutBody) => startCheckout(body, locale) });
}
