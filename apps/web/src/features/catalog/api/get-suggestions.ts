import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale, Suggestion } from '@marketplace/shared';
import { contentLang, localeKeyPart } from '../../../i18n/content-language';
import { useI18n } from '../../../i18n/i18n-context';
import { apiClient } from '../../../lib/api-client';

/**
 * The search box's suggestions for the text typed so far (issue 13); products named in
 * `locale` where their brands wrote it (decision 030).
 */
export function getSuggestions(
  text: string,
  signal?: AbortSignal,
  locale: Locale = 'en',
): Promise<Suggestion[]> {
  return apiClient.get<Suggestion[]>('/item/public/suggest', {
    query: { q: text, lang: contentLang(locale) },
    signal,
  });
}

export const suggestionsQueryKey = (text: string, locale: Locale = 'en') =>
  ['catalog', 'suggest', text.toLowerCase(), ...localeKeyPart(locale)] as const;

export function suggestionsQueryOptions(text: string, locale: Locale = 'en') {
  return queryOptions({
    queryKey: suggestionsQueryKey(text, locale),
    queryFn: ({ signal }) => getSuggestions(text, signal, locale),
    // Typing back over the same letters reuses the answers for a minute.
    staleTime: 60_000,
  });
}

/** Nothing is asked for an empty box. */
export function useSuggestions(text: string) {
  const { locale } = useI18n();
  return useQuery({ ...suggestionsQueryOptions(text, locale), enabled: text.length > 0 });
}
