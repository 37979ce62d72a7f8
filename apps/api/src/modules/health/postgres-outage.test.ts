import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { testConfig } from '../../test/app.js';
import { cuttableProxy } from '../../test/cuttable-proxy.js';

const serverUrl = process.env.TEST_DATABASE_URL;

// Needs a PostgreSQL server: runs wherever TEST_DATABASE_URL is set (CI sets it).
describe.runIf(serverUrl)('a PostgreSQL outage', () => {
  it('answers 503 problems and fails readiness, then serves again without a restart', async () => {
    const name = `pitstop_outage_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(serverUrl!);
    const proxy = await cuttableProxy(target.hostname, Number(target.port || 5432));
    const url = new URL(serverUrl!);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    url.pathname = `/${name}`;
    const silent = { error: () => {}, warn: () => {}, info: () => {} };
    const database = await openDatabase({
      databaseUrl: url.toString(),
      pgliteDir: 'unused',
      poolMax: 4,
      log: silent,
    });
    const app = await buildApp(testConfig(), { database, logger: false });
    // A search nobody asked before: never answered from the catalogue cache.
    const uncached = () => app.inject({ method: 'GET', url: `/api/parts?q=${randomUUID().slice(0, 8)}` });
    try {
      expect((await uncached()).statusCode).toBe(200);

      await proxy.cut();
      const down = await uncached();
      expect(down.statusCode).toBe(503);
      expect(down.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(down.headers['retry-after']).toBeDefined();
      expect(down.body).not.toMatch(/ECONNREFUSED|stack|select/i);
      expect((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(503);

      await proxy.restore();
      const back = Date.now();
      await expect
        .poll(async () => (await app.inject({ method: 'GET', url: '/health/ready' })).statusCode, {
          timeout: 5_000,
        })
        .toBe(200);
      expect((await uncached()).statusCode).toBe(200);
      expect(Date.now() - back).toBeLessThan(5_000);
    } finally {
      await app.close();
      await database.close();
      await proxy.cut();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 60_000);
});
