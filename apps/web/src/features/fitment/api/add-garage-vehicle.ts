import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GarageVehicle, Vehicle } from '@pitstop/core/fitment';
import { apiPost } from '@/lib/api-client';
import { fitmentKeys } from './fitment-query-keys';

/** POST /api/garage: saves the bike (or finds it already saved) and makes it the active one. */
export function addGarageVehicle({ year, make, model }: Vehicle): Promise<GarageVehicle[]> {
  return apiPost<GarageVehicle[]>('/garage', { year, make, model });
}

export function useAddGarageVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addGarageVehicle,
    // The answer is the whole garage. Set here, not in mutate(), so it lands even when the form
    // that asked has already navigated away.
    onSuccess: (garage) => queryClient.setQueryData(fitmentKeys.garage(), garage),
  });
}
