import { authErrorTexts } from '@pitstop/core/messages';
import { isApiError } from '@/lib/api-client';

/** The text for a payment step that failed: a client error as the server words it, else a plain retry hint. */
export function payErrorText(error: unknown): string {
  if (isApiError(error) && error.isNetworkError) return authErrorTexts.network;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401) {
    return error.message;
  }
  return 'The payment could not be completed. Please try again.';
}
