import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { createTestDatabase, testConfig } from '../../test/app.js';
import { databaseCheck, readinessChecks } from './checks.js';

const ok = { status: 'ok', latencyMs: expect.any(Number) };
const silentLog = { warn: () => {} } as unknown as FastifyBaseLogger;
const mailer = (verify: () => Promise<void>): Mailer => ({ send: async () => {}, verify });

describe('readiness', () => {
  // One database for the apps below (each starts in well under a second on it).
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('lists each dependency with its latency, and is ok when all answer', async () => {
    const app = await buildApp(testConfig(), { database, logger: false, mailer: mailer(async () => {}) });
    const res = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      checks: { database: ok, mail: ok, payments: ok },
      failing: [],
    });
    await app.close();
  });

  it('is degraded, not unready, while the mail transport fails, and says so', async () => {
    let verified = 0;
    const failing = mailer(async () => {
      verified++;
      throw new Error('SMTP refused');
    });
    const app = await buildApp(testConfig(), { database, logger: false, mailer: failing });
    const res = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'degraded',
      checks: { database: ok, mail: { ...ok, status: 'failing', reason: 'error' }, payments: ok },
      failing: ['mail'],
    });
    // The detail stays in the log: a public answer names no server or error text.
    expect(res.body).not.toContain('SMTP refused');
    // Outside services are asked at most every 30 s, however often the balancer probes.
    await app.inject({ method: 'GET', url: '/health/ready' });
    expect(verified).toBe(1);
    await app.close();
  });

  it('answers within its limit when the mail server hangs', async () => {
    const hanging = mailer(() => new Promise<void>(() => {}));
    const app = await buildApp(testConfig(), { database, logger: false, mailer: hanging });
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'degraded',
      checks: { mail: { status: 'failing', reason: 'timeout' } },
      failing: ['mail'],
    });
    await app.close();
  });

  it('is degraded while Redis is down', async () => {
    // Nothing listens on port 1: every Redis command fails at once (no offline queue).
    const app = await buildApp(testConfig({ REDIS_URL: 'redis://127.0.0.1:1' }), { database, logger: false });
    const res = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'degraded',
      checks: { database: ok, redis: { status: 'failing' } },
      failing: ['redis'],
    });
    await app.close();
  });

  it('is not failed by a long statement holding PGlite, as a backup’s copy does', async () => {
    const ready = readinessChecks([databaseCheck(database, 200)], silentLog);
    let release = () => {};
    let holding = () => {};
    const holds = new Promise<void>((resolve) => (holding = resolve));
    const held = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await new Promise<void>((resolve) => {
        release = resolve;
        holding();
      });
    });
    // Ask only once the statement holds its connection (and `release` is the real one).
    await holds;
    try {
      const answer = await ready();
      expect(answer.status).toBe('ok');
      // PGlite's one connection is taken: the ping waits, and says so. PostgreSQL has others.
      if (database.kind === 'pglite') expect(answer.checks.database.busy).toBe(true);
      else expect(answer.checks.database.busy).toBeUndefined();
    } finally {
      release();
      await held;
    }
  });

  it('fails as soon as closing starts, so a load balancer stops sending', async () => {
    const app = await buildApp(testConfig(), { database, logger: false });
    let during: number | undefined;
    // preClose runs before the server stops listening: a request then still gets through.
    app.addHook('preClose', async () => {
      during = (await fetch(`${url}/health/ready`)).status;
    });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    expect((await fetch(`${url}/health/ready`)).status).toBe(200);
    await app.close();
    expect(during).toBe(503);
  });
});

describe('readiness without its database', () => {
  it('is ready with its database, and not once the database is gone', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig(), { database, logger: false });
    expect((await app.inject({ method: 'GET', url: '/health/ready' })).json()).toMatchObject({
      status: 'ok',
    });
    await database.close();
    const res = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'unavailable',
      checks: { database: { status: 'failing' }, mail: { status: 'ok' } },
      failing: ['database'],
    });
    expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    await app.close();
  }, 60_000);
});
