import { queryOptions, useQuery } from '@tanstack/react-query';
import { diagramsApi } from '@pitstop/core/diagram-api-paths';
import type { DiagramBike } from '@pitstop/core/diagram-paths';
import type { AssemblyDetail } from '@pitstop/core/diagrams';
import { apiGet } from '@/lib/api-client';
import { clientPath, diagramsKeys } from './diagrams-query-keys';

/** GET /api/diagrams/:make/:model/:year/:slug: the drawing, its callouts and their parts. */
export function getAssemblyQueryOptions(bike: DiagramBike, slug: string) {
  return queryOptions({
    queryKey: diagramsKeys.assembly(bike, slug),
    queryFn: ({ signal }) => apiGet<AssemblyDetail>(clientPath(diagramsApi.assembly(bike, slug)), { signal }),
  });
}

export function useAssembly(bike: DiagramBike, slug: string) {
  return useQuery({ ...getAssemblyQueryOptions(bike, slug), retryOnMount: false });
}
