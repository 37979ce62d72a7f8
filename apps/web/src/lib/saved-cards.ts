import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedCards } from '@pitstop/core/saved-cards';
import { apiGet } from './api-client';

/*
 * The customer's saved cards and 1-Click state. In lib, not in a feature: the profile's cards
 * (features/cards) and the 1-Click button (features/one-click) both read it, and a feature never
 * imports another.
 */

/** The one place its query key is spelled: adding, removing a card and the 1-Click switch invalidate it. */
export const savedCardsKeys = {
  all: ['saved-cards'] as const,
};

/** GET /api/cards (Bearer): the caller's cards, newest first, and whether 1-Click is on and ready. */
export function getSavedCards(signal?: AbortSignal): Promise<SavedCards> {
  return apiGet<SavedCards>('/cards', { signal });
}

export function getSavedCardsQueryOptions() {
  return queryOptions({
    queryKey: savedCardsKeys.all,
    queryFn: ({ signal }) => getSavedCards(signal),
    // 1-Click's readiness also follows the address book (a default address), changed elsewhere:
    // asked again on each screen that shows it.
    staleTime: 0,
  });
}

export function useSavedCards({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSavedCardsQueryOptions(), enabled });
}
