import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupRuns } from '../../db/schema.js';
import { bearer, signUpAdmin } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { BACKUP_FILE, pruneBackups } from './backup.js';
import { CONTROL_FILE, type BackupControl } from './plugin.js';
import { backUpAs, claimScheduledRun, startRun } from './runs.js';

/**
 * Backups inside the server: the schedule (one claim per interval among processes sharing the
 * database), retention, a failure recorded and shown, and on PGlite the running server taking
 * the backup `npm run backup` asks it for.
 */

/** A shop on its own database, in a data folder of its own. */
function shopWith(env: Record<string, string>) {
  const shop = { t: undefined as unknown as TestApp, work: '' };
  beforeAll(async () => {
    shop.work = await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-backups-'));
    shop.t = await createTestApp({ env: { DATA_DIR: shop.work, ...env } });
  });
  afterAll(async () => {
    await shop.t?.close();
    await fs.rm(shop.work, { recursive: true, force: true });
  });
  return shop;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('scheduled backups', () => {
  // A scheduled backup due at once and checked for every 0.3 s.
  const shop = shopWith({ BACKUP_INTERVAL_HOURS: String(0.3 / 3600), BACKUP_KEEP: '1' });
  const runs = () => shop.t.database.db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt));
  const files = async () =>
    (await fs.readdir(path.join(shop.work, 'backups'))).filter((f) => BACKUP_FILE.test(f));

  it('writes backups on the schedule, records each run, and keeps only the newest BACKUP_KEEP', async () => {
    const done = await until(runs, (rows) => rows.filter((r) => r.status === 'ok').length >= 2);
    const ok = done.filter((r) => r.status === 'ok');
    expect(ok.length).toBeGreaterThanOrEqual(2);
    for (const run of ok) {
      expect(run.file).toMatch(BACKUP_FILE);
      expect(run.bytes).toBeGreaterThan(0);
      expect(run.finishedAt).not.toBeNull();
      expect(run.manifest).toMatchObject({ runId: run.id, database: shop.t.database.kind });
    }
    // The older files went; the newest stayed (the schedule goes on, so it may be a later one).
    const kept = await until(files, (f) => f.length <= 1);
    expect(kept).toHaveLength(1);
    const keptRun = (
      await until(runs, (rows) => rows.some((r) => r.file === kept[0] && r.status === 'ok'))
    ).find((r) => r.file === kept[0]);
    expect(keptRun?.status).toBe('ok');
    expect(keptRun!.startedAt.getTime()).toBeGreaterThanOrEqual(ok[0]!.startedAt.getTime());
  });
});

