import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import * as schema from './schema.js';
import { acquireDataDirLock, type DataDirLock } from './lock.js';
import { copyFolder } from '../lib/tar.js';
import { migratedTemplate, templateBlob, unpackTemplate } from './pglite-template.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the connection URL (a backup hands it to pg_dump). */
  url?: string;
  /**
   * PGlite: runs `read`, then copies the data folder's files into the new folder `into`, while no
   * other statement can run (a backup's consistent snapshot, see modules/backups). A database in
   * memory has no files: its dump, a plain tar of the folder, is answered instead.
   */
  exclusiveCopy?: <T>(
    read: (query: ReadQuery) => Promise<T>,
    into: string,
  ) => Promise<{ value: T; tar?: Buffer }>;
  /** Throws when the database cannot answer a trivial query. */
  ping(): Promise<void>;
  /** The connections now: in use, idle, and statements waiting for one (metrics). */
  pool?(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  inUse: number;
  idle: number;
  waiting: number;
  max: number;
}

export type ReadQuery = (text: string) => Promise<Record<string, unknown>[]>;

/**
 * How alike a typed word and a part name must be for the typo-tolerant search (`<%`). The default
 * 0.6 misses one-letter slips in short words ("hedlight" scores 0.58 against "Headlight").
 */
const WORD_SIMILARITY_THRESHOLD = 0.5;

