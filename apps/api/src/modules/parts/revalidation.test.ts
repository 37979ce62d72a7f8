import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Part } from '@pitstop/core/parts';
import { createPart } from '../../seed/factories.js';
import { bearer, signUp } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { DELIVERY_ADDRESS } from '../../test/orders.js';

/*
 * Every answer of the catalogue cache (decisions 002 and 020) can be revalidated: it carries an
 * ETag made from the bytes the cache keeps and an explicit Cache-Control, and a client that
 * names that ETag gets 304 with no body, until a change to what the answer shows.
 */
let t: TestApp;
let part: Part;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const row = await createPart(t.database.db, { availablequantity: 10, minquantity: 1 });
  part = (await t.app.inject({ method: 'GET', url: `/api/parts/${row.id}` })).json();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('revalidating the catalogue answers', () => {
  const cached = () => [
    '/api/parts?limit=24',
    `/api/parts/${part._id}`,
    '/api/parts/facets',
    `/api/parts/${part._id}/fitment`,
    `/api/parts/${part._id}/reviews`,
    '/api/reviews?limit=6',
    '/api/search/suggest?q=brake',
    '/api/vehicles/years',
  ];

  it('answers each with an ETag and Cache-Control, and 304 with no body to a client that holds it', async () => {
    for (const url of cached()) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control'], url).toBe('public, no-cache');
      const etag = first.headers.etag;
      expect(etag, url).toMatch(/^W\/"[\w-]+"$/);
      // The same answer again (now from the cache) has the same validator.
      expect((await get(url)).headers.etag, url).toBe(etag);

      const again = await get(url, { 'if-none-match': String(etag) });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload, url).toHaveLength(0);
      expect(again.headers.etag, url).toBe(etag);
      expect(again.headers['cache-control'], url).toBe('public, no-cache');
      expect(again.headers['content-encoding'], url).toBeUndefined();
    }
  });

  it('matches the ETag weakly, in a list, or as *, and answers in full to any other', async () => {
    const url = '/api/parts?limit=24';
    const first = await get(url);
    const etag = String(first.headers.etag);
    const opaque = etag.slice(2);
    for (const header of [opaque, `"nope", ${etag}`, `W/"nope",${opaque}`, '*']) {
      expect((await get(url, { 'if-none-match': header })).statusCode, header).toBe(304);
    }
    const other = await get(url, { 'if-none-match': 'W/"nope"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('keeps one ETag for the plain and the gzip copy, and says both vary with Accept-Encoding, 304 too', async () => {
    const url = '/api/parts?limit=24';
    const plain = await get(url);
    const gzipped = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
    for (const res of [plain, gzipped]) expect(res.headers.vary).toBe('accept-encoding');
    const revalidated = await get(url, {
      'accept-encoding': 'gzip',
      'if-none-match': String(plain.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.vary).toBe('accept-encoding');
  });

  it('says the facets vary with Accept-Encoding, whichever copy goes', async () => {
    const plain = await get('/api/parts/facets');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzipped = await get('/api/parts/facets', { 'accept-encoding': 'gzip, br' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    for (const res of [plain, gzipped]) expect(res.headers.vary).toBe('accept-encoding');
  });

  it('answers HEAD with the same validator, and 304 to it', async () => {
    const url = `/api/parts/${part._id}`;
    const { etag } = (await get(url)).headers;
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(etag);
    const conditional = await t.app.inject({
      method: 'HEAD',
      url,
      headers: { 'if-none-match': String(etag) },
    });
    expect(conditional.statusCode).toBe(304);
  });

  it('answers the new stock in full after an order, to a client holding the old ETag', async () => {
    const urls = [`/api/parts/${part._id}`, '/api/parts?limit=100'];
    const before = await Promise.all(urls.map((url) => get(url)));
    const buyer = await signUp(t.app);
    const ordered = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(buyer.token),
      payload: {
        email: buyer.email,
        name: 'Etag Rider',
        num: '555-0101',
        parts: 'x',
        quantity: 2,
        productId: part._id,
        address: DELIVERY_ADDRESS,
      },
    });
    expect(ordered.statusCode).toBe(200);
    for (const [i, url] of urls.entries()) {
      const after = await get(url, { 'if-none-match': String(before[i]!.headers.etag) });
      expect(after.statusCode, url).toBe(200);
      expect(after.headers.etag, url).not.toBe(before[i]!.headers.etag);
      const shown = [after.json()].flat() as Part[];
      expect(shown.find((p) => p._id === part._id)?.availablequantity, url).toBe(part.availablequantity - 2);
    }
  });

  it('sends no validator with an error: an unknown part is a 404 problem every time', async () => {
    const url = '/api/parts/00000000-0000-4000-8000-000000000000';
    const res = await get(url, { 'if-none-match': '*' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers.etag).toBeUndefined();
  });

  it('keeps a customer’s own order list private to them', async () => {
    const buyer = await signUp(t.app);
    const url = `/api/order/${encodeURIComponent(buyer.email)}`;
    const res = await get(url, bearer(buyer.token));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const again = await get(url, { ...bearer(buyer.token), 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});
