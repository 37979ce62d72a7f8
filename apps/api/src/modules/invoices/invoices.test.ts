import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckoutResult } from '@pitstop/core/checkout';
import type { Invoice } from '@pitstop/core/invoices';
import { invoiceTexts } from '@pitstop/core/invoices-texts';
import { auditLog, invoiceCounters, invoices, orderEvents, orders } from '../../db/schema.js';
import { createPart } from '../../seed/factories.js';
import { captureMailer, useTestApp } from '../../test/app.js';
import { bearer, signUp, signUpAdmin, type Customer } from '../../test/accounts.js';
import { billToCompany, companyWith, onAccountCustomer, pdfText } from '../../test/invoices.js';
import { DELIVERY_ADDRESS, fillCart } from '../../test/orders.js';
import { invoicePdf } from './pdf.js';
import { invoiceDocument, invoiceById } from './service.js';

const mailer = captureMailer();
const t = useTestApp({ mailer, env: { SALES_TAX_RATES: 'CA=7.25' } });
let admin: Customer;
const onPostgres = process.env.TEST_DB === 'postgres';

beforeAll(async () => {
  admin = await signUpAdmin(t);
});

const checkout = (who: Customer, payment: 'card' | 'account' = 'card') =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: bearer(who.token),
    payload: { address: DELIVERY_ADDRESS, payment },
  });

async function placed(
  who: Customer,
  payment: 'card' | 'account' = 'card',
  quantity = 2,
): Promise<CheckoutResult> {
  const part = await createPart(t.database.db, { availablequantity: 100, minquantity: 1, priceCents: 2599 });
  await fillCart(t.app, who, [{ partId: part.id, quantity }]);
  const res = await checkout(who, payment);
  if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
  return res.json();
}

const invoiceOf = (who: Customer, orderId: string) =>
  t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/invoice`, headers: bearer(who.token) });
const pdfOf = (who: Customer, orderId: string) =>
  t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/invoice.pdf`, headers: bearer(who.token) });

async function lastSeq(): Promise<number> {
  const year = new Date().getUTCFullYear();
  const [row] = await t.database.db.select().from(invoiceCounters).where(eq(invoiceCounters.year, year));
  return row?.last ?? 0;
}