/** See openPglite. */
const PGLITE_SHARED_BUFFERS = '32MB';

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface OpenOptions {
  databaseUrl: string | undefined;
  /** Where PGlite keeps its files; `memory://` keeps them in memory (tests). */
  pgliteDir: string;
  poolMax: number;
  log: Pick<Logger, 'error' | 'warn' | 'info'>;
  /** Another set of migrations (a test stops at an older one, then migrates the rest). */
  migrationsFolder?: string;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const database = opts.databaseUrl ? await openPostgres(opts) : await openPglite(opts);
  try {
    await migrateDatabase(database, opts.migrationsFolder);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

async function openPostgres(opts: OpenOptions): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({
    connectionString: opts.databaseUrl,
    max: opts.poolMax,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 15_000,
    query_timeout: 20_000,
    // No JIT: the shop's queries read a few index entries each, and when the planner's guesses
    // are stale (after an import, a restore) it priced a number search's recursive lookup past
    // jit_above_cost and spent 300–800 ms compiling a query that runs in under a millisecond.
    options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD} -c jit=off`,
  });
  // Without a listener, an idle client dropped by the server crashes the whole process.
  pool.on('error', (err) => opts.log.error({ err }, 'idle PostgreSQL client failed'));
  // A client in use loses its server too (a restart ends every session with 57P01), and the pool
  // listens only to idle ones: unheard, that error would crash the process. Its query fails
  // instead (503) and the pool drops the broken client when it comes back.
  pool.on('connect', (client) => {
    client.on('error', (err) => opts.log.warn({ err }, 'PostgreSQL connection lost'));
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    url: opts.databaseUrl,
    ping: async () => {
      await pool.query('select 1');
    },
    pool: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: opts.poolMax,
    }),
    close: () => pool.end(),
  };
}

/** What every PGlite database of the shop is opened with. */
async function pgliteOptions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return {
    // pg_trgm is compiled in but must be loaded for the migration's CREATE EXTENSION to find it.
    extensions: { pg_trgm },
    // PostgreSQL's default 128 MB of shared buffers is allocated inside PGlite's WebAssembly
    // memory at start, whatever the catalogue's size: 32 MB keeps the process near 200 MB instead
    // of 300 (pages beyond them are read through the operating system's file cache).
    postgresqlconf: [`shared_buffers = ${PGLITE_SHARED_BUFFERS}`],
  };
}

/** The dump a new PGlite database starts from (see pglite-template.ts), made if missing. */
async function pgliteTemplate(): Promise<string | undefined> {
  const { drizzle } = await import('drizzle-orm/pglite');
  return migratedTemplate({
    migrationsFolder,
    pgliteOptions: await pgliteOptions(),
    migrate: async (pglite) => {
      const { migrate: run } = await import('drizzle-orm/pglite/migrator');
      await run(drizzle(pglite), { migrationsFolder });
    },
  });
}

/** The build makes the dump, so that the shop's first start does not. */
export async function preparePgliteTemplate(): Promise<boolean> {
  return (await pgliteTemplate()) !== undefined;
}

/**
 * The write-ahead log's segments a copy of the files needs: from the one holding the last
 * checkpoint's redo point to the one being written. PostgreSQL keeps others in `pg_wal` (up to
 * max_wal_size, about 1 GB after the 100,000-part import): older ones it no longer needs, and
 * recycled ones renamed ahead for later, whose content is stale; recovery reads neither. Without
 * them a backup of that catalogue is a third of the size. pg_walfile_name gives the segment
 * before a boundary for a position exactly on one, so the range may hold one segment more.
 */
const WAL_IN_USE = `select pg_walfile_name(redo_lsn) as first, pg_walfile_name(pg_current_wal_insert_lsn()) as last
  from pg_control_checkpoint()`;

const WAL_SEGMENT = /^pg_wal\/([0-9A-F]{24})$/;

export function walSegmentNeeded(name: string, log: { first: string; last: string }): boolean {
  const segment = WAL_SEGMENT.exec(name)?.[1];
  return !segment || (segment >= log.first && segment <= log.last);
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let lock: DataDirLock | undefined;
  let dataDir: string | undefined;
  if (!opts.pgliteDir.startsWith('memory://')) {
    dataDir = path.resolve(opts.pgliteDir);
    // PGlite fails with ENOENT unless the parent folder exists.
    await fs.mkdir(path.dirname(dataDir), { recursive: true });
    lock = await acquireDataDirLock(path.dirname(dataDir));
  }
  let client;
  try {
    const options = await pgliteOptions();
    // A new database starts from a dump of a migrated one, unless it is to be migrated some
    // other way (a test of the migrations themselves).
    const fresh = !dataDir || !(await fs.stat(path.join(dataDir, 'PG_VERSION')).catch(() => undefined));
    const useTemplate = fresh && !opts.migrationsFolder;
    if (dataDir) {
      const template = useTemplate ? await pgliteTemplate() : undefined;
      if (template) await unpackTemplate(template, dataDir);
      client = await PGlite.create(dataDir, options);
    } else {
      const template = useTemplate ? await pgliteTemplate() : undefined;
      client = await PGlite.create(
        template ? { ...options, loadDataDir: await templateBlob(template) } : options,
      );
    }
  } catch (err) {
    await lock?.release();
    throw err;
  }
  await client.exec(`set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  const pending = countPending(client);
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // Every statement of the app goes through PGlite's transaction lock (query, exec and
    // transaction all take it). Inside a transaction of our own, nothing else runs until the copy
    // is made: the files are those of one moment, which PostgreSQL's recovery opens like after a
    // power cut. On disk the kernel copies them, off the event loop, so the shop's answers from
    // memory go on meanwhile; PGlite's own dumpDataDir would read every file through its
    // WebAssembly memory into one Blob (1.5 GB at 100,000 parts), on the event loop.
    exclusiveCopy: async (read, into) => {
      // Flushed to the files first, so a restore has little log to replay.
      await client.exec('checkpoint');
      const { value, dump } = await client.transaction(async (tx) => {
        const value = await read(async (text) => (await tx.query<Record<string, unknown>>(text)).rows);
        if (dataDir) {
          const [log] = (await tx.query<{ first: string; last: string }>(WAL_IN_USE)).rows;
          if (!log) throw new Error('PGlite told no write-ahead log position');
          await copyFolder(dataDir, into, (name) => walSegmentNeeded(name, log));
          return { value, dump: undefined };
        }
        return { value, dump: await client.dumpDataDir('none') };
      });
      return dump ? { value, tar: Buffer.from(await dump.arrayBuffer()) } : { value };
    },
    ping: async () => {
      await client.query('select 1');
    },
    // One connection: in use while a statement or transaction runs, the rest wait for it.
    pool: () => {
      const n = pending();
      return { inUse: Math.min(n, 1), idle: n ? 0 : 1, waiting: Math.max(n - 1, 0), max: 1 };
    },
    close: async () => {
      await client.close();
      await lock?.release();
    },
  };
}

/**
 * PGlite runs one statement or transaction at a time; its queue is not public, so the calls that
 * hold or wait for it are counted here (a counter and a `finally` per call: nothing next to the
 * statement itself).
 */
function countPending(client: object): () => number {
  let pending = 0;
  type Call = (...args: unknown[]) => Promise<unknown>;
  const methods = client as Record<'query' | 'exec' | 'transaction', Call>;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = methods[name].bind(client);
    methods[name] = (...args) => {
      pending++;
      return original(...args).finally(() => pending--);
    };
  }
  return () => pending;
}

/** Applies the migrations not applied yet (at start, and in the migration tests). */
export async function migrateDatabase(database: Database, folder = migrationsFolder): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(database.db as never, { migrationsFolder: folder });
    return;
  }
  const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
  // Several API processes may start together against one PostgreSQL: let one migrate at a time.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
    await run(tx as never, { migrationsFolder: folder });
  });
}
