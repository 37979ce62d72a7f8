import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

describe('load shedding', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A heap limit of about 1 KB: every sample counts as overload.
    t = await createTestApp({ env: { OVERLOAD_MAX_HEAP_MB: '0.001', OVERLOAD_RETRY_AFTER_SECONDS: '7' } });
    // under-pressure samples once a second.
    await new Promise((r) => setTimeout(r, 1_200));
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 with Retry-After and a problem instead of queueing the request', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/parts?limit=3' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 503, title: 'Service Unavailable' });
  });

  it('keeps answering liveness: a busy process is not a dead one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(res.statusCode).toBe(200);
  });
});

describe('load shedding defaults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await new Promise((r) => setTimeout(r, 1_200));
  });
  afterAll(async () => {
    await t.close();
  });

  it('never sheds a test’s requests (off under NODE_ENV=test unless configured)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/parts?limit=3' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a body over the limit with 413 before reading it', async () => {
    const huge = JSON.stringify({ email: 'a@b.com', name: 'x'.repeat(1_100_000) });
    for (const url of ['/api/order', '/api/auth/sign-in/email']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: huge,
      });
      expect(res.statusCode, url).toBe(413);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 413, title: 'Content Too Large' });
    }
  });
});
