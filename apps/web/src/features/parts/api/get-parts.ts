import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { HOME_PARTS, PARTS_WEB_PAGE, TOTAL_COUNT_HEADER } from '@pitstop/core/catalogue';
import type { Part } from '@pitstop/core/parts';
import { apiRequest } from '@/lib/api-client';
import type { PartFilters } from './part-filters';
import { partsKeys } from './parts-query-keys';

export interface PartsPage {
  parts: Part[];
  /** Every part matching the filters, from the X-Total-Count header. */
  total: number;
  offset: number;
}

export interface GetPartsParams extends PartFilters {
  limit: number;
  offset: number;
  signal?: AbortSignal | undefined;
}

/** GET /api/parts: one page of parts plus the total that matches. */
export async function getParts({ signal, ...params }: GetPartsParams): Promise<PartsPage> {
  const { data, headers } = await apiRequest<Part[]>('/parts', { params: { ...params }, signal });
  const header = Number(headers.get(TOTAL_COUNT_HEADER));
  // Without the header, assume this page is the last one rather than paging forever.
  const total =
    Number.isFinite(header) && headers.has(TOTAL_COUNT_HEADER) ? header : params.offset + data.length;
  return { parts: data, total, offset: params.offset };
}

/** The first parts of the catalogue, for the home page. */
export function getHomePartsQueryOptions() {
  const params = { limit: HOME_PARTS, offset: 0 };
  return queryOptions({
    queryKey: partsKeys.list(params),
    queryFn: ({ signal }) => getParts({ ...params, signal }),
  });
}

export function useHomeParts() {
  return useQuery(getHomePartsQueryOptions());
}

/** Index of the next page to ask for, or undefined when every part has been loaded. */
export function nextPartsOffset(lastPage: PartsPage): number | undefined {
  const next = lastPage.offset + lastPage.parts.length;
  return lastPage.parts.length > 0 && next < lastPage.total ? next : undefined;
}

export function getPartsInfiniteQueryOptions(filters: PartFilters, pageSize = PARTS_WEB_PAGE) {
  return infiniteQueryOptions({
    queryKey: partsKeys.infinite(filters),
    queryFn: ({ pageParam, signal }) => getParts({ ...filters, limit: pageSize, offset: pageParam, signal }),
    initialPageParam: 0,
    getNextPageParam: nextPartsOffset,
  });
}

export function useInfiniteParts(filters: PartFilters) {
  return useInfiniteQuery(getPartsInfiniteQueryOptions(filters));
}
