/*
 * The browser stores (cart, garage, the merge report) keep JSON in localStorage that may be from
 * an older version or edited in dev tools, so each names a check that turns whatever it finds
 * into its own shape. The checks are written by hand rather than as zod schemas: the navbar
 * reads the cart in every page's first load, and zod would ride along.
 */

/** What a check makes of parsed JSON; it may throw, which reads as `empty`. */
export type StoredCheck<T> = (data: unknown) => T;

/** The stored text, checked; nothing stored, or anything unreadable, is `empty`. */
export function parseStoredJson<T>(raw: string | null, check: StoredCheck<T>, empty: T): T {
  if (!raw) return empty;
  try {
    return check(JSON.parse(raw));
  } catch {
    return empty;
  }
}

/**
 * A snapshot reader for useSyncExternalStore: it parses and checks only when the stored text
 * changed, and otherwise returns the very same value, since a new value for the same store
 * makes useSyncExternalStore render forever.
 */
export function storedJsonSnapshot<T>(read: () => string | null, check: StoredCheck<T>, empty: T): () => T {
  let cachedRaw: string | null = null;
  let cached = empty;
  return () => {
    const raw = read();
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cached = parseStoredJson(raw, check, empty);
    }
    return cached;
  };
}
