import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { apiPost } from './api-client';
import { clearAccessToken, getAccessToken } from './session';

let inFlight: Promise<void> | null = null;

async function endSession(queryClient: QueryClient): Promise<void> {
  const token = getAccessToken();
  try {
    if (token) await apiPost('/auth/sign-out', {}, { token, signOutOn401: false });
  } catch {
    // Offline or already expired: the local sign-out below is what the user asked for.
  } finally {
    clearAccessToken();
    queryClient.clear();
  }
}

/**
 * Ends the session: asks the server to revoke it (POST /api/auth/sign-out), then, whatever the
 * answer, forgets the token and every cached answer. Concurrent calls share one request.
 */
export function signOut(queryClient: QueryClient): Promise<void> {
  inFlight ??= endSession(queryClient).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** signOut bound to the app's query client, with a pending flag for the button. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    try {
      await signOut(queryClient);
    } finally {
      setPending(false);
    }
  }, [queryClient]);
  return { signOut: run, isPending };
}
