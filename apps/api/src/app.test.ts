import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { createTestDatabase, createTestApp, testConfig, type TestApp } from './test/app.js';

describe('the app shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers liveness and readiness', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', failing: [] });
  });

  it('answers unknown API routes with a problem, not the SPA', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it('answers a malformed JSON body with a 400 problem', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('echoes a request id, or makes one', async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await t.app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-request-id': 'bad id!' },
    });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers with a content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/parts?limit=1' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('compresses JSON for clients that accept gzip', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('says an answer varies with Accept-Encoding whenever it has a compressed copy, also when the plain one goes', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const gzipped = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toBe('accept-encoding');
    // Too small to compress: one copy only, nothing to vary.
    const small = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(small.headers.vary).toBeUndefined();
  });

  it('publishes the OpenAPI document and its UI', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/parts', '/api/parts/{id}']));
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});

describe('readiness', () => {
  it('answers 503 once the database is gone', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig(), { database, logger: false });
    await database.close();
    const res = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', failing: ['database'] });
    await app.close();
  });
});

describe('the built web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-web-'));
    await fs.mkdir(path.join(webDist, 'assets'));
    await fs.writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Pitstop</title><div id="root"></div>',
    );
    await fs.writeFile(path.join(webDist, 'assets', 'index-AbC123.js'), 'console.log(1)');
    await fs.writeFile(path.join(webDist, 'assets', 'index-AbC123.js.br'), 'compressed');
    await fs.writeFile(path.join(webDist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    t = await createTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/parts', '/parts/123', '/dashboard/allorders', '/no/such/page'])(
    'answers the page %s with index.html, revalidated',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('sends the pre-compressed copy of an asset when the browser accepts it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.equals(Buffer.from('compressed'))).toBe(true);
  });

  it('caches hashed assets for a year as immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves robots.txt and answers a missing asset with 404, not the page', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('User-agent');
    // The API's robots.txt wins over a file of that name left in the built web app.
    expect(robots.body).toContain('Disallow: /dashboard');
    expect(robots.body).toMatch(/^Sitemap: http:\/\/\S+\/sitemap\.xml$/m);
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(missing.statusCode).toBe(404);
  });
});
