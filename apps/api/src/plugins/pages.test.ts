import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { createPart } from '../seed/factories.js';
import { bearer, signUp } from '../test/accounts.js';
import { createTestDatabase, testConfig } from '../test/app.js';
import { canonicalPagePath } from './web.js';
import { DELIVERY_ADDRESS } from '../test/orders.js';

/*
 * The page route with the web app's renderer stood in for by a small server bundle written here
 * (dist-server/entry-server.js, loaded as the real one is). The stand-in keeps the real one's
 * contract: it reads the API through the fetch it is given and answers the status the page asks
 * for (404 unknown part, 500 data that failed to load, 503 while the database is down).
 */
const RENDERER = `
const renders = (globalThis.__pitstopPageRenders ??= []);
const page = (status, text) => ({
  status,
  head: '<title>' + text + '</title>',
  body: '<main>' + text + '</main>' + '<p>Genuine, tested parts.</p>'.repeat(20),
  state: '{}',
  modules: [],
});
export function createServerRenderer(origin, fetchApi) {
  const get = (url) => fetchApi(url, { method: 'GET', headers: { accept: 'application/json' } });
  return {
    async render(url) {
      renders.push(url);
      const { pathname } = new URL(url, origin);
      if (pathname === '/order') return null;
      if (pathname === '/about') return page(200, 'About');
      if (pathname === '/no-data') return page(500, 'The page could not be loaded');
      if (pathname === '/health-page') {
        const res = await get('/health/live');
        return page(200, 'Health ' + res.status);
      }
      const match = /^\\/parts\\/([^/]+)$/.exec(pathname);
      if (!match) return page(404, 'Page not found');
      const [part, reviews] = await Promise.all([get('/api/parts/' + match[1]), get('/api/parts/' + match[1] + '/reviews')]);
      if (part.status === 503 || reviews.status === 503) return page(503, 'Back in a moment');
      if (part.status === 404 || part.status === 400) return page(404, 'Part not found');
      if (!part.ok || !reviews.ok) return page(500, 'The page could not be loaded');
      const { name, availablequantity } = await part.json();
      return page(200, name + ': ' + availablequantity + ' in stock, ' + (await reviews.json()).length + ' reviews');
    },
  };
}
`;

const TEMPLATE = (build: string) =>
  `<!doctype html><html><head><title>Pitstop</title><script type="module" src="/assets/index-${build}.js"></script></head><body><div id="root"></div></body></html>`;

const renders = (): string[] =>
  ((globalThis as { __pitstopPageRenders?: string[] }).__pitstopPageRenders ??= []);

/** How many times the renderer was asked for this address. */
const rendersOf = (url: string) => renders().filter((u) => u === url).length;

async function writeWeb(): Promise<string> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-pages-'));
  const webDist = path.join(root, 'dist');
  await fs.mkdir(path.join(webDist, 'assets'), { recursive: true });
  await fs.mkdir(path.join(root, 'dist-server'));
  await fs.writeFile(path.join(webDist, 'index.html'), TEMPLATE('one'));
  await fs.writeFile(path.join(root, 'dist-server', 'entry-server.js'), RENDERER);
  return webDist;
}

