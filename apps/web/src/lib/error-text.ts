import { authErrorTexts } from '@pitstop/core/messages';
import { isApiError } from './api-client';

/**
 * The sentence to show for a failed call: the server's own detail for a refusal (4xx, e.g. a
 * 409 "You cannot delete yourself"), the network text when offline, else the fallback.
 */
export function problemText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.isNetworkError) return authErrorTexts.network;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return error.message;
  return fallback;
}
