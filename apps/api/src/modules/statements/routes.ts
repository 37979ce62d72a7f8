import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { InvoiceSchema, StatementIdParamsSchema, StatementSchema } from '@pitstop/core/invoices';
import { invoiceTexts, statementTexts } from '@pitstop/core/invoices-texts';
import { ProblemSchema } from '@pitstop/core/problem';
import { currentUser, requireUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { invoiceById } from '../invoices/service.js';
import { statementCsv, statementPdf } from './documents.js';
import {
  INVOICE_REMINDER_MAIL,
  STATEMENT_MAIL,
  accountingCompanyOf,
  listCompanyInvoices,
  listStatements,
  previousMonth,
  sendReminders,
  statementForMail,
  statementFor,
  writeStatements,
} from './service.js';

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };
const bearer = [{ bearer: [] }];
const PRIVATE = 'private, no-store';

const StatementsJobSchema = z.object({ month: z.string().regex(/^\d{4}-\d{2}-01$/) });
const RemindersJobSchema = z.object({ now: z.string().optional() });
const StatementMailSchema = z.object({ statementId: z.uuid(), to: z.string(), publicUrl: z.string() });
const ReminderMailSchema = z.object({
  invoiceId: z.uuid(),
  days: z.number(),
  to: z.string(),
  publicUrl: z.string(),
});

export interface StatementsOptions {
  /** How often this process checks whether the month's statements or the day's reminders are due (0: never). */
  scheduleMs: number;
}

/**
 * Queues the month's statements job on (or after) the 1st and the day's reminders job, once each:
 * every process checks, an advisory lock makes them take turns, and the jobs table says whether
 * it was queued already. Both jobs may run twice without harm (each statement and each reminder
 * step is written once).
 */
