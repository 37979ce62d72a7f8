import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mail, Mailer } from '../../lib/mail.js';
import { mailsFailed, mailsSent } from '../../lib/metrics.js';
import { queuedMailer } from './queue.js';
import {
  MailPayloadSchema,
  RenderedMailPayloadSchema,
  startJobRunner,
  type JobHandlers,
  type JobKind,
  type JobRunner,
} from './runner.js';

type OtherKind = Exclude<JobKind, 'mail'>;
/** How long a mail waits for the one queued before it to be handed to the transport. */
const HAND_OVER_WAIT_MS = 5_000;
export type MailRenderer = (payload: Record<string, unknown>) => Promise<Mail | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The local job runner: `wake()` after a commit that queued jobs sends them within moments. */
    jobs: Pick<JobRunner, 'wake' | 'runDue'> & {
      /** Who runs jobs of this kind (the module that queues them), set before the app is ready. */
      handle(kind: OtherKind, handler: NonNullable<JobHandlers[OtherKind]>): void;
      /**
       * Who writes the mails queued as `{ render: name, … }` (queue.ts): called when the job runs,
       * with the payload; null when there is nothing left to send (the subject is gone).
       */
      renderMail(name: string, renderer: MailRenderer): void;
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
  const renderers = new Map<string, MailRenderer>();
  const jobs = {
    wake: () => runner?.wake(),
    runDue: async () => (runner ? runner.runDue() : 0),
    handle: (kind: OtherKind, handler: NonNullable<JobHandlers[OtherKind]>) => void others.set(kind, handler),
    renderMail: (name: string, renderer: MailRenderer) => void renderers.set(name, renderer),
  };
  // Mails of one run are written at once but handed to the transport in the order their jobs
  // started (the order they were queued): a mail written from the database takes longer to be
  // ready than one queued written, and must not overtake it.
  let previousHandedOver: Promise<void> = Promise.resolve();
  const sendMail = async (payload: unknown) => {
    const turn = previousHandedOver;
    let handedOver = () => undefined as void;
    previousHandedOver = new Promise((resolve) => (handedOver = resolve));
    try {
      const mail = await writeMail(payload);
      // In turn, but a mail whose predecessor is stuck (a database that stopped answering) waits
      // for it only so long.
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([turn, new Promise((resolve) => (waited = setTimeout(resolve, HAND_OVER_WAIT_MS)))]);
      clearTimeout(waited);
      const sent = mail ? opts.transport.send(mail) : undefined;
      handedOver();
      await sent;
      if (mail) mailsSent.inc();
    } catch (err) {
      mailsFailed.inc();
      throw err;
    } finally {
      // Also when writing the mail failed: the next one must not wait for it.
      handedOver();
    }
  };
  const writeMail = async (payload: unknown): Promise<Mail | null> => {
    const rendered = RenderedMailPayloadSchema.safeParse(payload);
    if (!rendered.success) return MailPayloadSchema.parse(payload);
    const render = renderers.get(rendered.data.render);
    if (!render) throw new Error(`no renderer for ${rendered.data.render} mails`);
    return render(rendered.data);
  };
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => {
    runner = startJobRunner({
      db: opts.db,
      pollMs: opts.pollMs,
      retryBaseMs: opts.retryBaseMs,
      log: app.log,
      handlers: {
        mail: sendMail,
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
