import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckoutResult } from '@pitstop/core/checkout';
import type { Statement } from '@pitstop/core/invoices';
import { invoiceTexts, statementTexts } from '@pitstop/core/invoices-texts';
import { companies, invoiceReminders, invoices, jobs, orders, statements } from '../../db/schema.js';
import { createPart } from '../../seed/factories.js';
import { captureMailer, useTestApp } from '../../test/app.js';
import { bearer, signUp, signUpAdmin, type Customer } from '../../test/accounts.js';
import { billToCompany, companyWith, onAccountCustomer, pdfText } from '../../test/invoices.js';
import { DELIVERY_ADDRESS, fillCart } from '../../test/orders.js';
import { scheduleAccountJobs } from './routes.js';
import { sendReminders, writeStatements } from './service.js';

const mailer = captureMailer();
const t = useTestApp({ mailer, env: { SALES_TAX_RATES: 'CA=7.25' } });
const PUBLIC_URL = 'http://localhost:3000';
let admin: Customer;

beforeAll(async () => {
  admin = await signUpAdmin(t);
});

async function onAccountOrder(
  who: Customer,
  priceCents = 10_000,
): Promise<{ orderId: string; invoiceId: string; cents: number }> {
  const part = await createPart(t.database.db, { availablequantity: 50, minquantity: 1, priceCents });
  await fillCart(t.app, who, [{ partId: part.id, quantity: 1 }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: bearer(who.token),
    payload: { address: DELIVERY_ADDRESS, payment: 'account' },
  });
  if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
  const orderId = (res.json() as CheckoutResult).insertedId;
  const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return { orderId, invoiceId: invoice!.id, cents: invoice!.totalCents };
}

/** Moves an invoice to when it was issued and fell due (the controlled clock of these tests). */
const dated = (invoiceId: string, issuedAt: string, dueAt: string) =>
  t.database.db
    .update(invoices)
    .set({ issuedAt: new Date(issuedAt), dueAt: new Date(dueAt) })
    .where(eq(invoices.id, invoiceId));

