import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreditApplication, CreditApplicationInput } from '@pitstop/core/credit';
import { apiPost } from '@/lib/api-client';
import { creditKeys } from './credit-query-keys';

/** POST /api/credit-applications (Bearer): 201 with the stored application; 400 names a field. */
export function applyForCredit(input: CreditApplicationInput): Promise<CreditApplication> {
  return apiPost<CreditApplication>('/credit-applications', input);
}

export function useApplyForCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyForCredit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditKeys.mine() }),
  });
}
