import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

/**
 * POST /api/auth/request-password-reset. The server answers the same whether or not the email
 * has an account, so the screen can never tell either.
 */
export function requestPasswordReset(email: string): Promise<{ status: boolean }> {
  return apiPost<{ status: boolean }>(
    '/auth/request-password-reset',
    { email, redirectTo: `${window.location.origin}/reset-password` },
    { token: null, signOutOn401: false },
  );
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
