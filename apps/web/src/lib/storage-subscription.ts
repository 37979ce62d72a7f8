/**
 * One localStorage key: listeners, `notify()` after a write in this tab, and the `storage` event
 * brings writes from other tabs (null key: storage cleared). `subscribe` has the shape
 * useSyncExternalStore wants; the window listener exists only while someone listens. `read` and
 * `writeJson` are the safe reads and writes browser stores (garage, cart) make of the key.
 */
export function storageSubscription(key: string): {
  subscribe(listener: () => void): () => void;
  notify(): void;
  /** The stored text, or null: nothing stored, or storage unavailable (privacy modes, sandboxed frames). */
  read(): string | null;
  /**
   * Stores the value as JSON, or removes the key for null, then notifies. Full or unavailable
   * storage is let be: what was written then lasts only as long as the page.
   */
  writeJson(value: unknown): void;
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
    read() {
      try {
        return window.localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    writeJson(value) {
      try {
        if (value === null) window.localStorage.removeItem(key);
        else window.localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Full or unavailable storage: nothing more to do.
      } finally {
        notify();
      }
    },
  };
}
