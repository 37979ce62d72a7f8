import { describe, expect, it } from 'vitest';
import {
  acceptsGzip,
  EDIT_TAG,
  etagMatches,
  etagOf,
  jsonArrayResponse,
  partTag,
  ResponseCache,
  STOCK_TAG,
} from './response-cache.js';

const answer = (text: string) => ({ body: Buffer.from(text), headers: {} });

describe('ResponseCache', () => {
  it('computes once and then answers from memory', async () => {
    const cache = new ResponseCache();
    let calls = 0;
    const compute = async () => answer(`v${++calls}`);
    await cache.getOrCompute('k', compute);
    const second = await cache.getOrCompute('k', compute);
    expect(calls).toBe(1);
    expect(second.body.toString()).toBe('v1');
  });

  it('does not store an answer computed across an invalidation', async () => {
    const cache = new ResponseCache();
    let release!: () => void;
    const pending = cache.getOrCompute('k', async () => {
      await new Promise<void>((r) => (release = r));
      return answer('stale');
    });
    await Promise.resolve();
    cache.invalidate();
    release();
    expect((await pending).body.toString()).toBe('stale');
    expect(cache.get('k')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = new ResponseCache(2);
    for (const k of ['a', 'b', 'c']) await cache.getOrCompute(k, async () => answer(k));
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')?.body.toString()).toBe('c');
  });

  it('tells listeners about invalidations, but not about remote ones', () => {
    const cache = new ResponseCache();
    let told = 0;
    cache.onInvalidate(() => told++);
    cache.invalidate();
    cache.invalidateLocal();
    expect(told).toBe(1);
  });

  it('drops by tag only the answers that carry it, and untagged answers always', async () => {
    const cache = new ResponseCache();
    const tagged = (text: string, tags?: string[]) => async () => ({
      ...answer(text),
      ...(tags ? { tags } : {}),
    });
    await cache.getOrCompute('page-a', tagged('a', [partTag('1'), partTag('2')]));
    await cache.getOrCompute('page-b', tagged('b', [partTag('3')]));
    await cache.getOrCompute('in-stock', tagged('s', [STOCK_TAG]));
    await cache.getOrCompute('fitment', tagged('f', []));
    await cache.getOrCompute('untagged', tagged('u'));
    await cache.invalidateStock(['2', null]);
    expect(cache.get('page-a')).toBeUndefined();
    expect(cache.get('in-stock')).toBeUndefined();
    expect(cache.get('untagged')).toBeUndefined();
    expect(cache.get('page-b')?.body.toString()).toBe('b');
    expect(cache.get('fitment')?.body.toString()).toBe('f');
    cache.invalidate();
    expect(cache.size).toBe(0);
  });

  it('tells tag listeners the tags, and waits for them', async () => {
    const cache = new ResponseCache();
    const heard: (readonly string[])[] = [];
    let settled = false;
    cache.onInvalidateTags(async (tags) => {
      await new Promise((r) => setTimeout(r, 10));
      heard.push(tags);
      settled = true;
    });
    await cache.invalidateStock(['7']);
    expect(settled).toBe(true);
    expect(heard).toEqual([[STOCK_TAG, partTag('7')]]);
  });

  it('stores an answer computed across an invalidation that did not touch it', async () => {
    const cache = new ResponseCache();
    let release!: () => void;
    const pending = cache.getOrCompute('k', async () => {
      await new Promise<void>((r) => (release = r));
      return { ...answer('fresh'), tags: [partTag('1')] };
    });
    await Promise.resolve();
    cache.invalidateTagsLocal([partTag('2')]);
    release();
    await pending;
    expect(cache.get('k')?.body.toString()).toBe('fresh');
  });

  it('drops every answer for an edit, tags it for other processes, and stores nothing computed across it', async () => {
    const cache = new ResponseCache();
    const heard: (readonly string[])[] = [];
    const changes: (ReadonlySet<string> | null)[] = [];
    cache.onInvalidateTags(async (tags) => void heard.push(tags));
    cache.onChange((tags) => changes.push(tags));
    await cache.getOrCompute('other-part', async () => ({ ...answer('o'), tags: [partTag('9')] }));
    await cache.getOrCompute('fitment', async () => ({ ...answer('f'), tags: [] }));
    let release!: () => void;
    const pending = cache.getOrCompute('page', async () => {
      await new Promise<void>((r) => (release = r));
      return { ...answer('before the edit'), tags: [partTag('9')] };
    });
    await Promise.resolve();
    await cache.invalidateEdited(['5']);
    release();
    await pending;
    expect(cache.size).toBe(0);
    expect(heard).toEqual([[EDIT_TAG, partTag('5')]]);
    expect(changes).toEqual([new Set([EDIT_TAG, partTag('5')])]);
  });

  it('shares one computation between concurrent misses, but not across an invalidation', async () => {
    const cache = new ResponseCache();
    let calls = 0;
    let release!: () => void;
    const slow = async () => {
      const n = ++calls;
      await new Promise<void>((r) => (release = r));
      return { ...answer(`v${n}`), tags: [partTag('1')] };
    };
    const first = cache.getOrCompute('k', slow);
    const joined = cache.getOrCompute('k', slow);
    expect(calls).toBe(1);
    cache.invalidateTagsLocal([partTag('1')]);
    const releaseFirst = release;
    const after = cache.getOrCompute('k', slow);
    expect(calls).toBe(2);
    releaseFirst();
    release();
    expect((await first).body.toString()).toBe('v1');
    expect((await joined).body.toString()).toBe('v1');
    expect((await after).body.toString()).toBe('v2');
    expect(cache.get('k')?.body.toString()).toBe('v2');
  });
});

describe('validators and Cache-Control', () => {
  it('gives each answer an ETag once, when it takes it, and its own Cache-Control unless the answer names one', async () => {
    const cache = new ResponseCache(10, 'public, no-cache');
    const plain = await cache.getOrCompute('a', async () => answer('one'));
    expect(plain.headers).toEqual({ 'cache-control': 'public, no-cache' });
    expect(plain.etag).toBe(etagOf(plain));
    const own = await cache.getOrCompute('b', async () => ({
      ...answer('two'),
      headers: { 'cache-control': 'no-store' },
    }));
    expect(own.headers).toEqual({ 'cache-control': 'no-store' });
    // Bypassed (the bus is down): still prepared, never kept.
    cache.setBypass(true);
    const bypassed = await cache.getOrCompute('c', async () => answer('three'));
    expect(bypassed.etag).toBe(etagOf(bypassed));
    expect(cache.get('c')).toBeUndefined();
  });

  it('makes equal validators of equal answers only: status, type, headers and body all count', () => {
    const base = { body: Buffer.from('[1]'), headers: { 'X-Total-Count': '1' } };
    expect(etagOf(base)).toBe(etagOf({ body: Buffer.from('[1]'), headers: { 'X-Total-Count': '1' } }));
    expect(etagOf(base)).toMatch(/^W\/"[\w-]{27}"$/);
    for (const other of [
      { ...base, body: Buffer.from('[2]') },
      { ...base, headers: { 'X-Total-Count': '2' } },
      { ...base, status: 404 },
      { ...base, type: 'text/html; charset=utf-8' },
    ]) {
      expect(etagOf(other)).not.toBe(etagOf(base));
    }
  });

  it('reads If-None-Match as RFC 9110 writes it', () => {
    const etag = 'W/"abc"';
    expect(etagMatches('W/"abc"', etag)).toBe(true);
    expect(etagMatches('"abc"', etag)).toBe(true);
    expect(etagMatches('"x", W/"abc"', etag)).toBe(true);
    expect(etagMatches(['"x"', '"abc"'], etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
    expect(etagMatches('"abcd"', etag)).toBe(false);
    expect(etagMatches('', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });

  it('gives an answer marked not to keep to those who asked for it, and keeps nothing', async () => {
    const cache = new ResponseCache();
    let calls = 0;
    const compute = async () => ({ ...answer(`v${++calls}`), keep: false });
    const [first, joined] = await Promise.all([
      cache.getOrCompute('k', compute),
      cache.getOrCompute('k', compute),
    ]);
    expect(first).toBe(joined);
    expect(cache.get('k')).toBeUndefined();
    expect((await cache.getOrCompute('k', compute)).body.toString()).toBe('v2');
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['*', true],
    ['gzip;q=0', false],
    ['gzip;q=0, *', false],
    ['deflate, br', false],
    ['identity', false],
    ['*;q=0', false],
    ['', false],
  ])('%j → %s', (header, accepted) => {
    expect(acceptsGzip(header)).toBe(accepted);
  });

  it('reads a header sent more than once', () => {
    expect(acceptsGzip(['br', 'gzip'])).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe('jsonArrayResponse', () => {
  it('writes what JSON.stringify writes, with items shared between answers', () => {
    const a = { _id: 'a', name: 'Brake pads "sintered"', fitment: [{ make: 'Yamaha', note: null }] };
    const b = { _id: 'b', price: 12.5, tags: ['x', 'y'], nested: { deep: [1, 2, 3] } };
    expect(jsonArrayResponse([]).body.toString()).toBe('[]');
    expect(jsonArrayResponse([a, b]).body.toString()).toBe(JSON.stringify([a, b]));
    const again = jsonArrayResponse([b, a, b], { 'X-Total-Count': '3' }, ['part:a']);
    expect(again.body.toString()).toBe(JSON.stringify([b, a, b]));
    expect(again.headers).toEqual({ 'X-Total-Count': '3' });
    expect(again.tags).toEqual(['part:a']);
  });
});
