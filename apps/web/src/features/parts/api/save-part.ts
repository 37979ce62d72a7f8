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

/** Creates (no id) or updates a part; every cached parts list and the part itself are stale after. */
export function useSavePart(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PartInput): Promise<PartDetail | { insertedId: string }> =>
      id ? updatePart(id, input) : createPart(input),
    onSuccess: (answer) => {
      if (id && '_id' in answer) queryClient.setQueryData(partsKeys.detail(id), answer);
      return queryClient.invalidateQueries({ queryKey: partsKeys.all });
    },
  });
}
