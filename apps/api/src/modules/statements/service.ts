import { desc, eq, sql } from 'drizzle-orm';
import type { Invoice, Statement } from '@pitstop/core/invoices';
import { statementTexts } from '@pitstop/core/invoices-texts';
import { centsToDollars } from '@pitstop/core/money';
import { formatOrderNumber } from '@pitstop/core/orders';
import type { SessionUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { companies, invoices, statements, type AddressValue } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { membershipOf } from '../companies/membership.js';
import { selectInvoices, toInvoice } from '../invoices/service.js';

/** The mail a new statement sends its company's owner and accountants (written when it runs). */
export const STATEMENT_MAIL = 'statement';
/** The reminder of an overdue invoice (written when it runs; nothing when paid meanwhile). */
export const INVOICE_REMINDER_MAIL = 'invoice-reminder';
/** Days past due at which an unpaid on-account invoice is reminded, once each. */
export const REMINDER_STEPS = [7, 14] as const;

/** "2026-10-01" for any moment of October 2026 (UTC). */
export function monthOf(moment: Date): string {
  return `${moment.toISOString().slice(0, 7)}-01`;
}

/** The month before the one `moment` falls in: what the 1st's statements cover. */
export function previousMonth(moment: Date): string {
  const d = new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth() - 1, 1));
  return monthOf(d);
}

/** The first moment of a month ("2026-10-01") and of the next, in UTC. */
export function monthBounds(month: string): { start: Date; end: Date } {
  const start = new Date(`${month}T00:00:00Z`);
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  return { start, end };
}

/*
 * What an on-account invoice had been paid at a moment: all of it once its order was marked paid
 * before then, else the payments received before that day (never more than is due). Cancelled
 * orders owe nothing and are left out of every statement.
 */
const due = sql`(o.total_cents - o.refunded_cents)`;
const paidBy = (
  at: Date,
) => sql`(case when o.paid_at is not null and o.paid_at < ${at.toISOString()}::timestamptz then ${due}
  else least(${due}, coalesce((select sum(p.amount_cents) from invoice_payments p
    where p.invoice_id = i.id and p.received_on < ${at.toISOString().slice(0, 10)}::date), 0)) end)`;

