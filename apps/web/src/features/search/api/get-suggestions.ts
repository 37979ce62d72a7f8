import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Suggestions } from '@pitstop/core/parts';
import { SUGGEST_MIN_CHARS } from '@pitstop/core/search';
import { apiGet } from '@/lib/api-client';
import { searchKeys } from './search-query-keys';

/** GET /api/search/suggest?q=: a few parts and bikes for what has been typed so far. */
export function getSuggestions(q: string, signal?: AbortSignal): Promise<Suggestions> {
  return apiGet<Suggestions>('/search/suggest', { params: { q }, signal });
}

/**
 * Keyed by the text, so an answer for "bra" that arrives after the one for "brak" stays in its
 * own entry and is never shown for "brak"; a request for text no longer wanted is aborted.
 */
export function getSuggestionsQueryOptions(q: string) {
  return queryOptions({
    queryKey: searchKeys.suggest(q),
    queryFn: ({ signal }) => getSuggestions(q, signal),
    enabled: q.length >= SUGGEST_MIN_CHARS,
    staleTime: 5 * 60_000,
    // The previous text's suggestions stay up while the next arrive, so the list does not flicker.
    placeholderData: keepPreviousData,
    // A missed suggestion is no reason to keep the server busy: the next keystroke asks again.
    retry: false,
  });
}

export function useSuggestions(q: string) {
  return useQuery(getSuggestionsQueryOptions(q));
}
