import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PARTS_WEB_PAGE } from '@pitstop/core/catalogue';
import { getParts } from './get-parts';
import { toApiParams, type PartFilters } from './part-filters';
import { partsKeys } from './parts-query-keys';

/** One numbered page of the /parts view (search, bike, facets, sort and page from the URL). */
export function getPartsPageQueryOptions(filters: PartFilters, pageSize = PARTS_WEB_PAGE) {
  const { page = 1, sort, ...rest } = filters;
  const offset = (page - 1) * pageSize;
  return queryOptions({
    queryKey: partsKeys.list({ ...filters, limit: pageSize, offset }),
    queryFn: ({ signal }) => getParts({ ...toApiParams(rest), sort, limit: pageSize, offset, signal }),
    // The last page stays on screen while the next loads, so paging and filtering never blank it.
    placeholderData: keepPreviousData,
  });
}

export function usePartsPage(filters: PartFilters, pageSize = PARTS_WEB_PAGE) {
  return useQuery(getPartsPageQueryOptions(filters, pageSize));
}
