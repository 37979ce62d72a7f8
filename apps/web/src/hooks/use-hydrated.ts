import { useEffect, useState } from 'react';

// True while a render must match the server's markup: on the server, and in the browser from
// startHydration() until the hydrating render has been committed.
let matchingServer = typeof window === 'undefined';

/** Called just before hydrating a server-rendered page (main.tsx). */
export function startHydration(): void {
  matchingServer = true;
}

/**
 * False while the server renders and while the browser hydrates that render, true from then on
 * (and from the first render for a screen the browser renders itself). A button whose work needs
 * the script (Add to cart) is shown disabled until then, so a tap before the page has come alive
 * is visibly refused instead of silently lost.
 *
 * A flag and an effect rather than useSyncExternalStore's server snapshot: Preact's has none, and
 * Preact keeps the server's attributes while it hydrates, so the hydrating render must be the
 * server's and the browser's own state must arrive as an update.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(!matchingServer);
  useEffect(() => {
    matchingServer = false;
    // The one re-render this hook exists for: the browser's state after the server's.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setHydrated(true);
  }, []);
  return hydrated;
}
