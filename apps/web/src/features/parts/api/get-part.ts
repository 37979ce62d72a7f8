import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartNumber } from '@pitstop/core/part-numbers';
import type { Part } from '@pitstop/core/parts';
import { apiGet } from '@/lib/api-client';
import { partsKeys } from './parts-query-keys';

/**
 * A part on its own page: with its other numbers (OEM, interchange, the numbers it replaces) and,
 * when another part replaces it, the end of that chain of replacements (the page goes there).
 */
export type PartDetail = Part & {
  numbers?: PartNumber[];
  supersededBy?: { _id: string; name: string; partNumber: string } | null;
};

/** GET /api/parts/:id: one part, or an ApiError (404 when absent, 400 for a malformed id). */
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
