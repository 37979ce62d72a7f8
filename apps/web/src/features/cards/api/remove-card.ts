import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedCards } from '@pitstop/core/saved-cards';
import { apiDelete } from '@/lib/api-client';
import { savedCardsKeys } from '@/lib/saved-cards';

/** DELETE /api/cards/:id (Bearer): 204; another customer's card (or an unknown one) is 404. */
export function removeCard(id: string): Promise<void> {
  return apiDelete<void>(`/cards/${encodeURIComponent(id)}`);
}

/** Removes a saved card: it leaves the list at once, and 1-Click's readiness is asked again. */
export function useRemoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCard,
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<SavedCards>(savedCardsKeys.all, (data) =>
        data ? { ...data, cards: data.cards.filter((card) => card.id !== id) } : data,
      );
      return queryClient.invalidateQueries({ queryKey: savedCardsKeys.all });
    },
  });
}
