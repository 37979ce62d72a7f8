import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { fitmentKeys } from './fitment-query-keys';
import { VEHICLE_LIST_STALE_TIME } from './get-vehicle-years';

/** GET /api/vehicles/makes?year=: the makes with parts for that model year. */
export function getVehicleMakes(year: number, signal?: AbortSignal): Promise<string[]> {
  return apiGet<string[]>('/vehicles/makes', { params: { year }, signal });
}

export function getVehicleMakesQueryOptions(year: number) {
  return queryOptions({
    queryKey: fitmentKeys.makes(year),
    queryFn: ({ signal }) => getVehicleMakes(year, signal),
    staleTime: VEHICLE_LIST_STALE_TIME,
  });
}

/** The makes for a year; nothing is asked until a year is chosen. */
export function useVehicleMakes(year: number | null) {
  return useQuery({ ...getVehicleMakesQueryOptions(year ?? 0), enabled: year !== null });
}
