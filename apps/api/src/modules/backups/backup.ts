import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUploadName } from '../uploads/store.js';
import {
  appVersion,
  DUMP_ENTRY,
  MANIFEST_ENTRY,
  migrationNamed,
  SNAPSHOT_QUERY,
  snapshotFacts,
  UPLOADS_PREFIX,
  type Manifest,
  type SnapshotFacts,
} from './manifest.js';
import { runPgTool } from './pg-tools.js';
import { createTar, packFolder } from '../../lib/tar.js';

const gzip = promisify(zlib.gzip);

export interface BackupSource {
  database: Database;
  /** The local upload folder; undefined when uploads live in object storage (not backed up). */
  uploadsDir: string | undefined;
  /**
   * The PostgreSQL dump's pace in bytes a second (see pacedCopy); on PGlite any pace means the
   * packing rests three times as long as it works (packFolder). 0 or unset: unpaced.
   */
  maxBytesPerSecond?: number;
  /** True once the backup should finish unpaced: the server is closing and waits for it. */
  hurry?: () => boolean;
}

export interface BackupResult {
  /** The file's full path. */
  file: string;
  bytes: number;
  manifest: Manifest;
}

/** Backup files are named by time, so that their names sort oldest first (retention relies on it). */
export const BACKUP_FILE = /^pitstop-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{8}\.tar$/;

function fileName(at: Date, runId: string): string {
  // To the millisecond: two backups in one second must still sort in the order they were taken.
  const stamp = at.toISOString().replaceAll(':', '-').replace('.', '-');
  return `pitstop-backup-${stamp}-${runId.replaceAll('-', '').slice(0, 8)}.tar`;
}

/**
 * The database's snapshot into `out`, with what was counted inside it. PostgreSQL: pg_dump reads
 * a snapshot exported by a repeatable-read transaction of ours, which counts in the same
 * snapshot; writers go on meanwhile. Light compression (level 1): at level 6, pg_dump's CPU, which
 * gives way to the shop's, made the backup of the 100,000-part catalogue take minutes on a busy
 * machine; the file is a little larger. PGlite: a copy of its files while no statement runs (see
 * Database.exclusiveCopy), then packed into a gzipped tar at a quarter of a core when paced.
 */
