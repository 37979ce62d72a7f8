import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '@pitstop/core/accounts';
import { apiGet } from '@/lib/api-client';
import { authKeys } from './auth-keys';

/** GET /api/settings: what the sign-in screens offer (Google only when it is configured). */
export function getSettings(signal?: AbortSignal): Promise<PublicSettings> {
  return apiGet<PublicSettings>('/settings', { signal, signOutOn401: false });
}

export function getSettingsQueryOptions() {
  return queryOptions({
    queryKey: authKeys.settings(),
    queryFn: ({ signal }) => getSettings(signal),
    staleTime: Infinity,
  });
}

export function useSettings() {
  return useQuery(getSettingsQueryOptions());
}
