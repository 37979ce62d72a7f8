import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Brand } from '@pitstop/core/brands';
import { apiGet } from '@/lib/api-client';
import { brandsKeys } from './brands-query-keys';

/** GET /api/brands: every brand, by name, with its part count. */
export function getBrands(signal?: AbortSignal): Promise<Brand[]> {
  return apiGet<Brand[]>('/brands', { signal });
}

export function getBrandsQueryOptions() {
  return queryOptions({
    queryKey: brandsKeys.list(),
    queryFn: ({ signal }) => getBrands(signal),
  });
}

export function useBrands() {
  return useQuery(getBrandsQueryOptions());
}
