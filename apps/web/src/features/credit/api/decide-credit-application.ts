import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreditApplication, CreditDecision } from '@pitstop/core/credit';
import { apiPatch } from '@/lib/api-client';
import { creditKeys } from './credit-query-keys';

/** PATCH /api/credit-applications/:id (admins): approve with a limit in dollars, or decline. */
export function decideCreditApplication(id: string, decision: CreditDecision): Promise<CreditApplication> {
  return apiPatch<CreditApplication>(`/credit-applications/${encodeURIComponent(id)}`, decision);
}

export function useDecideCreditApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: CreditDecision }) =>
      decideCreditApplication(id, decision),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditKeys.applicationLists() }),
  });
}
