import type { QueryClient } from '@tanstack/react-query';
import { apiPut } from '@/lib/api-client';
import { sessionKeys } from '@/lib/current-user';
import { setAccessToken } from '@/lib/session';
import { partsKeys } from '@/features/parts/api/parts-query-keys';

/**
 * PUT /api/user/:email (spec §4): trades a fresh sign-in for the shop's access key. `token` is
 * the session token the sign-in answered; null after Google, where the session cookie speaks.
 */
export function exchangeAccessKey(email: string, token: string | null): Promise<{ accessKey: string }> {
  return apiPut<{ accessKey: string }>(
    `/user/${encodeURIComponent(email)}`,
    { email },
    { token, signOutOn401: false },
  );
}

/** The last step of every sign-in: get the access key, forget any earlier user's data, store it. */
export async function startSession(queryClient: QueryClient, email: string, token: string | null) {
  const { accessKey } = await exchangeAccessKey(email, token);
  queryClient.removeQueries({ queryKey: sessionKeys.all });
  setAccessToken(accessKey);
  // Prices read as a visitor may now be a price list's (issue #30).
  void queryClient.invalidateQueries({ queryKey: partsKeys.all });
}
