import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { apiPost } from './api-client';
import { clearAccessToken, getAccessToken } from './session';

let inFlight: Promise<void> | null = null;

async function endSession(queryClient: QueryClient): Promise<void> {
  const token = getAccessToken();
  // Forget the token before telling the server: queries that need it stop at once (the signed-in
  // ones are disabled without a token), and the ones already running are cancelled, so none of
  // them reaches the server after the revocation and comes back 401.
  clearAccessToken();
  // What was being typed in this tab (the checkout's address) is the account's, not the next one's.
  // Loaded here, not with the storefront: only a sign-out needs it.
  await import('./tab-draft').then((drafts) => drafts.forgetAllDrafts());
  await queryClient.cancelQueries();
  try {
    if (token) await apiPost('/auth/sign-out', {}, { token, signOutOn401: false });
  } catch {
    // Offline or already expired: the local sign-out above is what the user asked for.
  } finally {
    queryClient.clear();
  }
}

/**
 * Ends the session: forgets the token, asks the server to revoke it (POST /api/auth/sign-out),
 * then, whatever the answer, forgets every cached answer. Concurrent calls share one request.
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
