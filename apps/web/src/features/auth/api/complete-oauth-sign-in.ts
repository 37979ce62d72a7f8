import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@pitstop/core/accounts';
import { getMe, sessionKeys } from '@/lib/current-user';
import { authKeys } from './auth-keys';
import { startSession } from './exchange-access-key';

/**
 * After Google the browser holds a session cookie but no access token yet: learn who signed in
 * (GET /api/me with the cookie), exchange for the access key, and seed the current-user cache.
 */
export function useCompleteOAuthSignIn() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: authKeys.oauthCallback(),
    queryFn: async ({ signal }): Promise<Profile> => {
      const profile = await getMe({ signal, token: null, signOutOn401: false });
      await startSession(queryClient, profile.email, null);
      queryClient.setQueryData(sessionKeys.me(), profile);
      return profile;
    },
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
  });
}
