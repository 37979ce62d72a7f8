import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestDatabase, testConfig } from '../test/app.js';
import { cuttableProxy } from '../test/cuttable-proxy.js';
import type { Database } from '../db/client.js';
import type { FastifyInstance } from 'fastify';

const redisUrl = process.env.REDIS_URL;

// Needs a Redis server: runs wherever REDIS_URL is set (CI sets it).
describe.runIf(redisUrl)('catalogue cache across processes', () => {
  let database: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    a = await buildApp(testConfig({ REDIS_URL: redisUrl ?? '' }), { database, logger: false });
    b = await buildApp(testConfig({ REDIS_URL: redisUrl ?? '' }), { database, logger: false });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.close();
  });

  it('drops the other process’s cached answers when one process invalidates', async () => {
    await b.inject({ method: 'GET', url: '/api/parts?limit=3' });
    expect(b.catalogueCache.size).toBe(1);
    a.catalogueCache.invalidate();
    const until = Date.now() + 5_000;
    while (b.catalogueCache.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(b.catalogueCache.size).toBe(0);
  });
});

// Needs a Redis server: runs wherever REDIS_URL is set (CI sets it).
describe.runIf(redisUrl)('catalogue cache while one process is cut off from Redis', () => {
  it('catches up once Redis is back: the cut-off process drops what it may have missed', async () => {
    const target = new URL(redisUrl ?? 'redis://127.0.0.1:6379');
    const proxy = await cuttableProxy(target.hostname, Number(target.port || 6379));
    const database = await createTestDatabase();
    const a = await buildApp(testConfig({ REDIS_URL: redisUrl ?? '' }), { database, logger: false });
    const b = await buildApp(testConfig({ REDIS_URL: `redis://127.0.0.1:${proxy.port}` }), {
      database,
      logger: false,
    });
    try {
      await b.inject({ method: 'GET', url: '/api/parts?limit=3' });
      await proxy.cut();
      await b.inject({ method: 'GET', url: '/api/parts?limit=3' });
      expect(b.catalogueCache.size).toBe(1);
      // Published while b cannot hear it: b's answer is now stale.
      a.catalogueCache.invalidate();
      await new Promise((r) => setTimeout(r, 300));
      expect(b.catalogueCache.size).toBe(1);

      await proxy.restore();
      await expect.poll(() => b.catalogueCache.size, { timeout: 10_000 }).toBe(0);
    } finally {
      await a.close();
      await b.close();
      await proxy.cut();
      await database.close();
    }
  }, 60_000);
});
