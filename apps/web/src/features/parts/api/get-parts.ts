import { queryOptions, useQuery } from '@tanstack/react-query';
import { HOME_PARTS, TOTAL_COUNT_HEADER } from '@pitstop/core/catalogue';
import { OTHER_BIKES_TOTAL_HEADER } from '@pitstop/core/header-search';
import type { Part } from '@pitstop/core/parts';
import { apiRequest } from '@/lib/api-client';
// Types only: the home page loads this file, and the /parts view's code stays in its own chunk.
import type { PartsApiParams } from './part-filters';
import { partsKeys } from './parts-query-keys';

export interface PartsPage {
  parts: Part[];
  /** Every part matching the filters, from the X-Total-Count header. */
  total: number;
  offset: number;
  /**
   * A bike's search that found nothing: how many parts it finds for every bike (the
   * X-Total-Other-Bikes header); null otherwise.
   */
  otherBikesTotal: number | null;
}

export interface GetPartsParams extends PartsApiParams {
  limit: number;
  offset: number;
  signal?: AbortSignal | undefined;
}

/** GET /api/parts: one page of parts plus the total that matches. */
export async function getParts({ signal, ...params }: GetPartsParams): Promise<PartsPage> {
  const { data, headers } = await apiRequest<Part[]>('/parts', { params, signal });
  const header = Number(headers.get(TOTAL_COUNT_HEADER));
  // Without the header, assume this page is the last one rather than inventing more pages.
  const total =
    Number.isFinite(header) && headers.has(TOTAL_COUNT_HEADER) ? header : params.offset + data.length;
  const others = headers.get(OTHER_BIKES_TOTAL_HEADER);
  const otherBikesTotal = others !== null && /^\d+$/.test(others) ? Number(others) : null;
  return { parts: data, total, offset: params.offset, otherBikesTotal };
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