async function dumpDatabase(
  database: Database,
  out: string,
  { maxBytesPerSecond = 0, hurry = () => false }: Pick<BackupSource, 'maxBytesPerSecond' | 'hurry'>,
): Promise<SnapshotFacts & { at: Date }> {
  if (database.kind === 'pglite') {
    if (!database.exclusiveCopy) throw new Error('this PGlite database cannot be copied');
    const files = `${out}.files`;
    try {
      let at = new Date();
      const { value, tar } = await database.exclusiveCopy(async (query) => {
        at = new Date();
        return snapshotFacts(await query(SNAPSHOT_QUERY));
      }, files);
      // The copy is the database's already: packing it waits for nothing and holds up no one.
      if (!tar) await packFolder(files, out, { paced: () => maxBytesPerSecond > 0 && !hurry() });
      // A database in memory (the API tests) answers its dump: a few MB, gzipped in one piece.
      else await fs.writeFile(out, await gzip(tar, { level: 1 }));
      return { ...value, at };
    } finally {
      await fs.rm(files, { recursive: true, force: true });
    }
  }
  const url = database.url;
  if (!url) throw new Error('the PostgreSQL database has no URL to hand to pg_dump');
  return database.db.transaction(
    async (tx) => {
      const at = new Date();
      const exported = (await tx.execute(sql`select pg_export_snapshot() as snapshot`)) as unknown as {
        rows: { snapshot: string }[];
      };
      const facts = (await tx.execute(sql.raw(SNAPSHOT_QUERY))) as unknown as {
        rows: Record<string, unknown>[];
      };
      const snapshot = exported.rows[0]?.snapshot;
      if (!snapshot) throw new Error('PostgreSQL exported no snapshot');
      // Paced: pg_dump and the server's backend feeding it would otherwise take a whole core of
      // a two-core machine for the few seconds the dump lasts, halving the shop's reads.
      await runPgTool('pg_dump', url, ['--format=custom', '--compress=1', `--snapshot=${snapshot}`], {
        background: true,
        output: { file: out, maxBytesPerSecond, hurry },
      });
      return { ...snapshotFacts(facts.rows), at };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The upload folder's files. Names are content hashes and never rewritten, so any order works. */
async function uploadFiles(dir: string | undefined): Promise<{ name: string; size: number }[]> {
  if (!dir) return [];
  const names = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  const files: { name: string; size: number }[] = [];
  for (const name of names.filter(isUploadName).sort()) {
    const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
    if (stat?.isFile()) files.push({ name, size: stat.size });
  }
  return files;
}

/**
 * Writes one backup file into `dir`: manifest.json, the database's snapshot, then the uploads
 * (listed after the snapshot, so every picture the snapshot names is there: a picture is stored
 * before the row naming it commits). Written under a hidden name and renamed when complete.
 */
export async function writeBackup(source: BackupSource, dir: string, runId: string): Promise<BackupResult> {
  await fs.mkdir(dir, { recursive: true });
  const kind = source.database.kind;
  const dumpFile = path.join(dir, `.${runId}.dump`);
  let partial: string | undefined;
  try {
    const facts = await dumpDatabase(source.database, dumpFile, source);
    const uploads = await uploadFiles(source.uploadsDir);
    const manifest: Manifest = {
      format: 1,
      app: 'pitstop-parts',
      appVersion: await appVersion(),
      createdAt: facts.at.toISOString(),
      database: kind,
      migration: await migrationNamed(facts.migrationWhen),
      counts: facts.counts,
      uploads: {
        included: source.uploadsDir !== undefined,
        files: uploads.length,
        bytes: uploads.reduce((sum, f) => sum + f.size, 0),
      },
      runId,
    };
    const name = fileName(facts.at, runId);
    partial = path.join(dir, `.${name}.partial`);
    const tar = await createTar(partial);
    await tar.addBuffer(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
    await tar.addFile(DUMP_ENTRY[kind], dumpFile);
    for (const upload of uploads) {
      await tar.addFile(UPLOADS_PREFIX + upload.name, path.join(source.uploadsDir!, upload.name));
    }
    const bytes = await tar.close();
    const file = path.join(dir, name);
    await fs.rename(partial, file);
    partial = undefined;
    return { file, bytes, manifest };
  } finally {
    await fs.rm(dumpFile, { force: true });
    if (partial) await fs.rm(partial, { force: true });
  }
}

/** What a backup writes while it runs: its dump, PGlite's copy of its files, the file being written. */
const WORK_IN_PROGRESS = /^\.(.+\.dump(\.files)?|.+\.tar\.partial)$/;

/**
 * A backup's work in progress older than this belongs to a process that stopped mid-way (a run
 * "running" this long is marked failed for the same reason, runs.ts): no backup takes so long.
 */
const LEFTOVER_AFTER_MS = 6 * 3_600_000;

/**
 * Deletes the oldest backup files in `dir` beyond the newest `keep`, and what a backup interrupted
 * by a crash left (PGlite's copy of its files is as large as the database); returns what went.
 */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = await fs.readdir(dir);
  const files = names.filter((f) => BACKUP_FILE.test(f)).sort();
  const old = files.slice(0, Math.max(0, files.length - keep));
  for (const file of old) await fs.rm(path.join(dir, file), { force: true });
  const leftovers: string[] = [];
  for (const name of names.filter((f) => WORK_IN_PROGRESS.test(f))) {
    const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
    if (!stat || Date.now() - stat.mtimeMs < LEFTOVER_AFTER_MS) continue;
    await fs.rm(path.join(dir, name), { recursive: true, force: true });
    leftovers.push(name);
  }
  return [...old, ...leftovers];
}
