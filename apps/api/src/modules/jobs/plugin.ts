import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { queuedMailer } from './queue.js';
import {
  MailPayloadSchema,
  startJobRunner,
  type JobHandlers,
  type JobKind,
  type JobRunner,
} from './runner.js';

type OtherKind = Exclude<JobKind, 'mail'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The local job runner: `wake()` after a commit that queued jobs sends them within moments. */
    jobs: Pick<JobRunner, 'wake' | 'runDue'> & {
      /** Who runs jobs of this kind (the module that queues them), set before the app is ready. */
      handle(kind: OtherKind, handler: NonNullable<JobHandlers[OtherKind]>): void;
    };
  }
}

/**
 * Stored jobs for this process: a runner started when the app is ready and stopped before the
 * database closes, and the Mailer the rest of the app uses, which queues instead of sending.
 * `transport` is what really sends (SMTP, the development outbox, or a test's catcher).
 */
export function registerJobs(
  app: FastifyInstance,
  opts: { db: Db; transport: Mailer; pollMs: number; retryBaseMs: number },
): Mailer {
  let runner: JobRunner | undefined;
  const others = new Map<OtherKind, NonNullable<JobHandlers[OtherKind]>>();
  const jobs = {
    wake: () => runner?.wake(),
    runDue: async () => (runner ? runner.runDue() : 0),
    handle: (kind: OtherKind, handler: NonNullable<JobHandlers[OtherKind]>) => void others.set(kind, handler),
  };
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => {
    runner = startJobRunner({
      db: opts.db,
      pollMs: opts.pollMs,
      retryBaseMs: opts.retryBaseMs,
      log: app.log,
      handlers: {
        mail: (payload) => opts.transport.send(MailPayloadSchema.parse(payload)),
        ...Object.fromEntries(others),
      },
    });
    // Whatever was queued while no process ran (a restart, an outage) goes out now.
    runner.runDue().catch((err: unknown) => app.log.error({ err }, 'job run failed'));
  });
  app.addHook('preClose', async () => {
    await runner?.stop();
  });
  return queuedMailer(opts.db, jobs.wake);
}
