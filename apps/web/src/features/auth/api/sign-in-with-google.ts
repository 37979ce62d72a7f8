import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

/**
 * POST /api/auth/sign-in/social (provider `google`, registered through better-auth's generic OAuth): answers the
 * provider's address to send the browser to. After the provider the browser lands on
 * /auth/callback, which finishes the sign-in and goes on to `from`.
 */
export function startGoogleSignIn(from: string): Promise<{ url: string; redirect: boolean }> {
  const origin = window.location.origin;
  return apiPost<{ url: string; redirect: boolean }>(
    '/auth/sign-in/social',
    {
      provider: 'google',
      callbackURL: `${origin}/auth/callback?from=${encodeURIComponent(from)}`,
      // Back on /login after a failed sign-in, the return address is still known.
      errorCallbackURL: `${origin}/login?error=google&from=${encodeURIComponent(from)}`,
    },
    { token: null, signOutOn401: false },
  );
}

export function useGoogleSignIn() {
  return useMutation({
    mutationFn: startGoogleSignIn,
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
}
