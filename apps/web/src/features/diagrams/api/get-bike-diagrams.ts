import { queryOptions, useQuery } from '@tanstack/react-query';
import { diagramsApi } from '@pitstop/core/diagram-api-paths';
import type { DiagramBike } from '@pitstop/core/diagram-paths';
import type { BikeDiagrams } from '@pitstop/core/diagrams';
import { apiGet } from '@/lib/api-client';
import { clientPath, diagramsKeys } from './diagrams-query-keys';

/** GET /api/diagrams/:make/:model/:year: the bike (as the shop spells it) and its assemblies. */
export function getBikeDiagramsQueryOptions(bike: DiagramBike) {
  return queryOptions({
    queryKey: diagramsKeys.bike(bike),
    queryFn: ({ signal }) => apiGet<BikeDiagrams>(clientPath(diagramsApi.bike(bike)), { signal }),
  });
}

export function useBikeDiagrams(bike: DiagramBike) {
  // The server's answer stands, a 404 included (as the part page's does).
  return useQuery({ ...getBikeDiagramsQueryOptions(bike), retryOnMount: false });
}
