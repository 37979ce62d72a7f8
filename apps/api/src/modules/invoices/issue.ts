import { sql } from 'drizzle-orm';
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
    with counter as (
      insert into invoice_counters (year, last)
      select ${year}, 1
      where not exists (select 1 from invoices where order_id = ${orderId}::uuid)
      on conflict (year) do update set last = invoice_counters.last + 1
      returning last
    )
    insert into invoices (order_id, company_id, year, seq, number, issued_at, due_at, total_cents)
    select o.id, o.company_id, ${year}, counter.last,
           'INV-' || ${year}::text || '-' || lpad(counter.last::text, 6, '0'),
           ${now.toISOString()}::timestamptz, o.payment_due_at, o.total_cents
    from orders o, counter
    where o.id = ${orderId}::uuid`);
}
