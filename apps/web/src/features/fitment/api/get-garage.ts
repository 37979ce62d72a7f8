import { queryOptions } from '@tanstack/react-query';
import type { GarageVehicle } from '@pitstop/core/fitment';
import { apiGet } from '@/lib/api-client';
import { fitmentKeys } from './fitment-query-keys';

/** GET /api/garage (signed in): the saved bikes, active first. */
export function getGarage(signal?: AbortSignal): Promise<GarageVehicle[]> {
  return apiGet<GarageVehicle[]>('/garage', { signal });
}

/**
 * The hook that reads it is useGarage() (hooks/use-garage.ts): it decides between this and the
 * browser's garage, so no screen has to know whether the visitor is signed in.
 */
export function getGarageQueryOptions() {
  return queryOptions({
    queryKey: fitmentKeys.garage(),
    queryFn: ({ signal }) => getGarage(signal),
  });
}
