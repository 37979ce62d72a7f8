import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Part } from '@pitstop/core/parts';
import { apiGet } from '@/lib/api-client';
import { fitmentKeys } from './fitment-query-keys';

export type FitmentRow = Part['fitment'][number];

/**
 * GET /api/parts/:id/fitment: every bike a part fits. The part page reads the rows the part
 * itself carries; this is for screens that hold only a part's id (e.g. a search suggestion).
 */
export function getPartFitment(partId: string, signal?: AbortSignal): Promise<FitmentRow[]> {
  return apiGet<FitmentRow[]>(`/parts/${encodeURIComponent(partId)}/fitment`, { signal });
}

export function getPartFitmentQueryOptions(partId: string) {
  return queryOptions({
    queryKey: fitmentKeys.partFitment(partId),
    queryFn: ({ signal }) => getPartFitment(partId, signal),
  });
}

export function usePartFitment(partId: string) {
  return useQuery(getPartFitmentQueryOptions(partId));
}
