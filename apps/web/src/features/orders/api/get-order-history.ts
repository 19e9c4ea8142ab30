import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale, OrderView } from '@marketplace/shared';
import { contentLang, localeKeyPart } from '../../../i18n/content-language';
import { useI18n } from '../../../i18n/i18n-context';
import { apiClient } from '../../../lib/api-client';

/**
 * Spec 7: GET /orders/history, the signed-in shopper's placed orders, each line named in
 * `locale` as it was bought (decision 030).
 */
export function getOrderHistory(signal?: AbortSignal, locale: Locale = 'en'): Promise<OrderView[]> {
  return apiClient.get<OrderView[]>('/orders/history', {
    query: { lang: contentLang(locale) },
    signal,
  });
}

/** Placing an order (features/checkout) invalidates this key (every language's). */
export const orderHistoryQueryKey = ['orders'] as const;

export function orderHistoryQueryOptions(locale: Locale = 'en') {
  return queryOptions({
    queryKey: [...orderHistoryQueryKey, ...localeKeyPart(locale)],
    queryFn: ({ signal }) => getOrderHistory(signal, locale),
  });
}

export function useOrderHistory() {
  const { locale } = useI18n();
  return useQuery(orderHistoryQueryOptions(locale));
}
