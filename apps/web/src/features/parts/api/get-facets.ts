import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PartFacets } from '@pitstop/core/parts';
import { apiGet } from '@/lib/api-client';
import { toApiParams, type FacetFilters } from './part-filters';
import { partsKeys } from './parts-query-keys';

/** GET /api/parts/facets: brand, category, price and stock counts under the other filters. */
export function getFacets(filters: FacetFilters, signal?: AbortSignal): Promise<PartFacets> {
  return apiGet<PartFacets>('/parts/facets', { params: toApiParams(filters), signal });
}

export function getFacetsQueryOptions(filters: FacetFilters) {
  return queryOptions({
    queryKey: partsKeys.facets(filters),
    queryFn: ({ signal }) => getFacets(filters, signal),
    // Old counts stay (dimmed) while new ones load, so the sidebar does not jump.
    placeholderData: keepPreviousData,
  });
}

export function usePartFacets(filters: FacetFilters) {
  return useQuery(getFacetsQueryOptions(filters));
}
