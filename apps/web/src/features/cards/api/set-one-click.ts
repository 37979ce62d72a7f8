import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedCards } from '@pitstop/core/saved-cards';
import { apiPut } from '@/lib/api-client';
import { savedCardsKeys } from '@/lib/saved-cards';

/** PUT /api/me/one-click (Bearer) {enabled}: 1-Click on or off for the caller. */
export function setOneClick(enabled: boolean): Promise<SavedCards | undefined> {
  return apiPut<SavedCards | undefined>('/me/one-click', { enabled });
}

/** Turns 1-Click on or off; the cards' query (which the button reads) follows. */
export function useSetOneClick() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOneClick,
    onSuccess: (answer, enabled) => {
      queryClient.setQueryData<SavedCards>(savedCardsKeys.all, (data) =>
        answer && 'cards' in answer ? answer : data ? { ...data, oneClickEnabled: enabled } : data,
      );
      return queryClient.invalidateQueries({ queryKey: savedCardsKeys.all });
    },
  });
}
