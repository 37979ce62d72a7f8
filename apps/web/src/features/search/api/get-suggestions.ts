import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@pitstop/core/fitment';
import type { Suggestions } from '@pitstop/core/parts';
import { SUGGEST_MIN_CHARS } from '@pitstop/core/search';
import { apiGet } from '@/lib/api-client';
import { searchKeys } from './search-query-keys';

/**
 * GET /api/search/suggest?q=: a few parts and bikes for what has been typed so far; with the
 * rider's bike, the parts that fit it first, each saying whether it fits.
 */
export function getSuggestions(
  q: string,
  vehicle: Vehicle | null,
  signal?: AbortSignal,
): Promise<Suggestions> {
  const bike = vehicle ? { year: vehicle.year, make: vehicle.make, model: vehicle.model } : {};
  return apiGet<Suggestions>('/search/suggest', { params: { q, ...bike }, signal });
}

/**
 * Keyed by the text and the bike, so an answer for "bra" that arrives after the one for "brak"
 * stays in its own entry and is never shown for "brak", nor one bike's marks for another; a
 * request for text no longer wanted is aborted.
 */
export function getSuggestionsQueryOptions(q: string, vehicle: Vehicle | null = null) {
  return queryOptions({
    queryKey: searchKeys.suggest(q, vehicle),
    queryFn: ({ signal }) => getSuggestions(q, vehicle, signal),
    enabled: q.length >= SUGGEST_MIN_CHARS,
    staleTime: 5 * 60_000,
    // The previous text's suggestions stay up while the next arrive, so the list does not flicker.
    placeholderData: keepPreviousData,
    // A missed suggestion is no reason to keep the server busy: the next keystroke asks again.
    retry: false,
  });
}

export function useSuggestions(q: string, vehicle: Vehicle | null = null) {
  return useQuery(getSuggestionsQueryOptions(q, vehicle));
}
