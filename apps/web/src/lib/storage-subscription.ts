/**
 * Listeners for one localStorage key: `notify()` after a write in this tab, and the `storage`
 * event brings writes from other tabs (null key: storage cleared). `subscribe` has the shape
 * useSyncExternalStore wants; the window listener exists only while someone listens.
 */
export function storageSubscription(key: string): {
  subscribe(listener: () => void): () => void;
  notify(): void;
} {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) notify();
  };
  return {
    notify,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
  };
}
