import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@pitstop/core/accounts';
import { apiRequest } from '@/lib/api-client';
import type { AuthSession } from './auth-session';
import { startSession } from './exchange-access-key';

/** POST /api/auth/sign-in/email. A 401 here is a wrong email or password, not an expired session. */
export async function signInWithEmail(input: LoginInput): Promise<AuthSession> {
  const { data, headers } = await apiRequest<AuthSession>('/auth/sign-in/email', {
    method: 'POST',
    body: { email: input.email, password: input.password },
    token: null,
    signOutOn401: false,
  });
  return { ...data, token: data.token ?? headers.get('set-auth-token') };
}

/** Sign in, then exchange for the access key (spec §4). Resolves once the token is stored. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const session = await signInWithEmail(input);
      await startSession(queryClient, session.user.email, session.token);
    },
  });
}
