import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Part } from '@pitstop/core/parts';
import { apiDelete } from '@/lib/api-client';
import { partsKeys } from './parts-query-keys';

/** DELETE /api/parts/:id (admins). Orders keep their own copy of the part's name and price. */
export function deletePart(id: string): Promise<{ deletedCount: number }> {
  return apiDelete<{ deletedCount: number }>(`/parts/${encodeURIComponent(id)}`);
}

const deletePartMutationKey = [...partsKeys.all, 'delete'] as const;

interface DeleteContext {
  removed: Part | undefined;
  index: number;
}

/** Removes the row from the admin's catalogue at once; a refusal puts it back where it was. */
export function useDeletePart() {
  const queryClient = useQueryClient();
  const queryKey = partsKeys.catalogue();
  return useMutation({
    mutationKey: deletePartMutationKey,
    mutationFn: (part: Part) => deletePart(part._id),
    onMutate: async (part): Promise<DeleteContext> => {
      await queryClient.cancelQueries({ queryKey });
      const current = queryClient.getQueryData<Part[]>(queryKey) ?? [];
      const index = current.findIndex((p) => p._id === part._id);
      queryClient.setQueryData<Part[]>(queryKey, (parts) => parts?.filter((p) => p._id !== part._id));
      return { removed: index >= 0 ? current[index] : undefined, index };
    },
    onError: (_error, _part, context) => {
      const removed = context?.removed;
      if (!removed) return;
      queryClient.setQueryData<Part[]>(queryKey, (parts = []) => {
        if (parts.some((p) => p._id === removed._id)) return parts;
        const next = [...parts];
        next.splice(Math.min(context.index, next.length), 0, removed);
        return next;
      });
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: deletePartMutationKey }) === 1) {
        return queryClient.invalidateQueries({ queryKey: partsKeys.all });
      }
      return undefined;
    },
  });
}
