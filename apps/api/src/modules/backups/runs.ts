import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { backupRuns } from '../../db/schema.js';
import { writeBackup, pruneBackups, type BackupResult, type BackupSource } from './backup.js';

/** A run still "running" after this long belonged to a process that stopped mid-way. */
const STALE_AFTER_HOURS = 6;
/** After a failed scheduled backup, the next attempt comes this soon (or at the interval, if shorter). */
const RETRY_FAILED_AFTER_MS = 3_600_000;
/** Serialises claims across every process on one database (any constant unused elsewhere). */
const CLAIM_LOCK = 727276;

/** A backup asked for now (npm run backup): always taken. */
export async function startRun(db: Db): Promise<string> {
  const [row] = await db.insert(backupRuns).values({ status: 'running' }).returning({ id: backupRuns.id });
  return row!.id;
}

/**
 * A scheduled backup, claimed by one process of those sharing the database: inside a lock held
 * for the claim's transaction, a run is added only when none was taken within the interval (a
 * failed one holds the next attempt back an hour, not a whole interval). Undefined: not due, or
 * another process has it.
 */
export async function claimScheduledRun(db: Db, intervalMs: number): Promise<string | undefined> {
  const interval = `${Math.round(intervalMs)} milliseconds`;
  const retry = `${Math.min(Math.round(intervalMs), RETRY_FAILED_AFTER_MS)} milliseconds`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`);
    await tx
      .update(backupRuns)
      .set({ status: 'failed', finishedAt: new Date(), error: 'interrupted: the process taking it stopped' })
      .where(
        sql`${backupRuns.status} = 'running' and ${backupRuns.startedAt} < now() - make_interval(hours => ${STALE_AFTER_HOURS})`,
      );
    const claimed = (await tx.execute(sql`
      insert into backup_runs (status)
      select 'running'
      where not exists (
        select 1 from backup_runs
        where (status <> 'failed' and started_at > now() - ${interval}::interval)
           or (status = 'failed' and started_at > now() - ${retry}::interval)
      )
      returning id`)) as unknown as { rows: { id: string }[] };
    return claimed.rows[0]?.id;
  });
}

export async function finishRun(db: Db, id: string, outcome: BackupResult | Error): Promise<void> {
  await db
    .update(backupRuns)
    .set(
      outcome instanceof Error
        ? { status: 'failed', finishedAt: new Date(), error: outcome.message.slice(0, 2000) }
        : {
            status: 'ok',
            finishedAt: new Date(),
            file: outcome.file.split(/[\\/]/).pop() ?? outcome.file,
            bytes: outcome.bytes,
            manifest: outcome.manifest,
          },
    )
    .where(eq(backupRuns.id, id));
}

export interface BackupSettings {
  dir: string;
  keep: number;
}

/**
 * One backup under its run row: written, recorded, and the oldest files beyond `keep` deleted.
 * A failure is recorded on the row and thrown.
 */
export async function backUpAs(
  runId: string,
  source: BackupSource,
  settings: BackupSettings,
): Promise<BackupResult & { pruned: string[] }> {
  const db = source.database.db;
  let result: BackupResult;
  try {
    result = await writeBackup(source, settings.dir, runId);
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    await finishRun(db, runId, error);
    throw error;
  }
  await finishRun(db, runId, result);
  return { ...result, pruned: await pruneBackups(settings.dir, settings.keep) };
}

/** The newest successful run and, when later than it, the newest failed one (the dashboard). */
export async function latestRuns(db: Db) {
  const [lastOk] = await db
    .select()
    .from(backupRuns)
    .where(eq(backupRuns.status, 'ok'))
    .orderBy(desc(backupRuns.startedAt))
    .limit(1);
  const [lastFailed] = await db
    .select()
    .from(backupRuns)
    .where(eq(backupRuns.status, 'failed'))
    .orderBy(desc(backupRuns.startedAt))
    .limit(1);
  return {
    lastOk,
    lastFailed: lastFailed && (!lastOk || lastFailed.startedAt > lastOk.startedAt) ? lastFailed : undefined,
  };
}

export async function runById(db: Db, id: string) {
  const [row] = await db.select().from(backupRuns).where(eq(backupRuns.id, id)).limit(1);
  return row;
}
