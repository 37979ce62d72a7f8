import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

interface ResetPasswordRequest {
  /** The token from the mailed link (`/reset-password?token=…`). */
  resetToken: string;
  newPassword: string;
}

/** POST /api/auth/reset-password: sets the new password; 400 INVALID_TOKEN for a stale link. */
export function resetPassword({
  resetToken,
  newPassword,
}: ResetPasswordRequest): Promise<{ status: boolean }> {
  return apiPost<{ status: boolean }>(
    '/auth/reset-password',
    { newPassword, token: resetToken },
    { token: null, signOutOn401: false },
  );
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
