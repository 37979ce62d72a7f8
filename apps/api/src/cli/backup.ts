// npm run backup: one backup file of the database and the uploads into BACKUP_DIR
// (docs/decisions/027-running-the-shop.md, "Backups"). The shop may keep running meanwhile.
import fs from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError } from '../db/lock.js';
import type { BackupResult } from '../modules/backups/backup.js';
import { CONTROL_FILE, type BackupControl } from '../modules/backups/plugin.js';
import { backUpAs, startRun } from '../modules/backups/runs.js';

const log = {
  error: (msg: unknown) => console.error(msg),
  warn: (msg: unknown) => console.warn(msg),
  info: () => undefined,
};

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running server's address and token on PGlite, when one runs on this data folder. */
async function runningServer(config: Config): Promise<BackupControl | undefined> {
  if (config.databaseUrl) return undefined;
  const text = await fs.readFile(path.join(config.dataDir, CONTROL_FILE), 'utf8').catch(() => undefined);
  if (!text) return undefined;
  const control = JSON.parse(text) as BackupControl;
  return isAlive(control.pid) ? control : undefined;
}

interface RunRow {
  status: 'running' | 'ok' | 'failed';
  /** The file's full path where the server wrote it. */
  path: string | null;
  bytes: number | null;
  error: string | null;
}

/** Asks the running server to take it (it alone can open the embedded database), then waits. */
async function backUpThroughServer(control: BackupControl): Promise<string> {
  const headers = { authorization: `Bearer ${control.token}` };
  const started = await fetch(`${control.url}/internal/backups`, { method: 'POST', headers });
  const body = (await started.json()) as { id?: string; detail?: string };
  if (started.status !== 202 || !body.id) {
    throw new Error(`the running server did not start a backup: ${body.detail ?? started.status}`);
  }
  console.log(`The shop is running (pid ${control.pid}): it is writing the backup.`);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const res = await fetch(`${control.url}/internal/backups/${body.id}`, { headers });
    const run = (await res.json()) as RunRow;
    if (run.status === 'failed') throw new Error(run.error ?? 'the backup failed');
    if (run.status === 'ok') return `${run.path} (${run.bytes} bytes)`;
  }
}

async function backUpHere(config: Config): Promise<BackupResult> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
    poolMax: 2,
    log,
  });
  try {
    const runId = await startRun(database.db);
    return await backUpAs(
      runId,
      {
        database,
        uploadsDir: path.join(config.dataDir, 'uploads'),
        maxBytesPerSecond: config.backups.maxBytesPerSecond,
      },
      { dir: config.backups.dir, keep: config.backups.keep },
    );
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const control = await runningServer(config);
  if (control) {
    console.log(`Backup written: ${await backUpThroughServer(control)}`);
    return;
  }
  const result = await backUpHere(config);
  const { counts, migration } = result.manifest;
  console.log(
    `Backup written: ${result.file} (${result.bytes} bytes; ${counts.parts} parts, ${counts.orders} orders, ` +
      `${counts.users} users; migration ${migration.tag}).`,
  );
}

main().catch((err: unknown) => {
  console.error(
    err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof Error
      ? `Backup failed: ${err.message}`
      : err,
  );
  process.exit(1);
});