export async function scheduleAccountJobs(db: Db, now: Date = new Date()): Promise<number> {
  const month = previousMonth(now);
  const today = now.toISOString().slice(0, 10);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('pitstop.account-jobs'))`);
    const result = await tx.execute(sql`
      with s as (
        insert into jobs (kind, payload)
        select 'statements', jsonb_build_object('month', ${month}::text)
        where not exists (select 1 from jobs where kind = 'statements' and payload->>'month' = ${month})
          and not exists (select 1 from statements where month = ${month}::date)
        returning id
      ), r as (
        insert into jobs (kind, payload)
        select 'reminders', jsonb_build_object('day', ${today}::text)
        where not exists (select 1 from jobs where kind = 'reminders' and payload->>'day' = ${today})
        returning id
      )
      select ((select count(*) from s) + (select count(*) from r))::int as queued`);
    return (result as unknown as { rows: { queued: number }[] }).rows[0]?.queued ?? 0;
  });
}

/** The background side: the jobs' handlers, their mails and the schedule. */
function registerAccountJobs(app: FastifyInstance, options: StatementsOptions): void {
  const publicUrl = app.config.publicUrl;
  app.jobs.handle('statements', async (payload) => {
    const { month } = StatementsJobSchema.parse(payload);
    // Mails about 60 ms apart: a thousand companies' go out over a minute, beside the shop's own work.
    const run = await writeStatements(app.db, month, {
      publicUrl,
      batch: 100,
      pauseMs: 50,
      mailSpacingMs: 60,
    });
    app.log.info(run, 'monthly statements written');
    app.jobs.wake();
  });
  app.jobs.handle('reminders', async (payload) => {
    const { now } = RemindersJobSchema.parse(payload);
    const reminded = await sendReminders(app.db, now ? new Date(now) : new Date(), publicUrl);
    if (reminded) app.log.info({ reminded }, 'overdue invoices reminded');
    app.jobs.wake();
  });
  app.jobs.renderMail(STATEMENT_MAIL, async (payload) => {
    const data = StatementMailSchema.parse(payload);
    const found = await statementForMail(app.db, data.statementId);
    if (!found) return null;
    const month = statementTexts.monthName(found.month);
    return {
      to: data.to,
      subject: statementTexts.mailSubject(found.companyName, month),
      text: statementTexts.mailBody({
        company: found.companyName,
        month,
        closing: found.closingBalance,
        overdue: found.overdue,
        url: `${data.publicUrl}/company/statements`,
      }),
    };
  });
  app.jobs.renderMail(INVOICE_REMINDER_MAIL, async (payload) => {
    const data = ReminderMailSchema.parse(payload);
    const invoice = await invoiceById(app.db, data.invoiceId);
    // Paid (or cancelled) since the job found it overdue: nothing to remind.
    if (!invoice || invoice.owed <= 0 || !invoice.dueAt) return null;
    return {
      to: data.to,
      subject: invoiceTexts.reminderSubject(invoice.number, data.days),
      text: invoiceTexts.reminderBody({
        number: invoice.number,
        orderNumber: invoice.orderNumber,
        days: data.days,
        due: invoice.dueAt.slice(0, 10),
        owed: invoice.owed,
        url: `${data.publicUrl}/order/${invoice.orderNumber}`,
      }),
    };
  });

  if (options.scheduleMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    scheduleAccountJobs(app.db).then(
      (queued) => {
        if (queued) app.jobs.wake();
      },
      (err: unknown) => app.log.error({ err }, 'could not schedule statements and reminders'),
    );
  };
  app.addHook('onReady', async () => {
    check();
    timer = setInterval(check, options.scheduleMs).unref();
  });
  app.addHook('preClose', async () => clearInterval(timer));
}

/** Monthly statements and invoice reminders (issue #30, item 7), and the company's own reads. */
export const statementsRoutes: FastifyPluginAsyncZod<StatementsOptions> = async (app, options) => {
  registerAccountJobs(app, options);
  const signedIn = requireUser(app);

  app.get(
    '/company/statements',
    {
      preValidation: signedIn,
      schema: {
        tags: ['statements'],
        summary:
          'Your company’s monthly statements, newest first (its owner and accountants; other members 403, not a member 404)',
        security: bearer,
        response: { 200: z.array(StatementSchema), ...problems },
      },
    },
    async (request, reply) => {
      const companyId = await accountingCompanyOf(app.db, currentUser(request));
      void reply.header('cache-control', PRIVATE);
      return listStatements(app.db, companyId);
    },
  );

  app.get(
    '/company/invoices',
    {
      preValidation: signedIn,
      schema: {
        tags: ['statements'],
        summary: 'Your company’s invoices, newest first (its owner and accountants)',
        security: bearer,
        response: { 200: z.array(InvoiceSchema), ...problems },
      },
    },
    async (request, reply) => {
      const companyId = await accountingCompanyOf(app.db, currentUser(request));
      void reply.header('cache-control', PRIVATE);
      return listCompanyInvoices(app.db, companyId);
    },
  );

  for (const format of ['pdf', 'csv'] as const) {
    app.get(
      `/company/statements/:id/${format}`,
      {
        preValidation: signedIn,
        schema: {
          tags: ['statements'],
          summary: `A statement as ${format.toUpperCase()} (its company’s owner and accountants, admins; 404 for anyone else)`,
          security: bearer,
          params: StatementIdParamsSchema,
          produces: [format === 'pdf' ? 'application/pdf' : 'text/csv'],
          response: { ...problems },
        },
      },
      async (request, reply) => {
        const document = await statementFor(app.db, currentUser(request), request.params.id);
        const name = statementTexts.fileName(document.company.name, document.statement.month, format);
        // Bytes go out as they are; the response schemas describe only the problems.
        const raw = (reply as FastifyReply)
          .header('cache-control', PRIVATE)
          .header('content-disposition', `attachment; filename="${name}"`);
        if (format === 'pdf') return raw.type('application/pdf').send(await statementPdf(document));
        return raw.type('text/csv; charset=utf-8').send(statementCsv(document));
      },
    );
  }
};
