import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Part } from '@pitstop/core/parts';
import { apiGet } from '@/lib/api-client';
import { partsKeys } from './parts-query-keys';

/** GET /api/parts/:id: one part, or an ApiError (404 when absent, 400 for a malformed id). */
export function getPart(id: string, signal?: AbortSignal): Promise<Part> {
  return apiGet<Part>(`/parts/${encodeURIComponent(id)}`, { signal });
}

export function getPartQueryOptions(id: string) {
  return queryOptions({
    queryKey: partsKeys.detail(id),
    queryFn: ({ signal }) => getPart(id, signal),
  });
}

export function usePart(id: string) {
  return useQuery(getPartQueryOptions(id));
}
