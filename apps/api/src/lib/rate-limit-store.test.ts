import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('with Redis unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}`, AUTH_RATE_LIMIT: '3' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('starts, and limits sign-in in this process without waiting on Redis', async () => {
    const answers: number[] = [];
    const from = Date.now();
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'content-type': 'application/json', origin: t.app.config.publicUrl },
        payload: { email: 'nobody@example.com', password: 'wrong-password' },
      });
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 429]);
    expect(Date.now() - from).toBeLessThan(5_000);
  });

  it('keeps serving the catalogue', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/parts?limit=3' });
    expect(res.statusCode).toBe(200);
  });
});
