import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.js';

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
});
