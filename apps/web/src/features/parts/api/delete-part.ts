import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Part } from '@pitstop/core/parts';
import { apiDelete } from '@/lib/api-client';
import { optimisticRemoval, type ListShape } from '@/lib/optimistic-removal';
import type { PartsPage } from './get-parts';
import { partsKeys } from './parts-query-keys';

/** DELETE /api/parts/:id (admins). Orders keep their own copy of the part's name and price. */
export function deletePart(id: string): Promise<{ deletedCount: number }> {
  return apiDelete<{ deletedCount: number }>(`/parts/${encodeURIComponent(id)}`);
}

const deletePartMutationKey = [...partsKeys.all, 'delete'] as const;

const partsPageShape: ListShape<PartsPage, Part> = {
  rows: (page) => page.parts,
  withRows: (page, parts, change) => ({ ...page, parts, total: page.total + change }),
};

/**
 * Removes the row from the admin's catalogue pages at once; a refusal puts it back. Everything
 * about parts is refetched once the last delete settles (the shop's lists and pages too).
 */
export function useDeletePart() {
  const queryClient = useQueryClient();
  return useMutation(
    optimisticRemoval(queryClient, {
      mutationKey: deletePartMutationKey,
      remove: (part: Part) => deletePart(part._id),
      queryKey: partsKeys.catalogues(),
      shape: partsPageShape,
      invalidateKey: partsKeys.all,
    }),
  );
}
