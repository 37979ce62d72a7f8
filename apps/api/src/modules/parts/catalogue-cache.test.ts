import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Part } from '@pitstop/core/parts';
import type { Database } from '../../db/client.js';
import { createPart } from '../../seed/factories.js';
import { orders } from '../../db/schema.js';
import { partTag } from '../../lib/response-cache.js';
import { busLabel, useTwoProcesses } from '../../test/app.js';
import { bearer, signUp, type Customer } from '../../test/accounts.js';
import { DELIVERY_ADDRESS } from '../../test/orders.js';

/*
 * An order changes the stock of its parts only: the cached answers that show those parts (or
 * count stock) are dropped, on this process and the other, before the order is acknowledged;
 * every other cached page stays. Two instances on one database stand for two processes
 * (sharing REDIS_URL when set, else an in-memory bus with the same contract).
 */
describe(`catalogue cache under orders (${busLabel})`, () => {
  let database: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let buyer: Customer;
  const partIds: string[] = [];

  const two = useTwoProcesses({
    env: {
      // The expiry job runs often, so a test can watch an order expire.
      ORDER_EXPIRY_INTERVAL_SECONDS: '0.1',
    },
  });
  beforeAll(async () => {
    ({ a, b, database } = two);
    for (let i = 0; i < 4; i++) {
      const part = await createPart(database.db, { availablequantity: 10, minquantity: 1 });
      partIds.push(part.id);
    }
    buyer = await signUp(a);
  });

  const read = async (app: FastifyInstance, url: string) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const order = async (app: FastifyInstance, productId: string, quantity: number) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(buyer.token),
      payload: {
        email: buyer.email,
        name: 'Cache Rider',
        num: '555-0101',
        parts: 'x',
        quantity,
        productId,
        address: DELIVERY_ADDRESS,
      },
    });
    expect(res.statusCode).toBe(200);
  };

  const pageOne = '/api/parts?limit=2';
  const pageTwo = '/api/parts?limit=2&offset=2';
  const inStock = '/api/parts?limit=2&inStock=true';
  const facets = '/api/parts/facets';

  it('drops only the answers an order changed, everywhere, and shows the new stock at once', async () => {
    const first = (await read(b, pageOne)) as Part[];
    const second = (await read(b, pageTwo)) as Part[];
    expect(second).toHaveLength(2);
    const sold = first[0]!;
    const other = second[0]!;
    await read(b, `/api/parts/${sold._id}`);
    await read(b, `/api/parts/${other._id}`);
    await read(b, inStock);
    await read(b, facets);
    await read(a, pageOne);

    await order(a, sold._id, 3);

    for (const app of [a, b]) expect(app.catalogueCache.get(pageOne)).toBeUndefined();
    for (const url of [`/api/parts/${sold._id}`, inStock, facets]) {
      expect(b.catalogueCache.get(url)).toBeUndefined();
    }
    // Pages without the part stay cached.
    expect(b.catalogueCache.get(pageTwo)).toBeDefined();
    expect(b.catalogueCache.get(`/api/parts/${other._id}`)).toBeDefined();

    // The very next reads, on the other process, show the stock after the order.
    const after = (await read(b, pageOne)) as Part[];
    expect(after.find((p) => p._id === sold._id)?.availablequantity).toBe(sold.availablequantity - 3);
    expect(((await read(b, `/api/parts/${sold._id}`)) as Part).availablequantity).toBe(
      sold.availablequantity - 3,
    );
  });

  it('gives the stock of a deleted or expired order back, dropping only the answers that show its parts', async () => {
    const part = ((await read(b, pageOne)) as Part[])[1]!;
    const place = async () => {
      const res = await a.inject({
        method: 'POST',
        url: '/api/order',
        headers: bearer(buyer.token),
        payload: {
          email: buyer.email,
          name: 'Cache Rider',
          num: '555-0101',
          parts: 'x',
          quantity: 2,
          productId: part._id,
          address: DELIVERY_ADDRESS,
        },
      });
      expect(res.statusCode).toBe(200);
      // Both pages cached on the other process after the order.
      await read(b, pageOne);
      await read(b, pageTwo);
      return res.json().insertedId as string;
    };
    const shown = async () =>
      ((await read(b, pageOne)) as Part[]).find((p) => p._id === part._id)?.availablequantity;

    const deleted = await a.inject({
      method: 'DELETE',
      url: `/api/order/${await place()}`,
      headers: bearer(buyer.token),
    });
    expect(deleted.json()).toEqual({ deletedCount: 1 });
    expect(b.catalogueCache.get(pageOne)).toBeUndefined();
    expect(b.catalogueCache.get(pageTwo)).toBeDefined();
    expect(await shown()).toBe(part.availablequantity);

    const expiring = await place();
    expect(await shown()).toBe(part.availablequantity - 2);
    await database.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(orders.id, expiring));
    await expect.poll(() => b.catalogueCache.get(pageOne), { timeout: 10_000, interval: 50 }).toBeUndefined();
    expect(b.catalogueCache.get(pageTwo)).toBeDefined();
    expect(await shown()).toBe(part.availablequantity);
  });

  it('keeps a sold-out part out of in-stock pages and counts at once', async () => {
    const before = (await read(b, `${facets}?inStock=true`)) as { inStock: number };
    const listed = (await read(b, '/api/parts?limit=10&inStock=true')) as Part[];
    const target = listed.find((p) => p.availablequantity > 0)!;
    await read(b, '/api/parts?limit=10&inStock=true');
    await order(a, target._id, target.availablequantity);
    const after = (await read(b, '/api/parts?limit=10&inStock=true')) as Part[];
    expect(after.map((p) => p._id)).not.toContain(target._id);
    expect(((await read(b, `${facets}?inStock=true`)) as { inStock: number }).inStock).toBe(
      before.inStock - 1,
    );
  });

  it('does not keep a page computed while an order changed it, but keeps one it did not change', async () => {
    // Reads that started before the order: only the one showing the ordered part is thrown away.
    const [sold, untouched] = [partIds[3]!, partIds[2]!];
    const changed = b.catalogueCache.getOrCompute('/test/race-sold', async () => {
      await order(a, sold, 1);
      return { body: Buffer.from('before the order'), headers: {}, tags: [partTag(sold)] };
    });
    await changed;
    expect(b.catalogueCache.get('/test/race-sold')).toBeUndefined();
    const unchanged = b.catalogueCache.getOrCompute('/test/race-other', async () => {
      await order(a, sold, 1);
      return { body: Buffer.from('still right'), headers: {}, tags: [partTag(untouched)] };
    });
    await unchanged;
    expect(b.catalogueCache.get('/test/race-other')?.body.toString()).toBe('still right');
  });

  it('sends a cached page gzip-compressed to clients that accept it, and the new stock after an order', async () => {
    const url = '/api/parts?limit=4';
    const gzipped = async () => {
      const res = await b.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br;q=1, gzip;q=0.8' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      return JSON.parse(gunzipSync(res.rawPayload).toString()) as Part[];
    };
    const plain = (await read(b, url)) as Part[];
    expect(plain.length).toBeGreaterThan(2);
    expect(await gzipped()).toEqual(plain);
    // Served from the cache the second time, compressed bytes and all.
    expect(b.catalogueCache.get(url)).toBeDefined();
    expect(await gzipped()).toEqual(plain);
    // A client that refuses gzip gets the plain bytes.
    const refused = await b.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip;q=0, identity' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain);

    const sold = plain.find((p) => p.availablequantity > 1)!;
    await order(a, sold._id, 1);
    const after = await gzipped();
    expect(after.find((p) => p._id === sold._id)?.availablequantity).toBe(sold.availablequantity - 1);
  });
});
