import { useSyncExternalStore } from 'react';
import { storageSubscription } from './storage-subscription';

/**
 * The browser side of a session (spec §3): the access token the API issued, kept in
 * localStorage under `accessToken`. Components read it through useAccessToken(), so signing in
 * or out anywhere (another tab included) re-renders whoever depends on it.
 */
export const ACCESS_TOKEN_KEY = 'accessToken';

const { subscribe, notify } = storageSubscription(ACCESS_TOKEN_KEY);

export function getAccessToken(): string | null {
  try {
    return window.localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    // Storage can be unavailable (privacy modes, sandboxed frames): act signed out.
    return null;
  }
}

export function setAccessToken(token: string): void {
  try {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, token);
  } finally {
    notify();
  }
}

export function clearAccessToken(): void {
  try {
    window.localStorage.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // Nothing stored that we could reach: already signed out.
  } finally {
    notify();
  }
}

/** The stored access token, or null when signed out; re-renders when it changes. */
export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribe, getAccessToken, () => null);
}

export function useIsSignedIn(): boolean {
  return useAccessToken() !== null;
}
