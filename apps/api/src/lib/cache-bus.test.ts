import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestDatabase, testConfig } from '../test/app.js';
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
