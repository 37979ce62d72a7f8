import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartDetail } from '@pitstop/core/parts';
import { apiGet } from '@/lib/api-client';
import { partsKeys } from './parts-query-keys';

/**
 * GET /api/parts/:id: one part with its other numbers and, when another part replaces it, the end
 * of that chain of replacements (the page goes there); or an ApiError (404 when absent, 400 for a
 * malformed id).
 */
export function getPart(id: string, signal?: AbortSignal): Promise<PartDetail> {
  return apiGet<PartDetail>(`/parts/${encodeURIComponent(id)}`, { signal });
}

export function getPartQueryOptions(id: string) {
  return queryOptions({
    queryKey: partsKeys.detail(id),
    queryFn: ({ signal }) => getPart(id, signal),
  });
}

export function usePart(id: string) {
  // An answer the server rendered stands, a "not found" included: asking again on mount would
  // turn the page the server sent (with its 404) into a skeleton before the same answer returns.
  return useQuery({ ...getPartQueryOptions(id), retryOnMount: false });
}
