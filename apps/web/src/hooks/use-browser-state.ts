import { useSyncExternalStore } from 'react';

// False from the start of a server-rendered page's hydration until every part of it has come
// alive (lib/hydrate-later.tsx): until then the page shows what the server rendered, everywhere.
let settled = true;
const listeners = new Set<() => void>();
let settledPromise = Promise.resolve();
let resolveSettled = () => {};

/** Called as a server-rendered page starts hydrating. */
export function unsettlePage(): void {
  settled = false;
  settledPromise = new Promise<void>((resolve) => (resolveSettled = resolve));
}

/** Called once every part of the page has been hydrated: browser state applies from now on. */
export function settlePage(): void {
  settled = true;
  resolveSettled();
  for (const listener of listeners) listener();
}

/** Resolves once the page shows the browser's state (at once for a page the browser rendered). */
export function whenPageSettled(): Promise<void> {
  return settledPromise;
}

const subscriptions = new WeakMap<
  (onChange: () => void) => () => void,
  (onChange: () => void) => () => void
>();

function withSettling(subscribe: (onChange: () => void) => () => void) {
  let combined = subscriptions.get(subscribe);
  if (!combined) {
    combined = (onChange) => {
      listeners.add(onChange);
      const unsubscribe = subscribe(onChange);
      return () => {
        listeners.delete(onChange);
        unsubscribe();
      };
    };
    subscriptions.set(subscribe, combined);
  }
  return combined;
}

/**
 * useSyncExternalStore for state only the browser has (the access token, the local cart and
 * garage, media queries): `serverValue` while the server renders and while the browser hydrates
 * its page, the store's value from then on, kept current as it changes (other tabs included).
 *
 * "While it hydrates" lasts until the last part of the page hydrated later has come alive: a
 * part still waiting must be hydrated with the markup the server sent, so nothing above it may
 * switch to the browser's state before (Preact would keep the server's attributes under the
 * browser's props, and a signed-in customer's order form would be hydrated into the sign-in
 * prompt).
 */
export function useBrowserState<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  serverValue: () => T,
): T {
  return useSyncExternalStore(
    withSettling(subscribe),
    () => (settled ? getSnapshot() : serverValue()),
    serverValue,
  );
}
