import { authErrorTexts } from '@pitstop/core/messages';
import { isApiError } from '@/lib/api-client';

const INVALID_CREDENTIALS = new Set(['INVALID_EMAIL_OR_PASSWORD', 'USER_NOT_FOUND', 'INVALID_PASSWORD']);

/**
 * The readable text shown after 'Error: ' for a failed sign-in, sign-up or reset (spec §8).
 * Never says whether an email has an account, beyond the email-in-use answer of sign-up.
 */
export function authErrorText(error: unknown): string {
  if (error instanceof TypeError) return authErrorTexts.network;
  if (!isApiError(error)) return authErrorTexts.generic;
  if (error.isNetworkError) return authErrorTexts.network;
  if (error.status === 429) return authErrorTexts.tooManyRequests;
  const code = error.code ?? '';
  if (INVALID_CREDENTIALS.has(code)) return authErrorTexts.invalidCredentials;
  if (code.includes('ALREADY_EXISTS')) return authErrorTexts.emailInUse;
  if (code === 'INVALID_TOKEN') return authErrorTexts.resetLinkInvalid;
  if (error.status >= 500) return authErrorTexts.generic;
  return error.detail ?? authErrorTexts.generic;
}
