import { sql, type WithSubquery } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobs } from '../../db/schema.js';
import type { Mail, Mailer } from '../../lib/mail.js';

/**
 * Queues a mail in the caller's transaction: it goes out once that transaction commits, and never
 * for a change that rolled back. The runner sends it and retries until the provider takes it.
 * `alsoWith`: the change's other writes (CTEs) that the same statement makes, a round trip each
 * fewer.
 */
export async function enqueueMail(tx: Db, mail: Mail, alsoWith: WithSubquery[] = []): Promise<void> {
  await (alsoWith.length > 0 ? tx.with(...alsoWith) : tx)
    .insert(jobs)
    .values({ kind: 'mail', payload: { to: mail.to, subject: mail.subject, text: mail.text } });
}

/** A mail written when its job runs: the renderer's name and what names its subject. */
export interface RenderedMail {
  render: string;
  data: Record<string, string | number | boolean | null>;
}

/**
 * Queues mails that are written when their jobs run, by the renderers registered under their
 * names (app.jobs.renderMail), from what is stored then. Awaited, it queues them in the caller's
 * transaction, like enqueueMail; not awaited, it is an INSERT for a statement that writes other
 * things too (`tx.$with(…).as(renderedMailJobs(…))`), one round trip fewer.
 */
export function renderedMailJobs(tx: Db, mails: RenderedMail[]) {
  return tx
    .insert(jobs)
    .values(mails.map((mail) => ({ kind: 'mail' as const, payload: payloadOf(mail) })))
    .returning({ id: jobs.id });
}

/**
 * renderedMailJobs as a CTE named `alias` that writes the jobs once for each row of the CTE
 * `when` (one row: the change they follow happened; none: no mail), so a change and its mails
 * are one statement.
 */
export function renderedMailJobsWhen(tx: Db, alias: string, mails: RenderedMail[], when: string) {
  const payloads = JSON.stringify(mails.map(payloadOf));
  return tx.$with(alias, { id: sql<string>`id` }).as(sql`
    insert into ${jobs} (kind, payload)
    select 'mail', m.payload from ${sql.identifier(when)}, jsonb_array_elements(${payloads}::jsonb) as m(payload)
    returning id`);
}

/** A rendered mail's job payload: its data and the renderer's name. */
const payloadOf = (mail: RenderedMail) => ({ ...mail.data, render: mail.render });

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
