import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Part } from '@pitstop/core/parts';
import { apiDelete } from '@/lib/api-client';
import type { PartsPage } from './get-parts';
import { partsKeys } from './parts-query-keys';

/** DELETE /api/parts/:id (admins). Orders keep their own copy of the part's name and price. */
export function deletePart(id: string): Promise<{ deletedCount: number }> {
  return apiDelete<{ deletedCount: number }>(`/parts/${encodeURIComponent(id)}`);
}

const deletePartMutationKey = [...partsKeys.all, 'delete'] as const;

interface DeleteContext {
  pages: [QueryKey, PartsPage | undefined][];
}

/** Removes the row from the admin's catalogue pages at once; a refusal puts them back. */
export function useDeletePart() {
  const queryClient = useQueryClient();
  const queryKey = partsKeys.catalogues();
  return useMutation({
    mutationKey: deletePartMutationKey,
    mutationFn: (part: Part) => deletePart(part._id),
    onMutate: async (part): Promise<DeleteContext> => {
      await queryClient.cancelQueries({ queryKey });
      const pages = queryClient.getQueriesData<PartsPage>({ queryKey });
      queryClient.setQueriesData<PartsPage>({ queryKey }, (page) =>
        page && page.parts.some((p) => p._id === part._id)
          ? { ...page, parts: page.parts.filter((p) => p._id !== part._id), total: page.total - 1 }
          : page,
      );
      return { pages };
    },
    onError: (_error, _part, context) => {
      for (const [key, page] of context?.pages ?? []) queryClient.setQueryData(key, page);
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: deletePartMutationKey }) === 1) {
        return queryClient.invalidateQueries({ queryKey: partsKeys.all });
      }
      return undefined;
    },
  });
}