const payment = (invoiceId: string, amount: number, receivedOn: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/invoices/${invoiceId}/payments`,
    headers: bearer(admin.token),
    payload: { amount, method: 'cheque', reference: 'CHQ 7', receivedOn },
  });

const get = (who: Customer, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(who.token) });

describe('monthly statements', () => {
  let owner: Customer;
  let accountant: Customer;
  let buyer: Customer;
  let companyId: string;
  let a: Awaited<ReturnType<typeof onAccountOrder>>;
  let b: Awaited<ReturnType<typeof onAccountOrder>>;
  let c: Awaited<ReturnType<typeof onAccountOrder>>;

  beforeAll(async () => {
    owner = await onAccountCustomer(t, admin);
    accountant = await signUp(t.app);
    buyer = await signUp(t.app);
    a = await onAccountOrder(owner, 10_000);
    b = await onAccountOrder(owner, 5_000);
    c = await onAccountOrder(owner, 2_000);
    companyId = await companyWith(
      t.database.db,
      [
        { who: owner, role: 'owner' },
        { who: accountant, role: 'accountant' },
        { who: buyer, role: 'buyer' },
      ],
      '=Bayside, "Couriers"',
    );
    for (const o of [a, b, c]) await billToCompany(t.database.db, o.orderId, companyId);
    // A: September's, due in October, part paid on Oct 5; B: October's; C: August's, overdue
    // since August 31, paid in November (after the month).
    await dated(a.invoiceId, '2026-09-10T12:00:00Z', '2026-10-10T12:00:00Z');
    await dated(b.invoiceId, '2026-10-12T12:00:00Z', '2026-11-11T12:00:00Z');
    await dated(c.invoiceId, '2026-08-01T12:00:00Z', '2026-08-31T12:00:00Z');
    expect((await payment(a.invoiceId, 20, '2026-10-05')).statusCode).toBe(201);
    expect((await payment(c.invoiceId, 5, '2026-11-03')).statusCode).toBe(201);
  });

  it('writes opening, orders, payments, closing and overdue for each company on account, once', async () => {
    const run = await writeStatements(t.database.db, '2026-10-01', { publicUrl: PUBLIC_URL });
    expect(run.written).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db
      .select()
      .from(statements)
      .where(and(eq(statements.companyId, companyId), eq(statements.month, '2026-10-01')));
    expect(row).toMatchObject({
      openingBalanceCents: a.cents + c.cents,
      chargesCents: b.cents,
      paymentsCents: 2000,
      closingBalanceCents: a.cents - 2000 + b.cents + c.cents,
      overdueCents: a.cents - 2000 + c.cents,
    });
    // Again (a second process, a retry): nothing new.
    const again = await writeStatements(t.database.db, '2026-10-01', { publicUrl: PUBLIC_URL });
    expect(again.written).toBe(0);
    // September: opening C, orders A.
    await writeStatements(t.database.db, '2026-09-01', { publicUrl: PUBLIC_URL });
    const [september] = await t.database.db
      .select()
      .from(statements)
      .where(and(eq(statements.companyId, companyId), eq(statements.month, '2026-09-01')));
    expect(september).toMatchObject({
      openingBalanceCents: c.cents,
      chargesCents: a.cents,
      paymentsCents: 0,
      closingBalanceCents: a.cents + c.cents,
      overdueCents: c.cents,
    });
  });

  it('mails the owner and accountants that the statement is ready, not the buyers', async () => {
    await t.app.jobs.runDue();
    const subject = statementTexts.mailSubject('=Bayside, "Couriers"', 'October 2026');
    const mail = await vi.waitFor(
      () => {
        const found = mailer.sent.find((m) => m.to === accountant.email && m.subject === subject);
        if (!found) throw new Error('no statement mail yet');
        return found;
      },
      { timeout: 5000, interval: 25 },
    );
    // A link to the downloads, not the PDF itself: rendering 1,000 PDFs on the 1st would slow the shop.
    expect(mail.text).toContain('http://localhost:3000/company/statements');
    expect(mail.attachments).toBeUndefined();
    expect(mailer.sent.some((m) => m.to === owner.email && m.subject === subject)).toBe(true);
    expect(mailer.sent.some((m) => m.to === buyer.email && m.subject === subject)).toBe(false);
  });

  it('owner and accountant list and download them (PDF, CSV); buyers 403, others 404, admins may', async () => {
    const list = await get(accountant, '/api/company/statements');
    expect(list.statusCode).toBe(200);
    const [october] = (list.json() as Statement[]).filter((s) => s.month === '2026-10-01');
    expect(october).toMatchObject({ payments: 20, charges: b.cents / 100 });
    expect((await get(owner, '/api/company/statements')).statusCode).toBe(200);
    const refused = await get(buyer, '/api/company/statements');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(statementTexts.forbidden);
    const stranger = await signUp(t.app);
    expect((await get(stranger, '/api/company/statements')).statusCode).toBe(404);

    const pdf = await get(accountant, `/api/company/statements/${october!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(statementTexts.opening);
    expect(text).toContain('October 2026');
    const [invoiceA] = await t.database.db.select().from(invoices).where(eq(invoices.id, a.invoiceId));
    expect(text).toContain(invoiceA!.number);

    const csv = await get(owner, `/api/company/statements/${october!.id}/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('statement-bayside-couriers-2026-10.csv');
    // The company's name starts with "=": no spreadsheet may take it for a formula.
    expect(csv.body).toContain(`summary,2026-10-01,"'=Bayside, ""Couriers""",payments,20.00`);
    expect(csv.body).toContain(`open_invoice,2026-08-01`);

    const otherOwner = await signUp(t.app);
    await companyWith(t.database.db, [{ who: otherOwner, role: 'owner' }]);
    for (const who of [buyer, otherOwner, stranger]) {
      expect((await get(who, `/api/company/statements/${october!.id}/pdf`)).statusCode).toBe(404);
      expect((await get(who, `/api/company/statements/${october!.id}/csv`)).statusCode).toBe(404);
    }
    expect((await get(admin, `/api/company/statements/${october!.id}/pdf`)).statusCode).toBe(200);
    expect((await get(accountant, '/api/company/statements/not-a-uuid/pdf')).statusCode).toBe(400);

    // The accountant's list of the company's invoices.
    const list2 = await get(accountant, '/api/company/invoices');
    expect(list2.statusCode).toBe(200);
    expect(list2.json().map((i: { id: string }) => i.id)).toEqual(
      expect.arrayContaining([a.invoiceId, b.invoiceId, c.invoiceId]),
    );
    expect((await get(buyer, '/api/company/invoices')).statusCode).toBe(403);
  });

  it('a company with nothing on account gets none', async () => {
    const quiet = await signUp(t.app);
    const quietId = await companyWith(t.database.db, [{ who: quiet, role: 'owner' }]);
    await writeStatements(t.database.db, '2026-10-01', { publicUrl: PUBLIC_URL });
    const rows = await t.database.db.select().from(statements).where(eq(statements.companyId, quietId));
    expect(rows).toEqual([]);
    const [company] = await t.database.db.select().from(companies).where(eq(companies.id, quietId));
    expect(company).toBeDefined();
  });
});

describe('overdue reminders', () => {
  const remindersOf = async (invoiceId: string) =>
    (await t.database.db.select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoiceId)))
      .map((r) => r.daysPastDue)
      .sort((x, y) => x - y);

  it('at 7 and 14 days past due, once each, to the customer and the company’s accountants', async () => {
    const owner = await onAccountCustomer(t, admin);
    const accountant = await signUp(t.app);
    const order = await onAccountOrder(owner);
    const companyId = await companyWith(t.database.db, [
      { who: owner, role: 'owner' },
      { who: accountant, role: 'accountant' },
    ]);
    await billToCompany(t.database.db, order.orderId, companyId);
    await dated(order.invoiceId, '2030-01-01T09:00:00Z', '2030-01-31T09:00:00Z');

    await sendReminders(t.database.db, new Date('2030-02-07T08:00:00Z'), PUBLIC_URL); // 6 days 23 h
    expect(await remindersOf(order.invoiceId)).toEqual([]);
    await sendReminders(t.database.db, new Date('2030-02-07T10:00:00Z'), PUBLIC_URL);
    expect(await remindersOf(order.invoiceId)).toEqual([7]);
    await sendReminders(t.database.db, new Date('2030-02-10T10:00:00Z'), PUBLIC_URL);
    expect(await remindersOf(order.invoiceId)).toEqual([7]);
    await sendReminders(t.database.db, new Date('2030-02-14T10:00:00Z'), PUBLIC_URL);
    expect(await remindersOf(order.invoiceId)).toEqual([7, 14]);
    await sendReminders(t.database.db, new Date('2030-03-30T10:00:00Z'), PUBLIC_URL);
    expect(await remindersOf(order.invoiceId)).toEqual([7, 14]);

    await t.app.jobs.runDue();
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, order.invoiceId));
    for (const days of [7, 14]) {
      const subject = invoiceTexts.reminderSubject(invoice!.number, days);
      await vi.waitFor(
        () => {
          for (const who of [owner, accountant]) {
            if (!mailer.sent.some((m) => m.to === who.email && m.subject === subject))
              throw new Error('not yet');
          }
        },
        { timeout: 5000, interval: 25 },
      );
      expect(mailer.sent.filter((m) => m.subject === subject)).toHaveLength(2);
    }
  });

  it('a step missed is not sent late, a paid invoice is not reminded, and the daily job runs it', async () => {
    const me = await onAccountCustomer(t, admin);
    const late = await onAccountOrder(me);
    const paid = await onAccountOrder(me);
    await dated(late.invoiceId, '2031-01-01T09:00:00Z', '2031-01-31T09:00:00Z');
    await dated(paid.invoiceId, '2031-01-01T09:00:00Z', '2031-01-31T09:00:00Z');
    await t.database.db
      .update(orders)
      .set({ paidAt: new Date(), status: 'paid' })
      .where(eq(orders.id, paid.orderId));

    // The job, queued as the schedule queues it, with the clock it is given.
    await t.database.db.insert(jobs).values({ kind: 'reminders', payload: { now: '2031-02-16T10:00:00Z' } });
    await t.app.jobs.runDue();
    await vi.waitFor(async () => expect(await remindersOf(late.invoiceId)).toEqual([14]), { timeout: 5000 });
    expect(await remindersOf(paid.invoiceId)).toEqual([]);
  });

  it('the schedule queues the month’s statements and the day’s reminders once', async () => {
    const now = new Date('2032-03-01T06:00:00Z');
    expect(await scheduleAccountJobs(t.database.db, now)).toBe(2);
    expect(await scheduleAccountJobs(t.database.db, now)).toBe(0);
    const queued = await t.database.db
      .select()
      .from(jobs)
      .where(inArray(jobs.kind, ['statements', 'reminders']));
    expect(queued.map((j) => j.payload)).toEqual(
      expect.arrayContaining([{ month: '2032-02-01' }, { day: '2032-03-01' }]),
    );
  });
});
