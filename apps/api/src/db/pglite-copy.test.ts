import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, walSegmentNeeded, type Database } from './client.js';

const quiet = { error: () => {}, warn: () => {}, info: () => {} };
const segments = async (dir: string) =>
  (await fs.readdir(path.join(dir, 'pg_wal'))).filter((name) => /^[0-9A-F]{24}$/.test(name)).sort();

// PGlite only: it opens PGlite databases of its own (vitest.config.ts runs it once).
describe("PGlite's files copied for a backup", () => {
  let work: string;
  let database: Database;
  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-pglite-copy-'));
    database = await openDatabase({
      databaseUrl: undefined,
      pgliteDir: path.join(work, 'shop/db'),
      poolMax: 1,
      log: quiet,
    });
  });
  afterAll(async () => {
    await database?.close();
    await fs.rm(work, { recursive: true, force: true });
  });

  it('keeps the log segments from the last checkpoint on, which is all a restore needs', async () => {
    const db = database.db;
    // Enough writes for several log segments, then a checkpoint: the ones before it are kept on
    // disk, renamed ahead for reuse, and a copy leaves them out.
    await db.execute(sql`create table filler (id int primary key, body text)`);
    for (let i = 0; i < 4; i++) {
      await db.execute(
        // Hex digests do not compress: about 2 KB of log per row.
        sql`insert into filler select g, (select string_agg(md5(g::text || x::text), '') from generate_series(1, 64) x) from generate_series(${i * 5000 + 1}::int, ${(i + 1) * 5000}::int) g`,
      );
    }
    await db.execute(sql`checkpoint`);
    await db.execute(sql`insert into filler values (20001, 'after the checkpoint')`);

    const into = path.join(work, 'copy');
    const { value: counted, tar } = await database.exclusiveCopy!(
      async (query) => (await query('select count(*)::int as n from filler'))[0],
      into,
    );
    expect(counted).toEqual({ n: 20_001 });
    expect(tar).toBeUndefined();
    const source = await segments(path.join(work, 'shop/db'));
    const copied = await segments(into);
    expect(copied.length).toBeGreaterThan(0);
    expect(copied.length).toBeLessThan(source.length);
    expect(copied.every((name) => source.includes(name))).toBe(true);

    // The copy opens as a database of its own, with every row, the last one too.
    const restored = await openDatabase({ databaseUrl: undefined, pgliteDir: into, poolMax: 1, log: quiet });
    try {
      const rows = (await restored.db.execute(
        sql`select count(*)::int as n, max(id) as last from filler`,
      )) as unknown as { rows: { n: number; last: number }[] };
      expect(rows.rows).toEqual([{ n: 20_001, last: 20_001 }]);
    } finally {
      await restored.close();
    }
  }, 60_000);

  it('names the segments it needs by the range, and keeps every other file', () => {
    const log = { first: '000000010000000000000003', last: '000000010000000000000005' };
    expect(walSegmentNeeded('pg_wal/000000010000000000000002', log)).toBe(false);
    expect(walSegmentNeeded('pg_wal/000000010000000000000003', log)).toBe(true);
    expect(walSegmentNeeded('pg_wal/000000010000000000000005', log)).toBe(true);
    expect(walSegmentNeeded('pg_wal/000000010000000000000006', log)).toBe(false);
    expect(walSegmentNeeded('pg_wal/archive_status/000000010000000000000002.done', log)).toBe(true);
    expect(walSegmentNeeded('base/5/000000010000000000000002', log)).toBe(true);
    expect(walSegmentNeeded('global/pg_control', log)).toBe(true);
  });
});
