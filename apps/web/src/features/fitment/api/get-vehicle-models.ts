import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleModel } from '@pitstop/core/fitment';
import { apiGet } from '@/lib/api-client';
import { fitmentKeys } from './fitment-query-keys';
import { VEHICLE_LIST_STALE_TIME } from './get-vehicle-years';

/** GET /api/vehicles/models?year=&make=: the models with parts for that year and make. */
export function getVehicleModels(year: number, make: string, signal?: AbortSignal): Promise<VehicleModel[]> {
  return apiGet<VehicleModel[]>('/vehicles/models', { params: { year, make }, signal });
}

export function getVehicleModelsQueryOptions(year: number, make: string) {
  return queryOptions({
    queryKey: fitmentKeys.models(year, make),
    queryFn: ({ signal }) => getVehicleModels(year, make, signal),
    staleTime: VEHICLE_LIST_STALE_TIME,
  });
}

/** The models for a year and make; nothing is asked until both are chosen. */
export function useVehicleModels(year: number | null, make: string) {
  return useQuery({
    ...getVehicleModelsQueryOptions(year ?? 0, make),
    enabled: year !== null && make !== '',
  });
}
