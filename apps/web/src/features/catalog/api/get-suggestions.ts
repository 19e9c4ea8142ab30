import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Suggestion } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

/** The search box's suggestions for the text typed so far (issue 13). */
export function getSuggestions(text: string, signal?: AbortSignal): Promise<Suggestion[]> {
  return apiClient.get<Suggestion[]>('/item/public/suggest', { query: { q: text }, signal });
}

export const suggestionsQueryKey = (text: string) =>
  ['catalog', 'suggest', text.toLowerCase()] as const;

export function suggestionsQueryOptions(text: string) {
  return queryOptions({
    queryKey: suggestionsQueryKey(text),
    queryFn: ({ signal }) => getSuggestions(text, signal),
    // Typing back over the same letters reuses the answers for a minute.
    staleTime: 60_000,
  });
}

/** Nothing is asked for an empty box. */
export function useSuggestions(text: string) {
  return useQuery({ ...suggestionsQueryOptions(text), enabled: text.length > 0 });
}
