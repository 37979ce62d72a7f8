import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Return } from '@pitstop/core/order-detail';
import type { ReceiveReturnInput } from '@pitstop/core/returns';
import { apiPost } from '@/lib/api-client';
import { returnsKeys } from './returns-query-keys';

/** What an admin does to a return: approve it, decline it with a reason, or receive it. */
export type ReturnAction =
  { kind: 'approve' } | { kind: 'decline'; reason: string } | ({ kind: 'receive' } & ReceiveReturnInput);

/** POST /api/returns/:id/approve | decline | receive (admins). */
export function actOnReturn(id: string, action: ReturnAction): Promise<Return> {
  const path = `/returns/${encodeURIComponent(id)}/${action.kind}`;
  switch (action.kind) {
    case 'approve':
      return apiPost<Return>(path);
    case 'decline':
      return apiPost<Return>(path, { reason: action.reason });
    case 'receive':
      return apiPost<Return>(path, { restock: action.restock });
  }
}

/**
 * One mutation for the three actions: the Returns queue is refreshed after each, and `onChanged`
 * lets the screen refresh what else shows the return (the admin's order page).
 */
export function useReturnAction(onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ReturnAction }) => actOnReturn(id, action),
    onSuccess: async () => {
      onChanged?.();
      await queryClient.invalidateQueries({ queryKey: returnsKeys.lists() });
    },
  });
}
