import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the server renders and while the browser hydrates that render, true from then on.
 * A button whose work needs the script (Add to cart) is shown disabled until then, so a tap
 * before the page has come alive is visibly refused instead of silently lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
