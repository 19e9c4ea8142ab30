import { queryOptions, useQuery } from '@tanstack/react-query';
import type { City, Locale, Suggestion } from '@marketplace/shared';
import { useSelectedCity } from '../../../hooks/use-selected-city';
import { contentLang, localeKeyPart } from '../../../i18n/content-language';
import { useI18n } from '../../../i18n/i18n-context';
import { apiClient } from '../../../lib/api-client';

/**
 * The search box's suggestions for the text typed so far (issue 13), of the shopper's city as
 * the search that follows (issue 39.6); products named in `locale` where their brands wrote it
 * (decision 030).
 */
export function getSuggestions(
  text: string,
  signal?: AbortSignal,
  locale: Locale = 'en',
  city?: City,
): Promise<Suggestion[]> {
  return apiClient.get<Suggestion[]>('/item/public/suggest', {
    query: { q: text, city, lang: contentLang(locale) },
    signal,
  });
}

export const suggestionsQueryKey = (text: string, locale: Locale = 'en', city?: City) =>
  ['catalog', 'suggest', city ?? 'all', text.toLowerCase(), ...localeKeyPart(locale)] as const;

export function suggestionsQueryOptions(text: string, locale: Locale = 'en', city?: City) {
  return queryOptions({
    queryKey: suggestionsQueryKey(text, locale, city),
    queryFn: ({ signal }) => getSuggestions(text, signal, locale, city),
    // Typing back over the same letters reuses the answers for a minute.
    staleTime: 60_000,
  });
}

/** Nothing is asked for an empty box. */
export function useSuggestions(text: string) {
  const { locale } = useI18n();
  const [city] = useSelectedCity();
  return useQuery({ ...suggestionsQueryOptions(text, locale, city), enabled: text.length > 0 });
}
