import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput } from '@pitstop/core/accounts';
import { apiRequest } from '@/lib/api-client';
import type { AuthSession } from './auth-session';
import { startSession } from './exchange-access-key';

/**
 * POST /api/auth/sign-up/email. The server mails a verification link (its target is
 * `callbackURL`); verifying is not needed to sign in, so the new account is signed in at once.
 */
export async function signUpWithEmail(input: RegisterInput): Promise<AuthSession> {
  const { data, headers } = await apiRequest<AuthSession>('/auth/sign-up/email', {
    method: 'POST',
    body: { name: input.name, email: input.email, password: input.password, callbackURL: '/' },
    token: null,
    signOutOn401: false,
  });
  return { ...data, token: data.token ?? headers.get('set-auth-token') };
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterInput) => {
      const session = await signUpWithEmail(input);
      await startSession(queryClient, session.user.email, session.token);
    },
  });
}
