import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliverySettings } from '@pitstop/core/delivery-promise';
import { apiPut } from '@/lib/api-client';
import { deliveryKeys } from './delivery-query-keys';
import type { DeliverySettingsAnswer } from './get-delivery-settings';

/** PUT /api/admin/settings/delivery (admins): answers the settings as saved. */
export function saveDeliverySettings(settings: DeliverySettings): Promise<DeliverySettings> {
  return apiPut<DeliverySettings>('/admin/settings/delivery', settings);
}

export function useSaveDeliverySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDeliverySettings,
    onSuccess: (saved) => {
      queryClient.setQueryData<DeliverySettingsAnswer>(deliveryKeys.settings(), (old) => ({
        settings: saved,
        clockOffsetMs: old?.clockOffsetMs ?? 0,
      }));
    },
  });
}
