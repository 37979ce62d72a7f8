import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { diagramsApi } from '@pitstop/core/diagram-api-paths';
import type { DiagramBike } from '@pitstop/core/diagram-paths';
import type { PartDiagramLink } from '@pitstop/core/diagrams';
import { apiGet } from '@/lib/api-client';
import { clientPath, diagramsKeys } from './diagrams-query-keys';

/**
 * GET /api/diagrams/parts/:id: the diagrams a part is on, each linked for the rider's bike when
 * it is on that bike's diagrams. The server renders it for no bike (the rider's bike lives in the
 * browser), so the link is in the page from the start; once the bike is known the answer for it
 * replaces that one in place, keeping the old meanwhile, so nothing below it moves.
 */
export function usePartDiagrams(partId: string, bike: DiagramBike | null) {
  return useQuery({
    queryKey: diagramsKeys.forPart(partId, bike),
    queryFn: ({ signal }) =>
      apiGet<PartDiagramLink[]>(clientPath(diagramsApi.forPart(partId, bike ?? undefined)), { signal }),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
