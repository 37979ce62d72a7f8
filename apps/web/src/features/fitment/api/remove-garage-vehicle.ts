import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GarageVehicle } from '@pitstop/core/fitment';
import { apiDelete } from '@/lib/api-client';
import { fitmentKeys } from './fitment-query-keys';

/** DELETE /api/garage/:id: the garage without that bike. */
export function removeGarageVehicle(id: string): Promise<GarageVehicle[]> {
  return apiDelete<GarageVehicle[]>(`/garage/${encodeURIComponent(id)}`);
}

export function useRemoveGarageVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGarageVehicle,
    onSuccess: (garage) => queryClient.setQueryData(fitmentKeys.garage(), garage),
  });
}
