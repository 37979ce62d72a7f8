import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliverySettings } from '@pitstop/core/delivery-promise';
import { apiRequest } from '@/lib/api-client';
import { deliveryKeys } from './delivery-query-keys';

export interface DeliverySettingsAnswer {
  settings: DeliverySettings;
  /**
   * How far the server's clock is ahead of this browser's (ms, from the answer's Date header, to
   * the second): a countdown to the shop's cut-off must not run on a visitor's wrong clock. 0 when
   * the answer carried no date.
   */
  clockOffsetMs: number;
}

/** GET /api/settings/delivery: what the promise is computed from, and the server's clock. */
export async function getDeliverySettings(signal?: AbortSignal): Promise<DeliverySettingsAnswer> {
  const sent = Date.now();
  const { data, headers } = await apiRequest<DeliverySettings>('/settings/delivery', { signal });
  const received = Date.now();
  const serverTime = Date.parse(headers.get('date') ?? '');
  // The Date header is whole seconds: offsets under a few seconds are noise, not a wrong clock.
  const offset = Number.isFinite(serverTime) ? serverTime + 500 - (sent + received) / 2 : 0;
  return { settings: data, clockOffsetMs: Math.abs(offset) < 5_000 ? 0 : offset };
}

export function getDeliverySettingsQueryOptions() {
  return queryOptions({
    queryKey: deliveryKeys.settings(),
    queryFn: ({ signal }) => getDeliverySettings(signal),
    // Configuration that changes seldom; a page open for long asks again.
    staleTime: 10 * 60 * 1000,
  });
}

export function useDeliverySettings() {
  return useQuery(getDeliverySettingsQueryOptions());
}
