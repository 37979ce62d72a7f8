import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { fitmentKeys } from './fitment-query-keys';

/** The bike list changes only when the catalogue does: keep it for the visit. */
export const VEHICLE_LIST_STALE_TIME = 30 * 60_000;

/** GET /api/vehicles/years: model years that have parts, newest first. */
export function getVehicleYears(signal?: AbortSignal): Promise<number[]> {
  return apiGet<number[]>('/vehicles/years', { signal });
}

export function getVehicleYearsQueryOptions() {
  return queryOptions({
    queryKey: fitmentKeys.years(),
    queryFn: ({ signal }) => getVehicleYears(signal),
    staleTime: VEHICLE_LIST_STALE_TIME,
  });
}

export function useVehicleYears() {
  return useQuery(getVehicleYearsQueryOptions());
}