describe('backups asked for', () => {
  // No schedule: every run here is the test's own.
  const shop = shopWith({});
  let t: TestApp;
  let work: string;
  beforeAll(() => {
    ({ t, work } = shop);
  });

  it('lets one process claim each due scheduled backup, however many ask at once', async () => {
    const hour = 3_600_000;
    const first = await Promise.all(Array.from({ length: 4 }, () => claimScheduledRun(t.database.db, hour)));
    expect(first.filter(Boolean).length).toBe(1);
    // Taken within the hour (even while still running): nobody gets another.
    const again = await Promise.all(Array.from({ length: 4 }, () => claimScheduledRun(t.database.db, hour)));
    expect(again.filter(Boolean)).toEqual([]);
    // Finished, it is written down as done, so the schedule's dashboard and metrics see it.
    await t.database.db
      .update(backupRuns)
      .set({ status: 'ok', finishedAt: new Date() })
      .where(eq(backupRuns.id, first.find(Boolean)!));
  });

  it('a failed backup is recorded with its error and shown on the admin dashboard until one succeeds', async () => {
    const admin = await signUpAdmin(t);
    const notAFolder = path.join(work, 'not-a-folder');
    await fs.writeFile(notAFolder, 'x');
    const runId = await startRun(t.database.db);
    await expect(
      backUpAs(
        runId,
        { database: t.database, uploadsDir: notAFolder },
        { dir: path.join(work, 'b2'), keep: 2 },
      ),
    ).rejects.toThrow(/ENOTDIR/);
    const [row] = await t.database.db.select().from(backupRuns).where(eq(backupRuns.id, runId));
    expect(row).toMatchObject({ status: 'failed', error: expect.stringContaining('ENOTDIR') as unknown });
    // No half-written file is left behind.
    expect(await fs.readdir(path.join(work, 'b2'))).toEqual([]);

    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: bearer(admin.token),
    });
    expect(dashboard.json().admin.backup).toMatchObject({
      failedAt: row!.finishedAt!.toISOString(),
      error: expect.stringContaining('ENOTDIR') as unknown,
    });

    // The next backup succeeds; the failure is no longer news.
    await t.database.db.insert(backupRuns).values({
      status: 'ok',
      finishedAt: new Date(Date.now() + 1000),
      file: 'pitstop-backup-next.tar',
      bytes: 1,
    });
    const later = (
      await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(admin.token) })
    ).json();
    expect(later.admin.backup).toMatchObject({ failedAt: null, error: null });
    expect(Date.parse(later.admin.backup.lastOkAt)).toBeGreaterThan(row!.finishedAt!.getTime());
  });

  it('npm run backup on PGlite asks the running server over loopback, with the token it left in the data folder (on PostgreSQL it runs pg_dump itself)', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    if (t.database.kind === 'postgres') {
      expect(await fs.readdir(work)).not.toContain(CONTROL_FILE);
      const port = (t.app.server.address() as { port: number }).port;
      const res = await fetch(`http://127.0.0.1:${port}/internal/backups`, { method: 'POST' });
      expect(res.status).toBe(404);
      return;
    }
    // Fastify runs onListen hooks once listening, without listen() waiting for them: the file
    // comes a moment later.
    const written = await until(
      () => fs.readFile(path.join(work, CONTROL_FILE), 'utf8').catch(() => null),
      (text) => text !== null,
    );
    const control = JSON.parse(written ?? '') as BackupControl;
    expect(control.pid).toBe(process.pid);
    expect((await fs.stat(path.join(work, CONTROL_FILE))).mode & 0o077).toBe(0);

    const without = await fetch(`${control.url}/internal/backups`, { method: 'POST' });
    expect(without.status).toBe(404);
    const wrong = await fetch(`${control.url}/internal/backups`, {
      method: 'POST',
      headers: bearer('0'.repeat(64)),
    });
    expect(wrong.status).toBe(404);

    const started = await fetch(`${control.url}/internal/backups`, {
      method: 'POST',
      headers: bearer(control.token),
    });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: string };
    const run = await until(
      async () =>
        (await (
          await fetch(`${control.url}/internal/backups/${id}`, { headers: bearer(control.token) })
        ).json()) as { status: string; file: string; path: string },
      (r) => r.status !== 'running',
    );
    expect(run.status).toBe('ok');
    expect(run.file).toMatch(BACKUP_FILE);
    // The full path where this server wrote it (its BACKUP_DIR), for the command to print.
    expect(run.path).toBe(path.join(work, 'backups', run.file));
    expect((await fs.stat(run.path)).size).toBeGreaterThan(0);
  });
});

describe('retention', () => {
  it("keeps the newest BACKUP_KEEP files and clears what a backup cut short by a crash left, never a running one's", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-prune-'));
    try {
      const backups = [1, 2, 3].map((n) => `pitstop-backup-2026-11-2${n}T03-00-00-000Z-1a2b3c4d.tar`);
      for (const name of backups) await fs.writeFile(path.join(dir, name), 'x');
      // Seven hours old: a server that died while writing; a minute old: a backup still running.
      const dead = [
        '.0b6f2c1e-0000-4000-8000-000000000001.dump.files',
        '.0b6f2c1e-0000-4000-8000-000000000001.dump',
      ];
      const partial = `.${backups[0]!.replace('11-21', '11-20')}.partial`;
      const running = '.0b6f2c1e-0000-4000-8000-000000000002.dump.files';
      await fs.mkdir(path.join(dir, dead[0]!, 'base/5'), { recursive: true });
      await fs.writeFile(path.join(dir, dead[0]!, 'base/5/1247'), 'pages');
      await fs.writeFile(path.join(dir, dead[1]!), 'dump');
      await fs.writeFile(path.join(dir, partial), 'half');
      await fs.mkdir(path.join(dir, running));
      await fs.writeFile(path.join(dir, 'notes.txt'), 'not ours');
      const sevenHoursAgo = new Date(Date.now() - 7 * 3_600_000);
      for (const name of [...dead, partial])
        await fs.utimes(path.join(dir, name), sevenHoursAgo, sevenHoursAgo);
      await fs.utimes(path.join(dir, running), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));

      const pruned = await pruneBackups(dir, 2);
      expect(pruned.sort()).toEqual([backups[0]!, ...dead, partial].sort());
      expect((await fs.readdir(dir)).sort()).toEqual([backups[1]!, backups[2]!, running, 'notes.txt'].sort());
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
