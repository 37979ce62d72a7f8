import type { Db } from '../../db/client.js';
import { jobs } from '../../db/schema.js';
import type { Mail, Mailer } from '../../lib/mail.js';

/**
 * Queues a mail in the caller's transaction: it goes out once that transaction commits, and never
 * for a change that rolled back. The runner sends it and retries until the provider takes it.
 */
export async function enqueueMail(tx: Db, mail: Mail): Promise<void> {
  await tx
    .insert(jobs)
    .values({ kind: 'mail', payload: { to: mail.to, subject: mail.subject, text: mail.text } });
}

/**
 * Queues a mail that is written when its job runs, by the renderer registered under `render`
 * (app.jobs.renderMail), from what is stored then: `data` names it (an order's id, …). In the
 * caller's transaction, like enqueueMail.
 */
export async function enqueueRenderedMail(
  tx: Db,
  render: string,
  data: Record<string, string | number | boolean | null>,
): Promise<void> {
  await tx.insert(jobs).values({ kind: 'mail', payload: { ...data, render } });
}

/**
 * A Mailer whose `send` only queues (outside any transaction of the caller) and wakes the local
 * runner: for mails that follow a change made elsewhere (better-auth's sign-up and reset).
 */
export function queuedMailer(db: Db, wake: () => void): Mailer {
  return {
    send: async (mail) => {
      await enqueueMail(db, mail);
      wake();
    },
  };
}
