import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import type { BackupSource } from './backup.js';
import { backUpAs, claimScheduledRun, runById, startRun, type BackupSettings } from './runs.js';

/** Checks for a due scheduled backup at least this often (the interval decides whether one is). */
const CHECK_EVERY_MS = 5 * 60_000;

/** Where a running server on PGlite tells `npm run backup` how to reach it (see control.ts). */
export const CONTROL_FILE = 'backup-control.json';

export interface BackupControl {
  pid: number;
  url: string;
  token: string;
}

export interface BackupsOptions {
  source: BackupSource;
  settings: BackupSettings;
  intervalMs: number;
  dataDir: string;
}

/**
 * Backups inside the server: scheduled ones (BACKUP_INTERVAL_HOURS; every process checks, one
 * claims each), and on PGlite the ones `npm run backup` asks for, since no other process can
 * open the embedded database while the server has it (docs/decisions/027, "Backups").
 */
export function registerBackups(app: FastifyInstance, options: BackupsOptions): void {
  const { settings, intervalMs } = options;
  // Closing waits for a backup being written, which then stops resting between its pieces: the
  // shop it kept the CPU for is going away.
  let closing = false;
  const source = { ...options.source, hurry: () => closing };
  const db = source.database.db;
  let inFlight: Promise<unknown> | undefined;

  const take = (runId: string, why: string) => {
    const started = backUpAs(runId, source, settings).then(
      (result) => {
        app.log.info(
          { file: result.file, bytes: result.bytes, pruned: result.pruned },
          `${why} backup written`,
        );
      },
      (err: unknown) => {
        app.log.error({ err, runId }, `${why} backup failed`);
      },
    );
    inFlight = started.finally(() => {
      inFlight = undefined;
    });
  };

  let timer: NodeJS.Timeout | undefined;
  if (intervalMs > 0) {
    const check = () => {
      if (inFlight) return;
      claimScheduledRun(db, intervalMs).then(
        (runId) => {
          if (runId) take(runId, 'scheduled');
        },
        (err: unknown) => app.log.error({ err }, 'could not claim a scheduled backup'),
      );
    };
    app.addHook('onReady', async () => {
      timer = setInterval(check, Math.min(intervalMs, CHECK_EVERY_MS)).unref();
    });
  }

  // A backup half-written when the process stops is of no use: closing waits for it.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    closing = true;
    await inFlight;
  });

  if (source.database.kind !== 'pglite') return;

  const token = randomBytes(32).toString('hex');
  const controlFile = path.join(options.dataDir, CONTROL_FILE);
  const authorised = (header: string | undefined) => {
    const given = Buffer.from(header?.replace(/^Bearer /, '') ?? '');
    const wanted = Buffer.from(token);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  };
  // Reachable from this machine only: the caller reads the token from the data folder, and
  // connects over loopback or to the very address the server listens on.
  const fromThisMachine = (remote: string | undefined, local: string | undefined) =>
    remote === local || remote === '127.0.0.1' || remote === '::1' || remote === '::ffff:127.0.0.1';
  const guard = async (request: {
    headers: { authorization?: string };
    socket: { remoteAddress?: string; localAddress?: string };
  }) => {
    if (
      !fromThisMachine(request.socket.remoteAddress, request.socket.localAddress) ||
      !authorised(request.headers.authorization)
    ) {
      throw new AppError('not_found', 'Not found.');
    }
  };

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post('/internal/backups', { schema: { hide: true }, preHandler: guard }, async (_request, reply) => {
    if (inFlight) throw new AppError('conflict', 'A backup is being written already; try again shortly.');
    const runId = await startRun(db);
    take(runId, 'requested');
    return reply.code(202).send({ id: runId });
  });
  routes.get(
    '/internal/backups/:id',
    { schema: { hide: true, params: z.object({ id: z.uuid() }) }, preHandler: guard },
    async (request) => {
      const run = await runById(db, request.params.id);
      if (!run) throw new AppError('not_found', 'No such backup run.');
      // Where this server wrote it: its BACKUP_DIR, which the asking command may not share.
      return { ...run, path: run.file ? path.join(settings.dir, run.file) : null };
    },
  );

  app.addHook('onListen', async () => {
    const address = app.server.address() as AddressInfo | null;
    if (!address || typeof address !== 'object') return;
    const host =
      address.address === '0.0.0.0' || address.address === '::'
        ? '127.0.0.1'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
    const control: BackupControl = { pid: process.pid, url: `http://${host}:${address.port}`, token };
    await fs.writeFile(controlFile, JSON.stringify(control), { mode: 0o600 });
  });
  app.addHook('onClose', async () => {
    await fs.rm(controlFile, { force: true });
  });
}
