/**
 * Signed-in users kept in memory for a short while, keyed by session token, so a signed-in read
 * costs no database query (decision 015).
 *
 * Every change that could make an entry wrong (sign-out, revocation, password reset, user
 * update or deletion, role change) calls `forgetTokens`/`forgetUsers`; listeners (the cache bus)
 * spread it to the other processes and the returned promise settles once they have dropped it,
 * so the change holds on the very next request wherever it lands. A generation counter keeps a
 * lookup that started before a change from storing what it read.
 */
import type { UserRow } from '../db/schema.js';

/**
 * How long an entry may be used without asking the database again: only a change made outside
 * the app (SQL by hand) waits this long; the app's own changes clear entries at once.
 */
export const SESSION_CACHE_TTL_MS = 10_000;

export interface CachedSession {
  token: string;
  user: UserRow;
  /** When the entry must be looked up again: TTL, session expiry or its refresh age. */
  until: number;
}

export interface SessionInvalidation {
  tokens?: string[];
  users?: string[];
  all?: boolean;
}

export type InvalidationListener = (change: SessionInvalidation) => Promise<void>;

export class SessionCache {
  private readonly byToken = new Map<string, CachedSession>();
  private readonly byUser = new Map<string, Set<string>>();
  private readonly listeners = new Set<InvalidationListener>();
  private generation = 0;
  /** False while invalidations from other processes could be missed (the bus is down). */
  private trusted = true;

  constructor(private readonly maxEntries = 10_000) {}

  get(token: string, now = Date.now()): CachedSession | undefined {
    const entry = this.byToken.get(token);
    if (!entry) return undefined;
    if (entry.until <= now || !this.trusted) {
      this.drop(token);
      return undefined;
    }
    return entry;
  }

  /** A stamp to take before reading the database; `set` refuses entries read before a change. */
  stamp(): number {
    return this.generation;
  }

  set(entry: CachedSession, stamp: number): void {
    if (stamp !== this.generation || !this.trusted) return;
    if (this.byToken.size >= this.maxEntries) {
      const oldest = this.byToken.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.drop(entry.token);
    this.byToken.set(entry.token, entry);
    let tokens = this.byUser.get(entry.user.id);
    if (!tokens) this.byUser.set(entry.user.id, (tokens = new Set()));
    tokens.add(entry.token);
  }

  /** Forget sessions here and, through the listeners, on every other process. */
  async forget(change: SessionInvalidation): Promise<void> {
    this.forgetLocal(change);
    await Promise.all([...this.listeners].map((listener) => listener(change)));
  }

  forgetTokens(tokens: string[]): Promise<void> {
    return this.forget({ tokens });
  }

  forgetUsers(users: string[]): Promise<void> {
    return this.forget({ users });
  }

  /** Applies a change that came from another process (or this one). */
  forgetLocal(change: SessionInvalidation): void {
    this.generation++;
    if (change.all) {
      this.byToken.clear();
      this.byUser.clear();
      return;
    }
    for (const token of change.tokens ?? []) this.drop(token);
    for (const user of change.users ?? []) {
      for (const token of this.byUser.get(user) ?? []) this.drop(token);
    }
  }

  /**
   * While the bus is disconnected another process's change could go unheard: stop using (and
   * filling) the cache until it is back, then start from empty.
   */
  setTrusted(trusted: boolean): void {
    this.trusted = trusted;
    this.forgetLocal({ all: true });
  }

  onInvalidate(listener: InvalidationListener): void {
    this.listeners.add(listener);
  }

  get size(): number {
    return this.byToken.size;
  }

  private drop(token: string): void {
    const entry = this.byToken.get(token);
    if (!entry) return;
    this.byToken.delete(token);
    const tokens = this.byUser.get(entry.user.id);
    tokens?.delete(token);
    if (tokens?.size === 0) this.byUser.delete(entry.user.id);
  }
}
