import { sql, type SQL, type WithSubquery } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * Gives a placed order its invoice, in the order's transaction and as its last write: the year's
 * counter row (`invoice_counters`) is taken with INSERT … ON CONFLICT DO UPDATE SET last = last + 1,
 * which locks that row until the commit. A transaction that rolls back gives its number back and
 * concurrent orders queue on the row only between this statement and their commit, so numbers
 * never repeat and never skip (a sequence would skip). The year is the UTC year of issue.
 *
 * The invoice copies what is due when from the order: on account, `payment_due_at` (net 30);
 * by card, due on receipt. Called at placement for every order not awaiting approval, and by the
 * approvals module when an approver places one. Issuing twice for one order changes nothing.
 */
export async function issueInvoice(tx: Db, orderId: string, now: Date = new Date()): Promise<void> {
  const year = now.getUTCFullYear();
  await tx.execute(sql`
    with counter as (${takeNumber(orderId, year, sql`true`)})
    ${insertInvoice(orderId, year, now, sql`counter`)}`);
}

/**
 * The same writes as issueInvoice, as two CTEs for the statement that reserves a placed order's
 * stock and numbers it (orders' reserveAndFinishOrder): a round trip less in every order's
 * transaction. `onlyIf` is that statement's "every line was taken", so a reservation that falls
 * short takes no invoice number (its transaction rolls back anyway).
 */
export function invoiceWrites(tx: Db, orderId: string, onlyIf: SQL, now: Date = new Date()): WithSubquery[] {
  const year = now.getUTCFullYear();
  const counter = tx
    .$with('invoice_counter', { last: sql<number>`last` })
    .as(takeNumber(orderId, year, onlyIf));
  const issued = tx
    .$with('invoice_issued', { id: sql<string>`id` })
    .as(sql`${insertInvoice(orderId, year, now, sql`invoice_counter`)} returning id`);
  return [counter, issued];
}

/** The year's next invoice number, unless the order has its invoice (or `onlyIf` fails). */
const takeNumber = (orderId: string, year: number, onlyIf: SQL) => sql`
  insert into invoice_counters (year, last)
  select ${year}, 1
  where ${onlyIf} and not exists (select 1 from invoices where order_id = ${orderId}::uuid)
  on conflict (year) do update set last = invoice_counters.last + 1
  returning last`;

/** The invoice, numbered from `counter` (the CTE holding the number taken). */
const insertInvoice = (orderId: string, year: number, now: Date, counter: SQL) => sql`
  insert into invoices (order_id, company_id, year, seq, number, issued_at, due_at, total_cents)
  select o.id, o.company_id, ${year}, c.last,
         'INV-' || ${year}::text || '-' || lpad(c.last::text, 6, '0'),
         ${now.toISOString()}::timestamptz, o.payment_due_at, o.total_cents
  from orders o, ${counter} c
  where o.id = ${orderId}::uuid`;
