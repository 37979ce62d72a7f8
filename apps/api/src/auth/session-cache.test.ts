import { describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema.js';
import { SessionCache } from './session-cache.js';

const user = (id: string) => ({ id, email: `${id}@example.com`, name: id, role: 'user' }) as UserRow;
const entry = (token: string, userId: string, until = Date.now() + 60_000) => ({
  token,
  user: user(userId),
  until,
});

describe('SessionCache', () => {
  it('forgets by token and by user, and tells listeners', async () => {
    const cache = new SessionCache();
    const told: unknown[] = [];
    cache.onInvalidate(async (change) => {
      told.push(change);
    });
    cache.set(entry('t1', 'u1'), cache.stamp());
    cache.set(entry('t2', 'u1'), cache.stamp());
    cache.set(entry('t3', 'u2'), cache.stamp());
    await cache.forgetTokens(['t3']);
    expect(cache.get('t3')).toBeUndefined();
    expect(cache.get('t1')).toBeDefined();
    await cache.forgetUsers(['u1']);
    expect(cache.size).toBe(0);
    expect(told).toEqual([{ tokens: ['t3'] }, { users: ['u1'] }]);
  });

  it('does not store what was read before a change', () => {
    const cache = new SessionCache();
    const stamp = cache.stamp();
    cache.forgetLocal({ users: ['u1'] });
    cache.set(entry('t1', 'u1'), stamp);
    expect(cache.get('t1')).toBeUndefined();
  });

  it('does not answer past an entry’s due time', () => {
    const cache = new SessionCache();
    cache.set(entry('t1', 'u1', Date.now() - 1), cache.stamp());
    expect(cache.get('t1')).toBeUndefined();
  });

  it('is not used while invalidations could be missed', () => {
    const cache = new SessionCache();
    cache.set(entry('t1', 'u1'), cache.stamp());
    cache.setTrusted(false);
    expect(cache.get('t1')).toBeUndefined();
    cache.set(entry('t1', 'u1'), cache.stamp());
    expect(cache.size).toBe(0);
    cache.setTrusted(true);
    cache.set(entry('t1', 'u1'), cache.stamp());
    expect(cache.get('t1')).toBeDefined();
  });
});
