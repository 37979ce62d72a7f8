import { useSyncExternalStore } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * useSyncExternalStore for state only the browser has (storage, media queries): `serverValue`
 * while the server renders and while the browser hydrates, the store's value from then on, kept
 * current as it changes (another tab included).
 */
export function useBrowserStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  serverValue: T,
): T {
  const hydrated = useHydrated();
  const value = useSyncExternalStore(subscribe, hydrated ? getSnapshot : () => serverValue);
  return hydrated ? value : serverValue;
}