const pay = (who: Customer, invoiceId: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/invoices/${invoiceId}/payments`,
    headers: bearer(who.token),
    payload: body,
  });

describe('invoice numbers', () => {
  it('every placed order gets INV-<year>-<6 digits>, the year’s next number', async () => {
    const me = await signUp(t.app);
    const before = await lastSeq();
    const order = await placed(me);
    const res = await invoiceOf(me, order.insertedId);
    expect(res.statusCode).toBe(200);
    const invoice = res.json() as Invoice;
    const year = new Date().getUTCFullYear();
    expect(invoice.number).toBe(`INV-${year}-${String(before + 1).padStart(6, '0')}`);
    expect(invoice).toMatchObject({
      orderNumber: order.orderNumber,
      total: order.total,
      paid: 0,
      owed: order.total,
      paymentMethod: 'card',
      dueAt: null,
      overdue: false,
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('never repeat and never skip under concurrent checkouts; a checkout that rolls back takes none', async () => {
    // More buyers than units: the checkouts that find it sold out roll back and take no number.
    const buyersCount = onPostgres ? 55 : 16;
    const units = onPostgres ? 50 : 12;
    const part = await createPart(t.database.db, { availablequantity: units, minquantity: 1 });
    const buyers = await Promise.all(Array.from({ length: buyersCount }, () => signUp(t.app)));
    for (const buyer of buyers) await fillCart(t.app, buyer, [{ partId: part.id, quantity: 1 }]);
    const before = await lastSeq();

    const answers = await Promise.all(buyers.map((buyer) => checkout(buyer)));

    const ok = answers
      .filter((a) => a.statusCode === 201)
      .map((a) => (a.json() as CheckoutResult).insertedId);
    expect(ok).toHaveLength(units);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(buyersCount - units);
    const rows = await t.database.db
      .select({ seq: invoices.seq, orderId: invoices.orderId })
      .from(invoices)
      .where(sql`${invoices.seq} > ${before}`);
    expect(rows.map((r) => r.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: units }, (_, i) => before + 1 + i),
    );
    expect(new Set(rows.map((r) => r.orderId))).toEqual(new Set(ok));
    expect(await lastSeq()).toBe(before + units);
  }, 120_000);
});

describe('reading an invoice', () => {
  it('the customer, its company’s owner and accountant and admins may; anyone else gets 404', async () => {
    const placer = await signUp(t.app);
    const owner = await signUp(t.app);
    const accountant = await signUp(t.app);
    const buyer = await signUp(t.app);
    const stranger = await signUp(t.app);
    const otherAccountant = await signUp(t.app);
    const order = await placed(placer);
    const companyId = await companyWith(t.database.db, [
      { who: placer, role: 'buyer' },
      { who: owner, role: 'owner' },
      { who: accountant, role: 'accountant' },
      { who: buyer, role: 'buyer' },
    ]);
    await companyWith(t.database.db, [{ who: otherAccountant, role: 'accountant' }]);
    await billToCompany(t.database.db, order.insertedId, companyId);

    for (const who of [placer, owner, accountant, admin]) {
      expect((await invoiceOf(who, order.insertedId)).statusCode).toBe(200);
      const pdf = await pdfOf(who, order.insertedId);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    for (const who of [buyer, stranger, otherAccountant]) {
      const res = await invoiceOf(who, order.insertedId);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(invoiceTexts.notFound);
      expect((await pdfOf(who, order.insertedId)).statusCode).toBe(404);
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.insertedId}/invoice.pdf`,
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await pdfOf(admin, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect((await pdfOf(admin, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('the PDF carries the lines, totals, PO number and payment terms; 50 lines in well under 200 ms', async () => {
    const me = await onAccountCustomer(t, admin);
    const order = await placed(me, 'account', 3);
    await t.database.db.update(orders).set({ poNumber: 'PO-7781' }).where(eq(orders.id, order.insertedId));
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order.insertedId));
    const invoice = await invoiceById(t.database.db, row!.id);
    const document = await invoiceDocument(t.database.db, invoice!);
    expect(invoice!.dueAt).not.toBeNull();
    const text = pdfText(await invoicePdf(document!));
    expect(text).toContain('PO-7781');
    expect(text).toContain(invoice!.number);
    expect(text).toContain(document!.order.orderNumber);
    expect(text).toContain(invoiceTexts.termsAccount(invoice!.dueAt!.slice(0, 10)));
    expect(text).toContain(`$${invoice!.total.toFixed(2)}`);
    expect(text).toContain('Bill to');

    // 50 lines (the budget's invoice).
    const many = {
      ...document!,
      order: {
        ...document!.order,
        lines: Array.from({ length: 50 }, (_, i) => ({
          ...document!.order.lines[0]!,
          name: `Brake pad set, sintered, front axle ${i + 1}`,
          partNumber: `BP-${1000 + i}`,
          listPrice: 40,
        })),
      },
    };
    // The best of five (the machine is shared); `npm run bench:invoices` reports the worst.
    let best = Infinity;
    let big: Buffer = Buffer.alloc(0);
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      big = await invoicePdf(many);
      best = Math.min(best, performance.now() - started);
    }
    expect(best).toBeLessThan(200);
    expect(pdfText(big)).toContain('BP-1049');
  });

  it('the confirmation mail carries the invoice as a PDF', async () => {
    const me = await signUp(t.app);
    const order = await placed(me);
    await t.app.jobs.runDue();
    const mail = await vi.waitFor(
      () => {
        const found = mailer.sent.find((m) => m.to === me.email && m.subject.includes(order.orderNumber));
        if (!found) throw new Error('no confirmation yet');
        return found;
      },
      { timeout: 5000, interval: 25 },
    );
    const invoice = (await invoiceOf(me, order.insertedId)).json() as Invoice;
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0]).toMatchObject({
      filename: `${invoice.number}.pdf`,
      contentType: 'application/pdf',
    });
    expect(mail.attachments![0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(mail.text).toContain(invoiceTexts.attachedNote(invoice.number));
  });
});

