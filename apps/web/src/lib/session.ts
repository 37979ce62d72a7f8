import { useSyncExternalStore } from 'react';

/**
 * The browser side of a session (spec §3): the access token the API issued, kept in
 * localStorage under `accessToken`. Components read it through useAccessToken(), so signing in
 * or out anywhere (another tab included) re-renders whoever depends on it.
 */
export const ACCESS_TOKEN_KEY = 'accessToken';

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

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

function onStorage(event: StorageEvent) {
  if (event.key === ACCESS_TOKEN_KEY || event.key === null) notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The stored access token, or null when signed out; re-renders when it changes. */
export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribe, getAccessToken, () => null);
}

export function useIsSignedIn(): boolean {
  return useAccessToken() !== null;
}
