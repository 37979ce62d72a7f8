import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_INVOICES_PAGE_SIZE,
  type AdminInvoicesQuery,
  type Invoice,
  type InvoicePayment,
  type RecordPaymentSchema,
} from '@pitstop/core/invoices';
import { invoiceTexts } from '@pitstop/core/invoices-texts';
import { centsToDollars, dollarsToCents } from '@pitstop/core/money';
import { formatOrderNumber, type Order } from '@pitstop/core/orders';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { companies, invoicePayments, invoices, orders, type AddressValue } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit, type AuditContext } from '../audit/service.js';
import { membershipOf } from '../companies/membership.js';
import { recordOrderEvent, type OrderActor } from '../orders/events.js';
import { orderById } from '../orders/service.js';

/*
 * What an invoice has been paid and still owes, the same everywhere (lists, PDF, statements):
 * an order marked paid (a card payment, the admin's "mark paid", or payments adding up to it) is
 * paid in full; otherwise what was recorded against it. Returns credited back (refunded_cents)
 * lower what is owed; a cancelled order owes nothing.
 */
const dueCents = sql<number>`(${orders.totalCents} - ${orders.refundedCents})`;
export const paidSql = sql<number>`(case when ${orders.paidAt} is not null then ${dueCents} else least(${invoices.paidCents}, ${dueCents}) end)`;
export const owedSql = sql<number>`(case when ${orders.status} = 'cancelled' then 0 else greatest(${dueCents} - ${paidSql}, 0) end)`;

const invoiceColumns = {
  id: invoices.id,
  number: invoices.number,
  orderId: invoices.orderId,
  orderNumber: orders.number,
  companyName: companies.name,
  customerName: orders.name,
  email: orders.email,
  poNumber: orders.poNumber,
  paymentMethod: orders.paymentMethod,
  issuedAt: invoices.issuedAt,
  dueAt: invoices.dueAt,
  totalCents: invoices.totalCents,
  paidCents: sql<number>`${paidSql}::int`,
  owedCents: sql<number>`${owedSql}::int`,
  cancelled: sql<boolean>`${orders.status} = 'cancelled'`,
};
type InvoiceRowRead = {
  id: string;
  number: string;
  orderId: string;
  orderNumber: number | null;
  companyName: string | null;
  customerName: string;
  email: string;
  poNumber: string | null;
  paymentMethod: 'card' | 'account';
  issuedAt: Date;
  dueAt: Date | null;
  totalCents: number;
  paidCents: number;
  owedCents: number;
  cancelled: boolean;
};

export function toInvoice(row: InvoiceRowRead, now = new Date()): Invoice {
  return {
    id: row.id,
    number: row.number,
    orderId: row.orderId,
    orderNumber: row.orderNumber ? formatOrderNumber(row.orderNumber) : row.orderId,
    companyName: row.companyName,
    customerName: row.customerName,
    email: row.email,
    poNumber: row.poNumber,
    paymentMethod: row.paymentMethod,
    issuedAt: row.issuedAt.toISOString(),
    dueAt: row.dueAt?.toISOString() ?? null,
    total: centsToDollars(row.totalCents),
    paid: centsToDollars(row.paidCents),
    owed: centsToDollars(row.owedCents),
    overdue: row.owedCents > 0 && row.dueAt !== null && row.dueAt.getTime() < now.getTime(),
    cancelled: row.cancelled,
  };
}

export function selectInvoices(db: Db) {
  return db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .leftJoin(companies, eq(companies.id, invoices.companyId));
}

/**
 * Whether the caller may read this order's invoice: admins, the customer who placed it, and the
 * owner and accountants of the company it was placed for. Anyone else is told it does not exist.
 */
async function mayRead(
  db: Db,
  caller: SessionUser,
  order: { userId: string | null; companyId: string | null },
) {
  if (caller.role === 'admin' || order.userId === caller.id) return true;
  if (!order.companyId) return false;
  const membership = await membershipOf(db, caller.id);
  return (
    membership?.companyId === order.companyId &&
    (membership.role === 'owner' || membership.role === 'accountant')
  );
}

