import { describe, expect, it } from 'vitest';
import { batchLoader } from './batch-load.js';

/** A loader over a fixed table that records every batch of keys it was asked for. */
function counted(table: Record<string, number>) {
  const batches: string[][] = [];
  const load = batchLoader(async (keys: string[]) => {
    batches.push(keys);
    await new Promise((resolve) => setTimeout(resolve, 1));
    return new Map(keys.filter((k) => k in table).map((k) => [k, table[k]!]));
  });
  return { load, batches };
}

describe('batchLoader', () => {
  it('loads the keys asked for in one turn once, each key once, and answers each caller its own', async () => {
    const { load, batches } = counted({ a: 1, b: 2 });
    const answers = await Promise.all([load('a'), load('b'), load('a'), load('gone')]);
    expect(answers).toEqual([1, 2, 1, null]);
    expect(batches).toEqual([['a', 'b', 'gone']]);
  });

  it('shares the load among async callers started side by side, as a job run starts its mails', async () => {
    const { load, batches } = counted({ a: 1, b: 2 });
    const render = async (key: string) => {
      const parsed = key.trim(); // work before the read, as a renderer parses its payload
      return `mail for ${await load(parsed)}`;
    };
    expect(await Promise.all(['a', 'b', 'a'].map(render))).toEqual([
      'mail for 1',
      'mail for 2',
      'mail for 1',
    ]);
    expect(batches).toHaveLength(1);
  });

  it('keeps nothing: a key asked for in a later turn is read again', async () => {
    const table = { a: 1 };
    const { load, batches } = counted(table);
    expect(await load('a')).toBe(1);
    table.a = 5;
    expect(await load('a')).toBe(5);
    expect(batches).toEqual([['a'], ['a']]);
  });

  it("rejects every caller of a failed load, and the next turn's load runs afresh", async () => {
    let fail = true;
    const load = batchLoader(async (keys: string[]) => {
      if (fail) throw new Error('database gone');
      return new Map(keys.map((k) => [k, k.length]));
    });
    const first = await Promise.allSettled([load('a'), load('bb')]);
    expect(first.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await load('bb')).toBe(2);
  });

  it('rejects its callers when the load throws before answering a promise', async () => {
    const load = batchLoader((): Promise<Map<string, number>> => {
      throw new Error('bad');
    });
    await expect(load('a')).rejects.toThrow('bad');
  });
});