describe('recording payments (admins)', () => {
  async function onAccountInvoice(): Promise<{ me: Customer; order: CheckoutResult; invoice: Invoice }> {
    const me = await onAccountCustomer(t, admin);
    const order = await placed(me, 'account', 4);
    const invoice = (await invoiceOf(me, order.insertedId)).json() as Invoice;
    return { me, order, invoice };
  }

  it('lists invoices with what is paid and owed, filtered and searched', async () => {
    const { invoice } = await onAccountInvoice();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/invoices?filter=open&q=${invoice.number}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json()).toEqual([expect.objectContaining({ id: invoice.id, owed: invoice.total, paid: 0 })]);
    const paid = await t.app.inject({
      method: 'GET',
      url: `/api/admin/invoices?filter=paid&q=${invoice.number}`,
      headers: bearer(admin.token),
    });
    expect(paid.json()).toEqual([]);
    const customer = await signUp(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/invoices', headers: bearer(customer.token) }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/invoices?filter=nope',
          headers: bearer(admin.token),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('up to what is owed; paid in full, the on-account order turns paid; each audited with a timeline line', async () => {
    const { order, invoice } = await onAccountInvoice();
    const today = new Date().toISOString().slice(0, 10);
    const tooMuch = await pay(admin, invoice.id, {
      amount: invoice.total + 0.01,
      method: 'cheque',
      receivedOn: today,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors).toContainEqual({
      field: 'amount',
      message: invoiceTexts.amountAboveOwed(invoice.total),
    });

    const first = await pay(admin, invoice.id, {
      amount: '50.00',
      method: 'cheque',
      reference: 'CHQ 1001',
      receivedOn: today,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().invoice).toMatchObject({
      paid: 50,
      owed: Math.round((invoice.total - 50) * 100) / 100,
    });
    let [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.insertedId));
    expect(row).toMatchObject({ status: 'on_account', paidAt: null });

    const rest = Math.round((invoice.total - 50) * 100) / 100;
    const second = await pay(admin, invoice.id, { amount: rest, method: 'bank_transfer', receivedOn: today });
    expect(second.statusCode).toBe(201);
    expect(second.json().invoice).toMatchObject({ paid: invoice.total, owed: 0 });
    [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.insertedId));
    expect(row!.status).toBe('paid');
    expect(row!.paidAt).not.toBeNull();

    const again = await pay(admin, invoice.id, { amount: 1, method: 'cash', receivedOn: today });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(invoiceTexts.nothingOwed);

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invoice.record_payment'), eq(auditLog.recordId, invoice.number)));
    expect(audits).toHaveLength(2);
    expect(audits.every((a) => a.actorId === admin.userId)).toBe(true);
    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.insertedId), eq(orderEvents.kind, 'invoice_payment')));
    expect(events).toHaveLength(2);
  });

  it('two payments recorded at once cannot together pass the total', async () => {
    const { invoice } = await onAccountInvoice();
    const today = new Date().toISOString().slice(0, 10);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        pay(admin, invoice.id, { amount: invoice.total, method: 'cheque', receivedOn: today }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.paidCents).toBe(Math.round(invoice.total * 100));
  });

  it.each([
    ['amount', { amount: 0 }, invoiceTexts.amountPositive],
    ['amount', { amount: -5 }, invoiceTexts.amountPositive],
    ['amount', { amount: '1.005' }, invoiceTexts.amountCents],
    ['amount', { amount: 'lots' }, invoiceTexts.amountRequired],
    ['method', { method: 'gold' }, invoiceTexts.methodRequired],
    ['receivedOn', { receivedOn: '2026-02-30' }, invoiceTexts.receivedOnInvalid],
    ['receivedOn', { receivedOn: '2999-01-01' }, invoiceTexts.receivedOnFuture],
    ['reference', { reference: 'x'.repeat(101) }, invoiceTexts.referenceTooLong],
  ])('refuses a bad %s with 400 naming the field', async (field, change, message) => {
    const { invoice } = await onAccountInvoice();
    const res = await pay(admin, invoice.id, {
      amount: 10,
      method: 'cheque',
      receivedOn: new Date().toISOString().slice(0, 10),
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.paidCents).toBe(0);
  });

  it('refuses a NUL in the reference, card invoices (409), non-admins (403) and unknown invoices (404)', async () => {
    const { me, invoice } = await onAccountInvoice();
    const today = new Date().toISOString().slice(0, 10);
    const nul = await pay(admin, invoice.id, {
      amount: 1,
      method: 'cheque',
      receivedOn: today,
      reference: 'a\u0000b',
    });
    expect(nul.statusCode).toBe(400);
    expect((await pay(me, invoice.id, { amount: 1, method: 'cheque', receivedOn: today })).statusCode).toBe(
      403,
    );
    const unknown = await pay(admin, '00000000-0000-4000-8000-000000000000', {
      amount: 1,
      method: 'cheque',
      receivedOn: today,
    });
    expect(unknown.statusCode).toBe(404);
    const card = await placed(await signUp(t.app));
    const [cardInvoice] = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, card.insertedId));
    const refused = await pay(admin, cardInvoice!.id, { amount: 1, method: 'cheque', receivedOn: today });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(invoiceTexts.cardOrder);
  });
});