/** Companies with any on-account invoice issued before `end`. */
async function companiesWithAccount(db: Db, end: Date): Promise<string[]> {
  const rows = await db.execute(sql`
    select distinct i.company_id as id from invoices i join orders o on o.id = i.order_id
    where i.company_id is not null and o.payment_method = 'account' and i.issued_at < ${end.toISOString()}::timestamptz
    order by 1`);
  return (rows as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

export interface StatementRun {
  month: string;
  companies: number;
  written: number;
}

/**
 * The month's statements (the job on the 1st): for every company with on-account activity, its
 * opening balance, the month's orders (charges), payments, closing balance and what is overdue at
 * the month's end, written as one `statements` row, and a mail with the PDF to its owner and
 * accountants queued in the same transaction. Companies go in batches of `batch`, each its own
 * short transaction with a pause between, so the shop's own reads keep their pace; a statement
 * already written is kept (the run may be repeated safely).
 */
export async function writeStatements(
  db: Db,
  month: string,
  options: {
    publicUrl: string;
    batch?: number;
    pauseMs?: number;
    /** Mails go out this far apart (their jobs' run_at), so a thousand do not land on the shop at once. */
    mailSpacingMs?: number;
  },
): Promise<StatementRun> {
  const { start, end } = monthBounds(month);
  const ids = await companiesWithAccount(db, end);
  const batch = options.batch ?? 100;
  const spacing = options.mailSpacingMs ?? 0;
  let written = 0;
  for (let i = 0; i < ids.length; i += batch) {
    const some = ids.slice(i, i + batch);
    const rows = await db.execute(sql`
      with per_invoice as (
        select i.company_id, i.issued_at, i.due_at, ${due} as due, ${paidBy(start)} as paid_s, ${paidBy(end)} as paid_e
        from invoices i join orders o on o.id = i.order_id
        where i.company_id in (${sql.join(
          some.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
          and o.payment_method = 'account' and o.status <> 'cancelled'
          and i.issued_at < ${end.toISOString()}::timestamptz
      ), sums as (
        select company_id,
          coalesce(sum(case when issued_at < ${start.toISOString()}::timestamptz then due - paid_s else 0 end), 0)::int as opening,
          coalesce(sum(case when issued_at >= ${start.toISOString()}::timestamptz then due else 0 end), 0)::int as charges,
          coalesce(sum(due - paid_e), 0)::int as closing,
          coalesce(sum(case when due_at < ${end.toISOString()}::timestamptz then due - paid_e else 0 end), 0)::int as overdue
        from per_invoice group by company_id
      ), written as (
        insert into statements (company_id, month, opening_balance_cents, charges_cents, payments_cents, closing_balance_cents, overdue_cents)
        select company_id, ${month}::date, opening, charges, opening + charges - closing, closing, overdue
        from sums where opening <> 0 or charges <> 0 or closing <> 0
        on conflict (company_id, month) do nothing
        returning id, company_id
      ), mails as (
        insert into jobs (kind, payload, run_at)
        select 'mail', jsonb_build_object('render', ${STATEMENT_MAIL}::text, 'statementId', w.id, 'to', u.email, 'publicUrl', ${options.publicUrl}::text),
          now() + make_interval(secs => (${written} + row_number() over ()) * ${spacing}::float8 / 1000)
        from written w
        join company_members m on m.company_id = w.company_id and m.role in ('owner', 'accountant')
        join "user" u on u.id = m.user_id
        returning id
      )
      select (select count(*) from written)::int as written`);
    written += (rows as unknown as { rows: { written: number }[] }).rows[0]?.written ?? 0;
    if (options.pauseMs && i + batch < ids.length) await new Promise((r) => setTimeout(r, options.pauseMs));
  }
  return { month, companies: ids.length, written };
}

/**
 * Reminders of overdue on-account invoices (the daily job): an invoice unpaid 7 days past its due
 * date gets one mail, 14 days past another, each once (the invoice_reminders row is the proof, its
 * key the step). A step missed while no job ran is not sent late when the next one is due: at 15
 * days past due with nothing sent, only the 14-day reminder goes. Mails go to the customer who
 * placed the order and the company's owner and accountants, queued in the same statement.
 */
export async function sendReminders(db: Db, now: Date, publicUrl: string): Promise<number> {
  const at = now.toISOString();
  const rows = await db.execute(sql`
    with candidates as (
      select i.id, case when ${at}::timestamptz >= i.due_at + interval '14 days' then 14 else 7 end as step
      from invoices i join orders o on o.id = i.order_id
      where i.due_at is not null and i.due_at + interval '7 days' <= ${at}::timestamptz
        and o.payment_method = 'account' and o.status <> 'cancelled' and o.paid_at is null
        and ${due} > i.paid_cents
    ), fresh as (
      insert into invoice_reminders (invoice_id, days_past_due, sent_at)
      select c.id, c.step, ${at}::timestamptz from candidates c
      where not exists (select 1 from invoice_reminders r where r.invoice_id = c.id and r.days_past_due >= c.step)
      on conflict do nothing
      returning invoice_id, days_past_due
    ), recipients as (
      select f.invoice_id, f.days_past_due, o.email from fresh f
        join invoices i on i.id = f.invoice_id join orders o on o.id = i.order_id
      union
      select f.invoice_id, f.days_past_due, u.email from fresh f
        join invoices i on i.id = f.invoice_id
        join company_members m on m.company_id = i.company_id and m.role in ('owner', 'accountant')
        join "user" u on u.id = m.user_id
    ), mails as (
      insert into jobs (kind, payload)
      select 'mail', jsonb_build_object('render', ${INVOICE_REMINDER_MAIL}::text, 'invoiceId', invoice_id, 'days', days_past_due, 'to', email, 'publicUrl', ${publicUrl}::text)
      from recipients
      returning id
    )
    select (select count(*) from fresh)::int as reminded`);
  return (rows as unknown as { rows: { reminded: number }[] }).rows[0]?.reminded ?? 0;
}

function toStatement(row: typeof statements.$inferSelect): Statement {
  return {
    id: row.id,
    month: row.month,
    openingBalance: centsToDollars(row.openingBalanceCents),
    charges: centsToDollars(row.chargesCents),
    payments: centsToDollars(row.paymentsCents),
    closingBalance: centsToDollars(row.closingBalanceCents),
    overdue: centsToDollars(row.overdueCents),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The company whose statements and invoices the caller may read: their own, as its owner or an
 * accountant. Not a member: 404 (there is no company of theirs); another role: 403 naming why.
 */
export async function accountingCompanyOf(db: Db, caller: SessionUser): Promise<string> {
  const membership = await membershipOf(db, caller.id);
  if (!membership) throw new AppError('not_found', statementTexts.notMember);
  if (membership.role !== 'owner' && membership.role !== 'accountant') {
    throw new AppError('forbidden', statementTexts.forbidden);
  }
  return membership.companyId;
}

export async function listStatements(db: Db, companyId: string): Promise<Statement[]> {
  const rows = await db
    .select()
    .from(statements)
    .where(eq(statements.companyId, companyId))
    .orderBy(desc(statements.month))
    .limit(120);
  return rows.map(toStatement);
}

/** The company's invoices, newest first (the accountant's list beside the statements). */
export async function listCompanyInvoices(db: Db, companyId: string): Promise<Invoice[]> {
  const rows = await selectInvoices(db)
    .where(eq(invoices.companyId, companyId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.seq))
    .limit(200);
  const now = new Date();
  return rows.map((r) => toInvoice(r, now));
}

/** Everything a statement's PDF and CSV print. */
export interface StatementDocument {
  statement: Statement;
  company: { name: string; taxId: string; billingAddress: AddressValue };
  /** The month's orders and payments, by date. */
  activity: { date: string; what: string; reference: string; amountCents: number }[];
  /** Invoices still owing at the month's end. */
  open: {
    number: string;
    orderNumber: string;
    issued: string;
    due: string | null;
    owedCents: number;
    overdue: boolean;
  }[];
}

/**
 * A statement for a reader: admins any; the owner and accountants of its company theirs; anyone
 * else is told it does not exist.
 */
export async function statementFor(
  db: Db,
  caller: SessionUser,
  statementId: string,
): Promise<StatementDocument> {
  const [row] = await db.select().from(statements).where(eq(statements.id, statementId)).limit(1);
  if (!row) throw new AppError('not_found', statementTexts.notFound);
  if (caller.role !== 'admin') {
    const membership = await membershipOf(db, caller.id);
    if (
      membership?.companyId !== row.companyId ||
      (membership.role !== 'owner' && membership.role !== 'accountant')
    ) {
      throw new AppError('not_found', statementTexts.notFound);
    }
  }
  return statementDocument(db, row);
}

/** What a statement's mail says: its company, month, closing balance and overdue (one indexed read). */
export async function statementForMail(
  db: Db,
  statementId: string,
): Promise<{ companyName: string; month: string; closingBalance: number; overdue: number } | null> {
  const [row] = await db
    .select({
      companyName: companies.name,
      month: statements.month,
      closing: statements.closingBalanceCents,
      overdue: statements.overdueCents,
    })
    .from(statements)
    .innerJoin(companies, eq(companies.id, statements.companyId))
    .where(eq(statements.id, statementId))
    .limit(1);
  return row
    ? {
        companyName: row.companyName,
        month: row.month,
        closingBalance: centsToDollars(row.closing),
        overdue: centsToDollars(row.overdue),
      }
    : null;
}

async function statementDocument(db: Db, row: typeof statements.$inferSelect): Promise<StatementDocument> {
  const { start, end } = monthBounds(row.month);
  const [company] = await db
    .select({ name: companies.name, taxId: companies.taxId, billingAddress: companies.billingAddress })
    .from(companies)
    .where(eq(companies.id, row.companyId));
  const s = start.toISOString();
  const e = end.toISOString();
  const activity = await db.execute(sql`
    select to_char(i.issued_at at time zone 'UTC', 'YYYY-MM-DD') as date, 'order' as kind, o.number, o.po_number,
           i.number as reference, ${due}::int as amount
    from invoices i join orders o on o.id = i.order_id
    where i.company_id = ${row.companyId}::uuid and o.payment_method = 'account' and o.status <> 'cancelled'
      and i.issued_at >= ${s}::timestamptz and i.issued_at < ${e}::timestamptz
    union all
    select p.received_on::text, 'payment', null, p.method, coalesce(i.number || ' ' || p.reference, i.number), -p.amount_cents
    from invoice_payments p join invoices i on i.id = p.invoice_id join orders o on o.id = i.order_id
    where i.company_id = ${row.companyId}::uuid and o.status <> 'cancelled'
      and p.received_on >= ${s.slice(0, 10)}::date and p.received_on < ${e.slice(0, 10)}::date
    union all
    select to_char(o.paid_at at time zone 'UTC', 'YYYY-MM-DD'), 'payment', null, 'marked paid', i.number,
           -(${due} - coalesce((select sum(p.amount_cents) from invoice_payments p where p.invoice_id = i.id), 0))::int
    from invoices i join orders o on o.id = i.order_id
    where i.company_id = ${row.companyId}::uuid and o.payment_method = 'account' and o.status <> 'cancelled'
      and o.paid_at >= ${s}::timestamptz and o.paid_at < ${e}::timestamptz
      and ${due} > coalesce((select sum(p.amount_cents) from invoice_payments p where p.invoice_id = i.id), 0)
    order by 1, 2 desc, 5`);
  const open = await db.execute(sql`
    select i.number, o.number as order_number, i.issued_at, i.due_at, (${due} - ${paidBy(end)})::int as owed
    from invoices i join orders o on o.id = i.order_id
    where i.company_id = ${row.companyId}::uuid and o.payment_method = 'account' and o.status <> 'cancelled'
      and i.issued_at < ${e}::timestamptz and ${due} - ${paidBy(end)} > 0
    order by i.issued_at, i.seq`);
  type ActivityRow = {
    date: string;
    kind: string;
    number: number | null;
    po_number: string | null;
    reference: string;
    amount: number;
  };
  type OpenRow = {
    number: string;
    order_number: number | null;
    issued_at: string | Date;
    due_at: string | Date | null;
    owed: number;
  };
  const iso = (v: string | Date) => new Date(v).toISOString();
  return {
    statement: toStatement(row),
    company: company ?? {
      name: '',
      taxId: '',
      billingAddress: { name: '', street: '', city: '', state: '', zip: '', phone: '' },
    },
    activity: (activity as unknown as { rows: ActivityRow[] }).rows.map((a) => ({
      date: a.date,
      what:
        a.kind === 'order'
          ? statementTexts.orderLine(a.number ? formatOrderNumber(a.number) : '', a.po_number)
          : statementTexts.paymentLine(a.po_number ?? ''),
      reference: a.reference,
      amountCents: Number(a.amount),
    })),
    open: (open as unknown as { rows: OpenRow[] }).rows.map((o) => ({
      number: o.number,
      orderNumber: o.order_number ? formatOrderNumber(o.order_number) : '',
      issued: iso(o.issued_at).slice(0, 10),
      due: o.due_at ? iso(o.due_at).slice(0, 10) : null,
      owedCents: Number(o.owed),
      overdue: o.due_at !== null && new Date(o.due_at).getTime() < end.getTime(),
    })),
  };
}
