import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  companies,
  companyMembers,
  invoicePayments,
  invoices,
  orderLines,
  orderNumberCounter,
  orders,
  parts,
  type AddressValue,
} from '../db/schema.js';
import { issueInvoice } from '../modules/invoices/issue.js';
import { previousMonth, writeStatements } from '../modules/statements/service.js';

const DAY = 24 * 60 * 60 * 1000;

export interface PastAccountOrder {
  companyId: string | null;
  userId: string;
  email: string;
  name: string;
  address: AddressValue;
  placedAt: Date;
  poNumber: string | null;
  lines: { partId: string; partName: string; partNumber: string; unitPriceCents: number; quantity: number }[];
  /** Received against its invoice (cheque), on this day. */
  payment?: { cents: number; receivedOn: string };
}

/**
 * An on-account order placed in the past with its invoice (net 30 from then), written straight to
 * the tables: for the demo data and the statements benchmark, which need a history no checkout
 * can make today. Numbered from the counters as the checkout numbers.
 */
export async function writePastAccountOrder(db: Db, order: PastAccountOrder): Promise<string> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const subtotal = order.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
    const [counter] = await tx
      .update(orderNumberCounter)
      .set({ last: sql`${orderNumberCounter.last} + 1` })
      .returning({ last: orderNumberCounter.last });
    const dueAt = new Date(order.placedAt.getTime() + 30 * DAY);
    const [row] = await tx
      .insert(orders)
      .values({
        userId: order.userId,
        email: order.email,
        name: order.name,
        num: order.address.phone,
        subtotalCents: subtotal,
        taxCents: 0,
        totalCents: subtotal,
        deliveryAddress: order.address,
        paymentMethod: 'account',
        status: 'delivered',
        paymentDueAt: dueAt,
        number: counter?.last ?? null,
        companyId: order.companyId,
        poNumber: order.poNumber,
        createdAt: order.placedAt,
        updatedAt: order.placedAt,
        shippedAt: new Date(order.placedAt.getTime() + DAY),
        deliveredAt: new Date(order.placedAt.getTime() + 3 * DAY),
      })
      .returning({ id: orders.id });
    const orderId = row!.id;
    await tx.insert(orderLines).values(order.lines.map((l, i) => ({ ...l, orderId, position: i + 1 })));
    await issueInvoice(tx, orderId, order.placedAt);
    if (order.payment) {
      const [invoice] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(eq(invoices.orderId, orderId));
      await tx.insert(invoicePayments).values({
        invoiceId: invoice!.id,
        amountCents: order.payment.cents,
        method: 'cheque',
        reference: 'Demo cheque',
        receivedOn: order.payment.receivedOn,
      });
      await tx.update(invoices).set({ paidCents: order.payment.cents }).where(eq(invoices.id, invoice!.id));
      if (order.payment.cents >= subtotal) {
        await tx
          .update(orders)
          .set({ paidAt: new Date(`${order.payment.receivedOn}T12:00:00Z`) })
          .where(eq(orders.id, orderId));
      }
    }
    return orderId;
  });
}

/**
 * Demo invoices for `npm start`: the demo company "Bayside Couriers" (seeded by the companies'
 * demo data) gets three on-account orders from the last two months, one part paid, one overdue,
 * and last month's statement. Nothing when the company is missing or already has invoices.
 */
export async function seedDemoInvoices(db: Db, publicUrl: string, now: Date = new Date()): Promise<number> {
  const [company] = await db
    .select({ id: companies.id, address: companies.billingAddress })
    .from(companies)
    .where(eq(companies.name, 'Bayside Couriers'))
    .limit(1);
  if (!company) return 0;
  const [already] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.companyId, company.id))
    .limit(1);
  if (already) return 0;
  const [owner] = await db
    .select({
      userId: companyMembers.userId,
      email: sql<string>`(select email from "user" where id = ${companyMembers.userId})`,
    })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, company.id), eq(companyMembers.role, 'owner')))
    .limit(1);
  if (!owner) return 0;
  const some = await db
    .select({ id: parts.id, name: parts.name, partNumber: parts.partNumber, priceCents: parts.priceCents })
    .from(parts)
    .orderBy(asc(parts.partNumber))
    .limit(9);
  if (some.length < 3) return 0;
  const line = (i: number, quantity: number) => {
    const p = some[i % some.length]!;
    return {
      partId: p.id,
      partName: p.name,
      partNumber: p.partNumber,
      unitPriceCents: p.priceCents,
      quantity,
    };
  };
  const lastMonth = new Date(`${previousMonth(now)}T00:00:00Z`);
  const before = new Date(`${previousMonth(lastMonth)}T00:00:00Z`);
  const at = (month: Date, day: number) => new Date(month.getTime() + (day - 1) * DAY + 10 * 60 * 60 * 1000);
  const base = {
    companyId: company.id,
    userId: owner.userId,
    email: owner.email,
    name: 'Bayside Couriers',
    address: company.address,
  };
  const first = [line(0, 4), line(1, 2)];
  const firstTotal = first.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
  await writePastAccountOrder(db, {
    ...base,
    placedAt: at(before, 3),
    poNumber: 'PO-1001',
    lines: first,
    payment: { cents: firstTotal, receivedOn: at(lastMonth, 2).toISOString().slice(0, 10) },
  });
  const second = [line(2, 10), line(3, 4), line(4, 2)];
  const half = Math.round(second.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0) / 2);
  await writePastAccountOrder(db, {
    ...base,
    placedAt: at(before, 20),
    poNumber: 'PO-1002',
    lines: second,
    payment: { cents: half, receivedOn: at(lastMonth, 15).toISOString().slice(0, 10) },
  });
  await writePastAccountOrder(db, {
    ...base,
    placedAt: at(lastMonth, 12),
    poNumber: 'PO-1003',
    lines: [line(5, 6), line(6, 3)],
  });
  await writeStatements(db, previousMonth(now), { publicUrl });
  return 3;
}
