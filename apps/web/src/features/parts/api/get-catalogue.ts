import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getParts } from './get-parts';
import { partsKeys } from './parts-query-keys';

/** Rows per page of the admin's catalogue table. */
export const CATALOGUE_PAGE_SIZE = 50;

/** What the admin's table shows: a search, the low-stock view, a page. All from the URL. */
export interface CatalogueView {
  q?: string | undefined;
  low: boolean;
  page: number;
}

/**
 * One page of the admin's catalogue (GET /api/parts), newest first so a part just added is on
 * top. Searching, the low-stock filter and the count happen on the server: a catalogue of
 * 100,000 parts is never loaded into the browser.
 */
export function getCataloguePageQueryOptions(view: CatalogueView) {
  const params = {
    q: view.q,
    stock: view.low ? ('low' as const) : undefined,
    sort: 'newest' as const,
    limit: CATALOGUE_PAGE_SIZE,
    offset: (view.page - 1) * CATALOGUE_PAGE_SIZE,
  };
  return queryOptions({
    queryKey: partsKeys.catalogue(params),
    queryFn: ({ signal }) => getParts({ ...params, signal }),
    staleTime: 0,
    // The rows of the page before stay up while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useCataloguePage(view: CatalogueView) {
  return useQuery(getCataloguePageQueryOptions(view));
}