describe('server-rendered pages', () => {
  let database: Database;
  let app: FastifyInstance;
  let webDist: string;
  let partA: string;
  let partB: string;

  beforeAll(async () => {
    webDist = await writeWeb();
    database = await createTestDatabase();
    app = await buildApp(testConfig({ WEB_DIST: webDist }), {
      database,
      logger: false,
    });
    await app.ready();
    partA = (await createPart(database.db, { name: 'Sintered pads', availablequantity: 10, minquantity: 1 }))
      .id;
    partB = (await createPart(database.db, { name: 'Chain kit', availablequantity: 5, minquantity: 1 })).id;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await fs.rm(path.dirname(webDist), { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('renders a part page once, then answers it from memory with an ETag, and 304 to a browser that holds it', async () => {
    const url = `/parts/${partA}`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toBe('accept-encoding');
    expect(first.body).toContain('<main>Sintered pads: 10 in stock, 0 reviews</main>');
    expect(first.body).toContain('<script type="module" src="/assets/index-one.js">');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const again = await get(url);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);
    expect(rendersOf(url)).toBe(1);

    const gzipped = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(first.body);
    expect(gzipped.headers.etag).toBe(etag);

    const revalidated = await get(url, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload).toHaveLength(0);
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers['cache-control']).toBe('no-cache');
    expect(revalidated.headers.vary).toBe('accept-encoding');
    expect(rendersOf(url)).toBe(1);
  });

  it('shows a stock change on the very next request, and keeps the pages of other parts', async () => {
    const urlA = `/parts/${partA}`;
    const urlB = `/parts/${partB}`;
    const before = await get(urlA);
    await get(urlB);
    const rendersOfB = rendersOf(urlB);

    const buyer = await signUp(app);
    const ordered = await app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(buyer.token),
      payload: {
        email: buyer.email,
        name: 'Page Rider',
        num: '555-0101',
        parts: 'x',
        quantity: 3,
        productId: partA,
        address: DELIVERY_ADDRESS,
      },
    });
    expect(ordered.statusCode).toBe(200);

    const after = await get(urlA, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Sintered pads: 7 in stock');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // The other part's page was not touched by the order: still answered without a render.
    expect((await get(urlB)).statusCode).toBe(200);
    expect(rendersOf(urlB)).toBe(rendersOfB);
  });

  it('renders the same page for every visitor, whoever is signed in', async () => {
    const url = '/about';
    const anonymous = await get(url);
    const buyer = await signUp(app);
    const signedIn = await get(url, { ...bearer(buyer.token), cookie: 'better-auth.session_token=x' });
    expect(signedIn.body).toBe(anonymous.body);
    expect(signedIn.headers.etag).toBe(anonymous.headers.etag);
    expect(rendersOf(url)).toBe(1);
  });

  it('keeps an unknown part a 404, rendered each time and never kept', async () => {
    const url = '/parts/00000000-0000-4000-8000-000000000000';
    for (let i = 1; i <= 2; i++) {
      const res = await get(url, { 'if-none-match': '*' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<main>Part not found</main>');
      expect(res.headers.etag).toBeUndefined();
      expect(rendersOf(url)).toBe(i);
    }
  });

  it('answers 500 for a page whose data failed to load, never kept and not to be stored', async () => {
    for (let i = 1; i <= 2; i++) {
      const res = await get('/no-data');
      expect(res.statusCode).toBe(500);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['retry-after']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
      expect(res.body).toContain('<main>The page could not be loaded</main>');
      expect(rendersOf('/no-data')).toBe(i);
    }
  });

  it('does not keep a page built from a read the catalogue cache does not follow', async () => {
    await get('/health-page');
    await get('/health-page');
    expect(rendersOf('/health-page')).toBe(2);
  });

  it('sends a signed-in screen as the shell, revalidated', async () => {
    const res = await get('/order');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(TEMPLATE('one'));
    const revalidated = await get('/order', { 'if-none-match': String(res.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
  });

  it('moves a page to its one address: lower case, no trailing slash, no doubled slash, query kept', async () => {
    for (const [from, to] of [
      ['/Parts', '/parts'],
      ['/about/', '/about'],
      ['/parts/?brand=Honda&year=2019', '/parts?brand=Honda&year=2019'],
      [`/PARTS/${partA.toUpperCase()}`, `/parts/${partA}`],
    ] as const) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url: from });
        expect(res.statusCode, `${method} ${from}`).toBe(301);
        expect(res.headers.location, `${method} ${from}`).toBe(to);
      }
    }
    expect((await get('/')).statusCode).not.toBe(301);
    expect((await get(`/parts/${partA}`)).statusCode).toBe(200);
  });

  it('drops every page when the web app is rebuilt', async () => {
    const url = `/parts/${partB}`;
    await get(url);
    const before = rendersOf(url);
    const indexFile = path.join(webDist, 'index.html');
    await fs.writeFile(indexFile, TEMPLATE('two'));
    // A later modification time, also where the file system keeps coarse times.
    const later = new Date(Date.now() + 5_000);
    await fs.utimes(indexFile, later, later);
    const res = await get(url);
    expect(res.body).toContain('/assets/index-two.js');
    expect(rendersOf(url)).toBe(before + 1);
  });
});

describe('server-rendered pages while the database is down', () => {
  it('answers 503 with Retry-After, never kept and not to be stored', async () => {
    const webDist = await writeWeb();
    const database = await createTestDatabase();
    const app = await buildApp(testConfig({ WEB_DIST: webDist }), { database, logger: false });
    await app.ready();
    const part = await createPart(database.db, { name: 'Brake lever' });
    await database.close();
    try {
      const url = `/parts/${part.id}`;
      for (let i = 1; i <= 2; i++) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.body).toContain('<main>Back in a moment</main>');
        expect(rendersOf(url)).toBe(i);
      }
    } finally {
      await app.close();
      await fs.rm(path.dirname(webDist), { recursive: true, force: true });
    }
  });
});

describe('canonicalPagePath', () => {
  it.each([
    ['/', '/'],
    ['/parts', '/parts'],
    ['/Parts', '/parts'],
    ['/parts/', '/parts'],
    ['//parts//x/', '/parts/x'],
    ['//', '/'],
  ])('%s → %s', (from, to) => {
    expect(canonicalPagePath(from)).toBe(to);
  });

  it('never moves a path with a backslash, which a browser would read as a slash', () => {
    expect(canonicalPagePath('/\\evil.example')).toBeNull();
  });
});
