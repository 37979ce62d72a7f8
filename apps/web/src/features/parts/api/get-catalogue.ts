import { queryOptions, useQuery } from '@tanstack/react-query';
import { PARTS_PAGE_MAX } from '@pitstop/core/catalogue';
import type { Part } from '@pitstop/core/parts';
import { getParts } from './get-parts';
import { partsKeys } from './parts-query-keys';

/** More pages than any shop of ours will have: stops a server that misreports its total. */
const MAX_PAGES = 50;

/**
 * The whole catalogue for the admin's table, read 100 at a time (GET /api/parts). The shop
 * carries hundreds of parts, not millions: one list lets the low-stock filter and sort run here.
 */
export async function getCatalogue(signal?: AbortSignal): Promise<Part[]> {
  const parts: Part[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await getParts({ limit: PARTS_PAGE_MAX, offset: parts.length, signal });
    parts.push(...result.parts);
    if (result.parts.length === 0 || parts.length >= result.total) break;
  }
  return parts;
}

export function getCatalogueQueryOptions() {
  return queryOptions({
    queryKey: partsKeys.catalogue(),
    queryFn: ({ signal }) => getCatalogue(signal),
    staleTime: 0,
  });
}

export function useCatalogue() {
  return useQuery(getCatalogueQueryOptions());
}
