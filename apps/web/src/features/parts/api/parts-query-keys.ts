import type { FacetFilters, PartFilters } from './part-filters';

/** The one place parts query keys are spelled, so invalidations always match the queries. */
export const partsKeys = {
  all: ['parts'] as const,
  lists: () => [...partsKeys.all, 'list'] as const,
  list: (params: { limit: number; offset: number } & PartFilters) => [...partsKeys.lists(), params] as const,
  /** Facet counts under a set of filters (GET /api/parts/facets). */
  facets: (filters: FacetFilters) => [...partsKeys.all, 'facets', filters] as const,
  /** Pages of the admin's catalogue table. */
  catalogues: () => [...partsKeys.all, 'catalogue'] as const,
  catalogue: (params: object) => [...partsKeys.catalogues(), params] as const,
  details: () => [...partsKeys.all, 'detail'] as const,
  detail: (id: string) => [...partsKeys.details(), id] as const,
};
