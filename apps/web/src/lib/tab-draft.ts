/*
 * Drafts of forms kept in this tab while they are typed (issue #28: the checkout's delivery address
 * survives a reload). sessionStorage, not a cookie: the server never sees them, and they end with
 * the tab. Each draft names its owner (the signed-in account), so a draft left behind by one account
 * is never offered to another in the same tab; signing out forgets them all (lib/sign-out.ts). It
 * lives in lib because signing out is lib's and a feature's store must be reachable from there.
 *
 * What is read back is only what was stored by a page, never trusted: the form that restores a
 * draft checks it like typed values.
 */

const PREFIX = 'pitstop.draft.';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Unavailable (privacy modes, sandboxed frames): nothing is kept, the form still works.
    return null;
  }
}

interface StoredDraft {
  owner: string;
  values: unknown;
}

function isStoredDraft(value: unknown): value is StoredDraft {
  return typeof value === 'object' && value !== null && typeof (value as StoredDraft).owner === 'string';
}

/** The draft `name` of `owner`, as stored (unchecked), or null: none, another owner's, or unreadable. */
export function readDraft(name: string, owner: string): unknown {
  const raw = storage()?.getItem(PREFIX + name);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStoredDraft(parsed) && parsed.owner === owner ? parsed.values : null;
  } catch {
    return null;
  }
}

export function writeDraft(name: string, owner: string, values: unknown): void {
  try {
    storage()?.setItem(PREFIX + name, JSON.stringify({ owner, values } satisfies StoredDraft));
  } catch {
    // Full storage: the draft lasts as long as the page.
  }
}

export function forgetDraft(name: string): void {
  try {
    storage()?.removeItem(PREFIX + name);
  } catch {
    // Nothing stored that we could reach.
  }
}

/** Every draft in this tab: on signing out. */
export function forgetAllDrafts(): void {
  const store = storage();
  if (!store) return;
  try {
    const names: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key?.startsWith(PREFIX)) names.push(key);
    }
    for (const key of names) store.removeItem(key);
  } catch {
    // Nothing stored that we could reach.
  }
}
