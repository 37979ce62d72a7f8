import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@pitstop/core/accounts';
import { apiGet, type ApiRequestOptions } from './api-client';
import { useAccessToken } from './session';

/**
 * The signed-in user, as the navbar, the guards and the profile screen need it. This lives in
 * lib rather than features/auth because shared layout (the navbar) reads it, and shared code
 * never imports a feature. Only type imports from @pitstop/core/accounts: zod stays out of the
 * first load.
 */
export const sessionKeys = {
  all: ['session'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
};

/** GET /api/me: the caller's profile. */
export function getMe(options: Pick<ApiRequestOptions, 'signal' | 'token' | 'signOutOn401'> = {}) {
  return apiGet<Profile>('/me', options);
}

export function getCurrentUserQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.me(),
    queryFn: ({ signal }) => getMe({ signal }),
  });
}

/**
 * The current user's profile. Without a stored access token the visitor is signed out and no
 * request is made (`isSignedIn` false, query disabled).
 */
export function useCurrentUser() {
  const token = useAccessToken();
  const query = useQuery({ ...getCurrentUserQueryOptions(), enabled: token !== null });
  return { ...query, isSignedIn: token !== null };
}
