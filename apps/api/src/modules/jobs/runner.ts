import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { jobs, type JobRow } from '../../db/schema.js';

export type JobKind = JobRow['kind'];
/** What runs each kind; a job of a kind this process does not run fails and is retried (by another). */
export type JobHandlers = Partial<Record<JobKind, (payload: unknown) => Promise<void>>>;

export const MailPayloadSchema = z.object({ to: z.string(), subject: z.string(), text: z.string() });
/** A mail written when its job runs, by the renderer registered under `render` (plugin.ts). */
export const RenderedMailPayloadSchema = z.looseObject({ render: z.string() });

export interface JobRunnerOptions {
  db: Db;
  handlers: JobHandlers;
  /** How often every process looks for due jobs (others' and retries), in milliseconds. */
  pollMs: number;
  /** The first retry's delay; each further one doubles, up to `maxRetryDelayMs`. */
  retryBaseMs: number;
  maxRetryDelayMs?: number;
  /** A handler running longer than this counts as failed (and is retried). */
  timeoutMs?: number;
  /**
   * How long `wake()` waits before it runs: the wakes of that time share one claim and one
   * "done" (at 20 orders a second, 200 ms gathers about four mails per claim instead of one).
   */
  wakeDelayMs?: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export interface JobRunner {
  /** Run due jobs soon (after a commit that queued some: `wakeDelayMs`), not at the next poll. */
  wake(): void;
  /** A run that starts after this call (so it sees every job committed before); resolves with how many ran. */
  runDue(): Promise<number>;
  /** No new run starts; resolves once a run in progress has finished. */
  stop(): Promise<void>;
}

const BATCH = 20;
const KEEP_DONE_MS = 7 * 24 * 60 * 60 * 1000;
const CLEAN_EVERY_MS = 60 * 60 * 1000;

/**
 * Claims due jobs, lets each run, and records the outcome. A claim is a lease: the row stays
 * `queued` with `locked_until` ahead, so a process killed mid-send leaves its jobs to another
 * process once the lease ends (a mail may then go out twice; it is never lost). The lease is
 * longer than the handler timeout, so a live process's job is never taken from it.
 */
export function startJobRunner(opts: JobRunnerOptions): JobRunner {
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const leaseMs = timeoutMs * 2;
  const maxDelay = opts.maxRetryDelayMs ?? 30 * 60 * 1000;
  const wakeDelayMs = opts.wakeDelayMs ?? 200;
  let timer: NodeJS.Timeout | undefined;
  let wakeTimer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let queued: Promise<number> | undefined;
  let stopped = false;
  let lastClean = 0;

  // One statement: the subquery locks due rows that no other claim holds (SKIP LOCKED), and the
  // UPDATE moves their lease ahead before the statement commits.
  const claim = (): Promise<JobRow[]> => {
    const due = opts.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.status, 'queued'),
          lte(jobs.runAt, sql`now()`),
          or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return (
      opts.db
        .update(jobs)
        .set({
          lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
          attempts: sql`${jobs.attempts} + 1`,
          updatedAt: sql`now()`,
        })
        // Re-checked on the locked row: a claim that raced this one has moved the lease ahead.
        .where(and(inArray(jobs.id, due), or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`))))
        .returning()
    );
  };

  /** Runs one claimed job; answers whether it succeeded (a failure is recorded here, with its retry). */
  const runOne = async (job: JobRow): Promise<boolean> => {
    let timeout: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        (opts.handlers[job.kind] ?? (() => Promise.reject(new Error(`no handler for ${job.kind} jobs`))))(
          job.payload,
        ),
        new Promise((_, reject) => {
          timeout = setTimeout(() => reject(new Error(`job took longer than ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = job.attempts >= job.maxAttempts;
      const delay = Math.min(opts.retryBaseMs * 2 ** (job.attempts - 1), maxDelay);
      await opts.db
        .update(jobs)
        .set(
          giveUp
            ? {
                status: 'failed',
                finishedAt: sql`now()`,
                lockedUntil: null,
                lastError: message,
                updatedAt: sql`now()`,
              }
            : {
                runAt: sql`now() + make_interval(secs => ${delay / 1000})`,
                lockedUntil: null,
                lastError: message,
                updatedAt: sql`now()`,
              },
        )
        .where(eq(jobs.id, job.id));
      const what = { err, jobId: job.id, kind: job.kind, attempt: job.attempts };
      if (giveUp) opts.log.error(what, `${job.kind} job failed ${job.attempts} times; giving up`);
      else opts.log.warn(what, `${job.kind} job failed; retrying in ${Math.round(delay / 1000)} s`);
      return false;
    } finally {
      clearTimeout(timeout);
    }
  };

  const clean = async () => {
    if (Date.now() - lastClean < CLEAN_EVERY_MS) return;
    lastClean = Date.now();
    await opts.db
      .delete(jobs)
      .where(
        and(
          eq(jobs.status, 'done'),
          lt(jobs.finishedAt, sql`now() - make_interval(secs => ${KEEP_DONE_MS / 1000})`),
        ),
      );
  };

  const sweep = async (): Promise<number> => {
    let ran = 0;
    for (;;) {
      // In the order they were queued (UPDATE … RETURNING keeps no order): handlers start in turn.
      const claimed = (await claim()).sort(
        (a, b) => a.runAt.getTime() - b.runAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime(),
      );
      const succeeded = await Promise.all(claimed.map(runOne));
      // One statement records every success of the batch (a busy shop sends a batch per poll).
      const done = claimed.filter((_, i) => succeeded[i]).map((job) => job.id);
      if (done.length) {
        await opts.db
          .update(jobs)
          .set({
            status: 'done',
            finishedAt: sql`now()`,
            lockedUntil: null,
            lastError: null,
            updatedAt: sql`now()`,
          })
          .where(inArray(jobs.id, done));
      }
      ran += claimed.length;
      if (claimed.length < BATCH || stopped) break;
    }
    await clean();
    return ran;
  };

  const start = (): Promise<number> => {
    running = sweep().finally(() => {
      running = undefined;
    });
    return running;
  };

  // A run that starts after the call, so it sees every job committed before it; calls made
  // while one waits share it (a burst of commits costs one extra run, not one each).
  const runDue = (): Promise<number> => {
    if (queued) return queued;
    if (!running) return start();
    queued = running
      .catch(() => 0)
      .then(() => {
        queued = undefined;
        return stopped ? 0 : start();
      });
    return queued;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      runDue()
        .catch((err: unknown) => opts.log.error({ err }, 'job run failed'))
        .finally(schedule);
    }, opts.pollMs);
    // The runner never keeps a process alive on its own.
    timer.unref();
  };
  schedule();

  return {
    wake: () => {
      if (stopped || wakeTimer) return;
      wakeTimer = setTimeout(() => {
        wakeTimer = undefined;
        void runDue().catch((err: unknown) => opts.log.error({ err }, 'job run failed'));
      }, wakeDelayMs);
    },
    runDue,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(wakeTimer);
      await running?.catch(() => undefined);
    },
  };
}
