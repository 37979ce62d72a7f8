import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestDatabase, testConfig } from '../../test/app.js';

describe('readiness', () => {
  it('is ready with its database, and not once the database is gone', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig(), { database, logger: false });
    expect((await app.inject({ method: 'GET', url: '/health/ready' })).json()).toEqual({ status: 'ok' });
    await database.close();
    const res = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable' });
    expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    await app.close();
  }, 60_000);

  it('fails as soon as closing starts, so a load balancer stops sending', async () => {
    const database = await createTestDatabase();
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
    await database.close();
  }, 60_000);
});
