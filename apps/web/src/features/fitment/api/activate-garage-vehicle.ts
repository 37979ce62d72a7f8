import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GarageVehicle } from '@pitstop/core/fitment';
import { apiPut } from '@/lib/api-client';
import { fitmentKeys } from './fitment-query-keys';

/** PUT /api/garage/:id/active: that bike becomes the one the shop fits parts to. */
export function activateGarageVehicle(id: string): Promise<GarageVehicle[]> {
  return apiPut<GarageVehicle[]>(`/garage/${encodeURIComponent(id)}/active`);
}

export function useActivateGarageVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateGarageVehicle,
    onSuccess: (garage) => queryClient.setQueryData(fitmentKeys.garage(), garage),
  });
}
