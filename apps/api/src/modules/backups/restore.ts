import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client.js';
import { acquireDataDirLock } from '../../db/lock.js';
import { unpackTemplate } from '../../db/pglite-template.js';
import { backupRuns } from '../../db/schema.js';
import { isUploadName } from '../uploads/store.js';
import {
  codeMigrations,
  DUMP_ENTRY,
  MANIFEST_ENTRY,
  ManifestSchema,
  SNAPSHOT_QUERY,
  snapshotFacts,
  UPLOADS_PREFIX,
  type Manifest,
} from './manifest.js';
import { runPgTool } from './pg-tools.js';
import { bufferSink, fileSink, readTar } from '../../lib/tar.js';

/** A restore refused before anything was touched; its message says what to do. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export interface RestoreTarget {
  /** PostgreSQL to restore into; unset: PGlite in DATA_DIR/db. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Replace what is there instead of refusing a database or upload folder that is not empty. */
  force: boolean;
  log: { info(msg: string): void; warn(msg: string): void; error(msg: string): void };
}

export interface RestoreResult {
  manifest: Manifest;
  /** Migrations applied after the restore (the backup was older than the code). */
  migratedFrom: string | undefined;
  counts: Manifest['counts'];
  uploads: number;
}

/** The manifest, which is the file's first entry. */
export async function readManifest(file: string): Promise<Manifest> {
  let manifest: unknown;
  let first = true;
  const stop = new Error('stop');
  await readTar(file, async ({ name }) => {
    if (!first) throw stop;
    first = false;
    if (name !== MANIFEST_ENTRY)
      throw new RestoreRefused(`${file} is not a Pitstop backup (no manifest first)`);
    return bufferSink((bytes) => {
      manifest = JSON.parse(bytes.toString('utf8'));
    });
  }).catch((err: unknown) => {
    if (err !== stop) throw err;
  });
  const parsed = ManifestSchema.safeParse(manifest);
  if (!parsed.success) throw new RestoreRefused(`${file} has a manifest this version cannot read`);
  return parsed.data;
}

/** Refuses a backup of a newer schema than this code's; says whether migrations will follow. */
async function checkMigration(manifest: Manifest): Promise<string | undefined> {
  const known = await codeMigrations();
  const latest = known.at(-1);
  if (latest && manifest.migration.when > latest.when) {
    throw new RestoreRefused(
      `This backup was taken by a newer version of the shop (its database is at migration ${manifest.migration.tag}; ` +
        `this code knows up to ${latest.tag}). Update the code, then restore.`,
    );
  }
  return latest && manifest.migration.when < latest.when ? manifest.migration.tag : undefined;
}

async function folderHasFiles(dir: string): Promise<boolean> {
  const entries = await fs.readdir(dir).catch(() => [] as string[]);
  return entries.length > 0;
}

async function postgresHasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query(
      `select 1 from pg_tables where schemaname in ('public', 'drizzle') limit 1`,
    );
    return (found.rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/** Empties the shop's schemas (restore --force); the extension goes with them and comes back. */
async function emptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('drop schema if exists drizzle cascade');
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
    await client.query('commit');
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup file: into an empty database and upload folder, or (force) over what is
 * there. The shop must be stopped (PGlite's lock enforces it there). The manifest is checked
 * first; after the restore, the database is opened as the server opens it, which applies the
 * migrations the backup is older than.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreResult> {
  const manifest = await readManifest(file);
  const wanted = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== wanted) {
    throw new RestoreRefused(
      manifest.database === 'pglite'
        ? 'This is a backup of the embedded database (PGlite): unset DATABASE_URL to restore it into DATA_DIR.'
        : 'This is a backup of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.',
    );
  }
  const olderMigration = await checkMigration(manifest);

  const dbDir = path.join(target.dataDir, 'db');
  const uploadsDir = path.join(target.dataDir, 'uploads');
  // PGlite: the lock keeps a running shop (or a second restore) out while the files are replaced.
  const lock = target.databaseUrl ? undefined : await acquireDataDirLock(target.dataDir);
  const work = path.join(target.dataDir, `.restore-${process.pid}`);
  try {
    const databaseInUse = target.databaseUrl
      ? await postgresHasTables(target.databaseUrl)
      : await folderHasFiles(dbDir);
    const uploadsInUse = manifest.uploads.included && (await folderHasFiles(uploadsDir));
    if ((databaseInUse || uploadsInUse) && !target.force) {
      const what = databaseInUse
        ? target.databaseUrl
          ? 'The database has tables'
          : `The data folder already holds a database (${dbDir})`
        : `The upload folder is not empty (${uploadsDir})`;
      throw new RestoreRefused(`${what}: restore into an empty one, or add --force to replace it.`);
    }
    if (databaseInUse) {
      target.log.warn('Replacing the existing database (--force).');
      if (target.databaseUrl) await emptyPostgres(target.databaseUrl);
      else await fs.rm(dbDir, { recursive: true, force: true });
    }
    if (uploadsInUse) await fs.rm(uploadsDir, { recursive: true, force: true });

    await fs.rm(work, { recursive: true, force: true });
    await fs.mkdir(work, { recursive: true });
    const dumpFile = path.join(work, 'dump');
    let uploads = 0;
    await readTar(file, async ({ name, type }) => {
      // Folders a hand-made tar may list carry nothing to restore.
      if (type !== 'file') return undefined;
      if (name === DUMP_ENTRY[manifest.database]) return fileSink(dumpFile);
      if (name.startsWith(UPLOADS_PREFIX)) {
        const upload = name.slice(UPLOADS_PREFIX.length);
        // Only names the upload store itself gives: nothing in the file can write elsewhere.
        if (!isUploadName(upload)) throw new RestoreRefused(`unexpected file in the backup: ${name}`);
        uploads++;
        return fileSink(path.join(uploadsDir, upload));
      }
      return undefined;
    });
    if (!(await fs.stat(dumpFile).catch(() => undefined))) {
      throw new RestoreRefused(`${file} holds no database dump`);
    }
    if (target.databaseUrl) {
      // Two jobs build the indexes (the trigram ones are most of the time) side by side; the
      // database was empty, so a failure leaves nothing --force cannot clear.
      await runPgTool('pg_restore', target.databaseUrl, [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--jobs=2',
        dumpFile,
      ]);
    } else {
      await unpackTemplate(dumpFile, dbDir);
    }
    await lock?.release();

    const database = await openDatabase({
      databaseUrl: target.databaseUrl,
      pgliteDir: dbDir,
      poolMax: 2,
      log: target.log,
    });
    try {
      const counts = await settle(database, manifest, path.basename(file), (await fs.stat(file)).size);
      return { manifest, migratedFrom: olderMigration, counts, uploads };
    } finally {
      await database.close();
    }
  } finally {
    await fs.rm(work, { recursive: true, force: true });
    await lock?.release();
  }
}

/**
 * The backup's own run was "running" when its snapshot was taken: in the restored database it
 * is marked done, with the file it became. Returns the restored counts.
 */
async function settle(
  database: Database,
  manifest: Manifest,
  file: string,
  bytes: number,
): Promise<Manifest['counts']> {
  await database.db
    .update(backupRuns)
    .set({ status: 'ok', finishedAt: sql`coalesce(${backupRuns.finishedAt}, now())`, file, bytes, manifest })
    .where(eq(backupRuns.id, manifest.runId));
  const facts = (await database.db.execute(sql.raw(SNAPSHOT_QUERY))) as unknown as {
    rows: Record<string, unknown>[];
  };
  return snapshotFacts(facts.rows).counts;
}
