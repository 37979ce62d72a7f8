import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { busLabel, captureMailer, useTwoProcesses } from '../test/app.js';
import { ORIGIN, bearer, signIn, signUp, type Customer } from '../test/accounts.js';
import { SESSION_CACHE_TTL_MS } from './session-cache.js';

/*
 * Two API instances on one database stand for two processes behind a load balancer. With
 * REDIS_URL they share that Redis, as processes do; without it they share an in-memory bus,
 * which keeps the same contract (a change reaches the other instance before the writer answers).
 */
describe(`signed-in requests across two processes (${busLabel})`, () => {
  let database: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const mail = captureMailer();
  let admin: Customer;

  const two = useTwoProcesses({ mailer: mail });
  beforeAll(async () => {
    ({ a, b, database } = two);
    admin = await signUp(a);
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  });

  const me = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });

  it('answers a signed-in read from the session cache, with the whole profile', async () => {
    const rider = await signUp(a, { name: 'Cached Rider' });
    expect(b.sessionCache.size).toBe(0);
    const first = await me(b, rider.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ _id: rider.userId, name: 'Cached Rider', role: 'user' });
    expect(b.sessionCache.get(rider.token.split('.')[0]!)).toBeDefined();
    // The cached answer is the same as the first one.
    expect((await me(b, rider.token)).json()).toEqual(first.json());
  });

  it('signs out on one process: the very next request on the other is refused', async () => {
    const rider = await signUp(a);
    expect((await me(a, rider.token)).statusCode).toBe(200);
    expect((await me(b, rider.token)).statusCode).toBe(200);
    const out = await a.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...bearer(rider.token), origin: ORIGIN },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(b, rider.token)).statusCode).toBe(401);
    expect((await me(a, rider.token)).statusCode).toBe(401);
  });

  it('promotes on one process: the other sees the new role on the very next request', async () => {
    const rider = await signUp(a);
    const adminOnly = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/order', headers: bearer(rider.token) });
    expect((await adminOnly(b)).statusCode).toBe(403);
    const promoted = await a.inject({
      method: 'PUT',
      url: `/api/user/admin/${rider.email}`,
      headers: bearer(admin.token),
    });
    expect(promoted.json()).toEqual({ modifiedCount: 1 });
    expect((await adminOnly(b)).statusCode).toBe(200);
    expect((await me(b, rider.token)).json()).toMatchObject({ role: 'admin' });
  });

  it('resets the password on one process: old sessions end on the other at once', async () => {
    const rider = await signUp(a, { password: 'old-password' });
    expect((await me(b, rider.token)).statusCode).toBe(200);
    await a.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: { email: rider.email, redirectTo: `${ORIGIN}/reset-password` },
    });
    // Mail goes out through the job runner: wait for the reset mail itself.
    const until = Date.now() + 10_000;
    while (!mail.sent.some((m) => m.to === rider.email && /reset/i.test(m.subject)) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const resetMail = mail.sent.find((m) => m.to === rider.email && /reset/i.test(m.subject));
    const link = new URL(/https?:\/\/\S+/.exec(resetMail?.text ?? '')?.[0] ?? 'http://missing');
    const follow = await a.inject({ method: 'GET', url: link.pathname + link.search });
    const token = new URL(String(follow.headers.location)).searchParams.get('token');
    const reset = await a.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN },
      payload: { newPassword: 'new-password', token },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(b, rider.token)).statusCode).toBe(401);
  });

  it('revokes the other sessions on one process: they end on the other at once', async () => {
    const rider = await signUp(a);
    const phone = (await signIn(a, rider.email, rider.password)).headers['set-auth-token'] as string;
    expect((await me(b, phone)).statusCode).toBe(200);
    expect((await me(b, rider.token)).statusCode).toBe(200);
    const revoke = await a.inject({
      method: 'POST',
      url: '/api/auth/revoke-other-sessions',
      headers: { ...bearer(rider.token), origin: ORIGIN },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await me(b, phone)).statusCode).toBe(401);
    expect((await me(b, rider.token)).statusCode).toBe(200);
  });

  it('deletes a user on one process: their session ends on the other at once', async () => {
    const rider = await signUp(a);
    expect((await me(b, rider.token)).statusCode).toBe(200);
    const deleted = await a.inject({
      method: 'DELETE',
      url: `/api/user/${rider.userId}`,
      headers: bearer(admin.token),
    });
    expect(deleted.json()).toEqual({ deletedCount: 1 });
    expect((await me(b, rider.token)).statusCode).toBe(401);
  });

  it('sees a change made outside the app (SQL by hand) once the cache entry is due', async () => {
    const rider = await signUp(a);
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, rider.userId));
    expect((await me(b, rider.token)).json()).toMatchObject({ role: 'admin' });
    await database.db.update(users).set({ role: 'user' }).where(eq(users.id, rider.userId));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SESSION_CACHE_TTL_MS + 1 });
    try {
      expect((await me(b, rider.token)).json()).toMatchObject({ role: 'user' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets better-auth slide a session due for its refresh, then caches it', async () => {
    const rider = await signUp(a);
    const [token] = rider.token.split('.') as [string];
    // Two days into a seven-day session: past the one-day refresh age.
    const due = new Date(Date.now() + 5 * 24 * 3600 * 1000);
    await database.db.update(sessions).set({ expiresAt: due }).where(eq(sessions.token, token));
    expect((await me(b, rider.token)).statusCode).toBe(200);
    const [row] = await database.db.select().from(sessions).where(eq(sessions.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(due.getTime() + 24 * 3600 * 1000);
    expect((await me(b, rider.token)).statusCode).toBe(200);
    expect(b.sessionCache.get(token)).toBeDefined();
  });

  it('refuses a token whose signature is wrong, and a made-up one', async () => {
    const rider = await signUp(a);
    const [token] = rider.token.split('.');
    expect((await me(b, `${token}.${'A'.repeat(43)}=`)).statusCode).toBe(401);
    expect((await me(b, 'not-a-session')).statusCode).toBe(401);
    // The bare token is what the access-key exchange hands the SPA: it is accepted, as before.
    expect((await me(b, token!)).statusCode).toBe(200);
  });
});