/** The invoice of an order, for a reader allowed to see it (404 otherwise, and when none was issued). */
export async function invoiceOfOrder(db: Db, caller: SessionUser, orderId: string): Promise<Invoice> {
  const [row] = await selectInvoices(db).where(eq(invoices.orderId, orderId)).limit(1);
  const [owner] = await db
    .select({ userId: orders.userId, companyId: orders.companyId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row || !owner || !(await mayRead(db, caller, owner))) {
    throw new AppError('not_found', invoiceTexts.notFound);
  }
  return toInvoice(row);
}

/** Everything a PDF invoice prints: the invoice, its order with lines, and whom it is billed to. */
export interface InvoiceDocument {
  invoice: Invoice;
  order: Order;
  company: { name: string; taxId: string; billingAddress: AddressValue; taxExempt: boolean } | null;
}

/** The invoice's document; `known` is its order when the caller has just read it (the confirmation mail). */
export async function invoiceDocument(
  db: Db,
  invoice: Invoice,
  known?: Order,
): Promise<InvoiceDocument | null> {
  const order = known ?? (await orderById(db, invoice.orderId));
  if (!order) return null;
  const [company] = order.companyId
    ? await db
        .select({
          name: companies.name,
          taxId: companies.taxId,
          billingAddress: companies.billingAddress,
          taxExempt: companies.taxExempt,
        })
        .from(companies)
        .where(eq(companies.id, order.companyId))
        .limit(1)
    : [];
  return { invoice, order, company: company ?? null };
}

/**
 * The invoices of these orders for their confirmation mails' attachments, by order id (no reader
 * check: each mail is its customer's). An order has at most one invoice.
 */
export async function invoicesForMail(db: Db, orderIds: string[]): Promise<Map<string, Invoice>> {
  const rows = await selectInvoices(db).where(inArray(invoices.orderId, orderIds));
  return new Map(rows.map((row) => [row.orderId, toInvoice(row)]));
}

export async function invoiceById(db: Db, invoiceId: string): Promise<Invoice | null> {
  const [row] = await selectInvoices(db).where(eq(invoices.id, invoiceId)).limit(1);
  return row ? toInvoice(row) : null;
}

function toPayment(row: typeof invoicePayments.$inferSelect): InvoicePayment {
  return {
    id: row.id,
    amount: centsToDollars(row.amountCents),
    method: row.method,
    reference: row.reference,
    receivedOn: row.receivedOn,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The admin's list: newest first, filtered and searched, a page at a time, with the total. */
export async function listInvoices(
  db: Db,
  query: AdminInvoicesQuery,
): Promise<{ items: Invoice[]; total: number }> {
  const where: SQL[] = [];
  if (query.filter === 'open') where.push(sql`${owedSql} > 0`);
  if (query.filter === 'overdue') where.push(sql`${owedSql} > 0 and ${invoices.dueAt} < now()`);
  if (query.filter === 'paid') where.push(sql`${owedSql} = 0 and ${orders.status} <> 'cancelled'`);
  const q = query.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const bare = q.replace(/^PS-?/i, '');
    const number = /^\d{1,9}$/.test(bare) ? bare : undefined;
    where.push(
      or(
        ilike(invoices.number, like),
        ilike(orders.email, like),
        ilike(orders.poNumber, like),
        ilike(companies.name, like),
        ilike(orders.name, like),
        ...(number ? [eq(orders.number, Number(number))] : []),
      ) as SQL,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    selectInvoices(db)
      .where(condition)
      .orderBy(desc(invoices.issuedAt), desc(invoices.seq))
      .limit(ADMIN_INVOICES_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_INVOICES_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .leftJoin(companies, eq(companies.id, invoices.companyId))
      .where(condition),
  ]);
  const now = new Date();
  return { items: rows.map((r) => toInvoice(r, now)), total: count?.n ?? 0 };
}

/** Today's date in UTC, "2026-11-27". */
const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * An admin records money received against an on-account invoice: at most what is still owed.
 * The invoice row is locked first, so two payments recorded at once cannot together pass the
 * total. When it is paid in full the order is marked paid (paid_at; an on-account order not yet
 * shipped turns paid), as "mark paid" does. Timeline line and audit row in the same transaction.
 */
export async function recordPayment(
  db: Db,
  invoiceId: string,
  input: z.output<typeof RecordPaymentSchema>,
  admin: OrderActor,
  audit: AuditContext,
  now: Date = new Date(),
): Promise<{ invoice: Invoice; payment: InvoicePayment }> {
  if (input.receivedOn > today(now)) {
    throw new AppError('invalid', invoiceTexts.receivedOnFuture, [
      { field: 'receivedOn', message: invoiceTexts.receivedOnFuture },
    ]);
  }
  const amountCents = dollarsToCents(input.amount);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [locked] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.id, invoiceId))
      .for('update');
    if (!locked) throw new AppError('not_found', invoiceTexts.notFound);
    const [row] = await selectInvoices(tx).where(eq(invoices.id, invoiceId));
    if (!row) throw new AppError('not_found', invoiceTexts.notFound);
    if (row.paymentMethod !== 'account') throw new AppError('conflict', invoiceTexts.cardOrder);
    if (row.cancelled) throw new AppError('conflict', invoiceTexts.cancelledOrder);
    if (row.owedCents <= 0) throw new AppError('conflict', invoiceTexts.nothingOwed);
    if (amountCents > row.owedCents) {
      const message = invoiceTexts.amountAboveOwed(centsToDollars(row.owedCents));
      throw new AppError('invalid', message, [{ field: 'amount', message }]);
    }
    const [payment] = await tx
      .insert(invoicePayments)
      .values({
        invoiceId,
        amountCents,
        method: input.method,
        reference: input.reference ?? null,
        receivedOn: input.receivedOn,
        recordedBy: admin.id,
      })
      .returning();
    await tx
      .update(invoices)
      .set({ paidCents: sql`${invoices.paidCents} + ${amountCents}`, updatedAt: now })
      .where(eq(invoices.id, invoiceId));
    const paidInFull = amountCents === row.owedCents;
    if (paidInFull) {
      await tx
        .update(orders)
        .set({
          paidAt: now,
          updatedAt: now,
          status: sql`case when ${orders.status} = 'on_account' then 'paid' else ${orders.status} end`,
        })
        .where(and(eq(orders.id, row.orderId), sql`${orders.paidAt} is null`));
    }
    await recordOrderEvent(
      tx,
      row.orderId,
      'invoice_payment',
      admin,
      invoiceTexts.orderPaidEvent(row.number, centsToDollars(amountCents)),
    );
    await recordAudit(tx, audit, {
      action: 'invoice.record_payment',
      recordType: 'invoice',
      recordId: row.number,
      before: { paid: centsToDollars(row.paidCents), owed: centsToDollars(row.owedCents) },
      after: {
        paid: centsToDollars(row.paidCents + amountCents),
        owed: centsToDollars(row.owedCents - amountCents),
        amount: centsToDollars(amountCents),
        method: input.method,
        reference: input.reference ?? null,
        receivedOn: input.receivedOn,
        ...(paidInFull ? { orderPaid: true } : {}),
      },
    });
    const [after] = await selectInvoices(tx).where(eq(invoices.id, invoiceId));
    return { invoice: toInvoice(after ?? row, now), payment: toPayment(payment!) };
  });
}
