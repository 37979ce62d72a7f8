import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PartInput } from '@pitstop/core/admin';
import type { PartDetail } from '@pitstop/core/parts';
import { apiPost, apiPut } from '@/lib/api-client';
import { partsKeys } from './parts-query-keys';

/** POST /api/parts (admins): adds a part. */
export function createPart(input: PartInput): Promise<{ insertedId: string }> {
  return apiPost<{ insertedId: string }>('/parts', input);
}

/** PUT /api/parts/:id (admins): replaces a part's details; answers it as GET /api/parts/:id does. */
export function updatePart(id: string, input: PartInput): Promise<PartDetail> {
  return apiPut<PartDetail>(`/parts/${encodeURIComponent(id)}`, input);
}

/**
 * Creates (no id) or updates a part. Everything this browser read of the catalogue is stale
 * after: the lists and the part, and also what other features keep (the header's suggestions, a
 * part's numbers found by a search, diagrams naming it), which this feature does not name.
 */
export function useSavePart(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PartInput): Promise<PartDetail | { insertedId: string }> =>
      id ? updatePart(id, input) : createPart(input),
    onSuccess: (answer) => {
      if (id && '_id' in answer) queryClient.setQueryData(partsKeys.detail(id), answer);
      return queryClient.invalidateQueries();
    },
  });
}
