import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { creditTexts } from '@pitstop/core/messages';
import type { Db } from '../../db/client.js';
import { createPart } from '../../seed/factories.js';
import { creditAccounts, orders } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { captureMailer, useTestApp } from '../../test/app.js';
import { bearer, signUp, signUpAdmin, type Customer } from '../../test/accounts.js';
import { availableOf } from '../../test/catalogue.js';
import { fillCart as fillCartOf } from '../../test/orders.js';
import { insertOrder } from '../orders/service.js';
import { assertWithinLimit, lockCreditLine } from './service.js';

const mailer = captureMailer();

/** Mail may leave through a queue after the answer: wait for the one with this subject. */
const mailTo = (to: string, subject: string) =>
  vi.waitFor(
    () => {
      const mail = mailer.sent.findLast((m) => m.to === to && m.subject === subject);
      if (!mail) throw new Error(`no mail "${subject}" to ${to} yet`);
      return mail;
    },
    { timeout: 5_000, interval: 25 },
  );
const t = useTestApp({ mailer, env: { ORDER_EXPIRY_INTERVAL_SECONDS: '3600' } });
let admin: Customer;

beforeAll(async () => {
  admin = await signUpAdmin(t);
});

const APPLICATION = {
  businessName: 'Rapid Couriers LLC',
  contactName: 'Dana Fleet',
  email: 'dana@rapidcouriers.example',
  phone: '(415) 555-0199',
  ein: '12-3456789',
  yearsInBusiness: 6,
  requestedLimit: 5000,
};

const ADDRESS = {
  name: 'Dana Fleet',
  street: '1 Depot Way',
  city: 'Oakland',
  state: 'CA',
  zip: '94607',
  phone: '(510) 555-0142',
};

const apply = (who: Customer, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/credit-applications',
    headers: bearer(who.token),
    payload: body,
  });
const decide = (who: Customer, id: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/credit-applications/${id}`,
    headers: bearer(who.token),
    payload: body,
  });

async function approvedCustomer(limit: number): Promise<Customer> {
  const me = await signUp(t.app);
  const applied = await apply(me, APPLICATION);
  if (applied.statusCode !== 201) throw new Error(`apply: ${applied.statusCode} ${applied.body}`);
  const res = await decide(admin, applied.json().id as string, { status: 'approved', limit });
  if (res.statusCode !== 200) throw new Error(`approve: ${res.statusCode} ${res.body}`);
  return me;
}

const fillCart = (who: Customer, lines: { partId: string; quantity: number }[]) =>
  fillCartOf(t.app, who, lines);

const checkout = (who: Customer, payment: 'card' | 'account') =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: bearer(who.token),
    payload: { address: ADDRESS, payment },
  });

const available = async (partId: string) => (await availableOf(t.database.db, partId))[0];

const creditOf = async (who: Customer) =>
  (await t.app.inject({ method: 'GET', url: '/api/credit', headers: bearer(who.token) })).json();

describe('credit applications', () => {
  it('stores a valid application (EIN typed without its dash) as pending', async () => {
    const me = await signUp(t.app);
    const res = await apply(me, { ...APPLICATION, ein: '987654321', requestedLimit: '2,500' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      businessName: 'Rapid Couriers LLC',
      ein: '98-7654321',
      requestedLimit: 2500,
      status: 'pending',
      approvedLimit: null,
      userId: me.userId,
    });
    expect((await creditOf(me)).application.status).toBe('pending');
    // One waiting application at a time.
    const again = await apply(me, APPLICATION);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(creditTexts.alreadyPending);
  });

  it.each([
    ['ein', { ein: '12-345678' }, creditTexts.einInvalid],
    ['ein', { ein: '00-1234567' }, creditTexts.einInvalid],
    ['ein', { ein: 'AB-CDEFGHI' }, creditTexts.einInvalid],
    ['phone', { phone: '12345' }, creditTexts.phoneInvalid],
    ['businessName', { businessName: '  ' }, creditTexts.businessNameRequired],
    ['contactName', { contactName: '' }, creditTexts.contactNameRequired],
    ['yearsInBusiness', { yearsInBusiness: -1 }, creditTexts.yearsInvalid],
    ['yearsInBusiness', { yearsInBusiness: 2.5 }, creditTexts.yearsInvalid],
    ['requestedLimit', { requestedLimit: 50 }, creditTexts.requestedLimitInvalid],
    ['requestedLimit', { requestedLimit: 2_000_000 }, creditTexts.requestedLimitInvalid],
    ['requestedLimit', { requestedLimit: 'lots' }, creditTexts.requestedLimitInvalid],
  ])('refuses a bad %s with 400 naming the field', async (field, change, message) => {
    const me = await signUp(t.app);
    const res = await apply(me, { ...APPLICATION, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect((await creditOf(me)).application).toBeNull();
  });

  it('is for signed-in customers; listing and deciding are for admins (403 otherwise)', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/credit-applications', payload: APPLICATION }))
        .statusCode,
    ).toBe(401);
    const me = await signUp(t.app);
    const applied = (await apply(me, APPLICATION)).json();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/credit-applications',
      headers: bearer(me.token),
    });
    expect(list.statusCode).toBe(403);
    const self = await decide(me, applied.id, { status: 'approved', limit: 1_000_000 });
    expect(self.statusCode).toBe(403);
    expect((await creditOf(me)).account).toBeNull();
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/order/${applied.id}/paid`,
      headers: bearer(me.token),
    });
    expect(paid.statusCode).toBe(403);
  });

  it('an admin lists, approves with a limit (the applicant is mailed) and cannot decide twice', async () => {
    const me = await signUp(t.app);
    const applied = (await apply(me, { ...APPLICATION, email: me.email })).json();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/credit-applications?status=pending',
      headers: bearer(admin.token),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((a: { id: string }) => a.id)).toContain(applied.id);

    const bad = await decide(admin, applied.id, { status: 'approved', limit: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ field: 'limit', message: creditTexts.approvedLimitInvalid });

    const approved = await decide(admin, applied.id, { status: 'approved', limit: 1500.5 });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', approvedLimit: 1500.5 });
    expect(approved.json().decidedAt).toEqual(expect.any(String));
    const mail = await mailTo(me.email, creditTexts.approvedSubject);
    expect(mail.text).toContain('$1,500.50');
    expect(mail.text).toContain('Pay on account (net 30)');
    expect(await creditOf(me)).toMatchObject({ account: { limit: 1500.5, used: 0, remaining: 1500.5 } });

    const twice = await decide(admin, applied.id, { status: 'declined' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(creditTexts.alreadyDecided('approved'));
  });

  it('an admin declines: the applicant is mailed and gets no credit line', async () => {
    const me = await signUp(t.app);
    const applied = (await apply(me, { ...APPLICATION, email: me.email })).json();
    const res = await decide(admin, applied.id, { status: 'declined' });
    expect(res.json()).toMatchObject({ status: 'declined', approvedLimit: null });
    expect((await mailTo(me.email, creditTexts.declinedSubject)).text).toContain(
      'not able to open an account',
    );
    expect((await creditOf(me)).account).toBeNull();
    const unknown = await decide(admin, '00000000-0000-4000-8000-000000000000', { status: 'declined' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('pay on account (net 30)', () => {
  it('places an on_account order that does not expire, due in 30 days, and counts against the limit', async () => {
    const me = await approvedCustomer(500);
    const part = await createPart(t.database.db, { priceCents: 12_000, availablequantity: 10 });
    await fillCart(me, [{ partId: part.id, quantity: 2 }]);
    const res = await checkout(me, 'account');
    expect(res.statusCode).toBe(201);
    const orderId = res.json().insertedId as string;
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({
      status: 'on_account',
      paymentMethod: 'account',
      expiresAt: null,
      paidAt: null,
    });
    const dueInDays = (row!.paymentDueAt!.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(dueInDays).toBeCloseTo(30, 2);
    expect(await available(part.id)).toBe(8);
    expect(await creditOf(me)).toMatchObject({ account: { limit: 500, used: 240, remaining: 260 } });

    // The expiry job passes it by even long after any card order's deadline.
    await t.database.db.execute(
      sql`update orders set created_at = now() - interval '2 days' where id = ${orderId}`,
    );
    const { expireUnpaidOrders } = await import('../orders/service.js');
    await expireUnpaidOrders(t.database.db);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(after?.status).toBe('on_account');

    // It cannot be paid by card.
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(me.token),
      payload: { orderId },
    });
    expect(intent.statusCode).toBe(409);
  });

  it('refuses an order over the remaining limit with the catalogue message, reserving nothing', async () => {
    const me = await approvedCustomer(100);
    const part = await createPart(t.database.db, { priceCents: 6_000, availablequantity: 10 });
    await fillCart(me, [{ partId: part.id, quantity: 2 }]);
    const res = await checkout(me, 'account');
    expect(res.statusCode).toBe(409);
    const message = creditTexts.overLimit('$100.00', '$120.00');
    expect(res.json().detail).toBe(message);
    expect(res.json().errors).toEqual([{ field: 'payment', message }]);
    expect(await available(part.id)).toBe(10);
    const mine = await t.database.db.select().from(orders).where(eq(orders.userId, me.userId));
    expect(mine).toHaveLength(0);
    // The cart is still there to pay by card.
    expect((await checkout(me, 'card')).statusCode).toBe(201);
  });

  it('two simultaneous checkouts on account cannot together exceed the limit', async () => {
    const me = await approvedCustomer(100);
    const part = await createPart(t.database.db, { priceCents: 6_000, availablequantity: 10 });
    await fillCart(me, [{ partId: part.id, quantity: 1 }]);
    const results = await Promise.all([checkout(me, 'account'), checkout(me, 'account')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect((await creditOf(me)).account).toMatchObject({ used: 60, remaining: 40 });
    expect(await available(part.id)).toBe(9);
  });

  it('the credit row lock alone keeps two racing on-account orders within the limit', async () => {
    // Below the checkout (whose cart lock also serialises one customer): two transactions that each
    // check the limit, wait, then write an order. Without FOR UPDATE on the credit row both would
    // see $0 used and both would pass.
    const me = await approvedCustomer(100);
    const part = await createPart(t.database.db, { priceCents: 6_000, availablequantity: 10 });
    const placeOnAccount = () =>
      t.database.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const line = await lockCreditLine(tx, me.userId);
        await assertWithinLimit(tx, me.userId, line, 6_000);
        await new Promise((resolve) => setTimeout(resolve, 150));
        await insertOrder(tx, {
          userId: me.userId,
          email: me.email,
          name: 'Dana',
          num: '5105550142',
          taxCents: 0,
          deliveryAddress: ADDRESS,
          paymentMethod: 'account',
          terms: { holdMinutes: 30, publicUrl: 'http://localhost:3000' },
          lines: [
            {
              partId: part.id,
              partNumber: 'BP-1',
              partName: 'Brake pads',
              unitPriceCents: 6_000,
              quantity: 1,
            },
          ],
        });
      });
    const outcomes = await Promise.allSettled([placeOnAccount(), placeOnAccount()]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
    expect((refused as PromiseRejectedResult).reason.status).toBe(409);
    expect((await creditOf(me)).account).toMatchObject({ used: 60, remaining: 40 });
  });

  it('an admin marks an on-account order paid (it frees the limit); a card order cannot be', async () => {
    const me = await approvedCustomer(200);
    const part = await createPart(t.database.db, { priceCents: 15_000, availablequantity: 10 });
    await fillCart(me, [{ partId: part.id, quantity: 1 }]);
    const placed = (await checkout(me, 'account')).json();
    const orderId = placed.insertedId as string;
    // Net 30: it ships before it is paid.
    const shipped = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.orderNumber}/shipments`,
      headers: bearer(admin.token),
      payload: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
    });
    expect(shipped.json()).toMatchObject({ status: 'shipped', paid: false, paymentMethod: 'account' });
    expect(shipped.json().paymentDueAt).toEqual(expect.any(String));
    expect((await creditOf(me)).account).toMatchObject({ used: 150, remaining: 50 });

    const markPaid = (id: string) =>
      t.app.inject({ method: 'POST', url: `/api/order/${id}/paid`, headers: bearer(admin.token) });
    const paid = await markPaid(orderId);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'shipped', paid: true, paymentDueAt: null });
    expect(Date.parse(paid.json().paidAt)).toBeGreaterThanOrEqual(Date.parse(paid.json().shippedAt));
    expect((await creditOf(me)).account).toMatchObject({ used: 0, remaining: 200 });
    const again = await markPaid(orderId);
    expect(again.json().paidAt).toBe(paid.json().paidAt);

    // Not yet shipped: marking it paid turns it paid.
    await fillCart(me, [{ partId: part.id, quantity: 1 }]);
    const second = (await checkout(me, 'account')).json().insertedId as string;
    expect((await markPaid(second)).json()).toMatchObject({ status: 'paid', paid: true });

    await fillCart(me, [{ partId: part.id, quantity: 1 }]);
    const byCard = (await checkout(me, 'card')).json().insertedId as string;
    const refused = await markPaid(byCard);
    expect(refused.statusCode).toBe(409);
  });

  it('cancelling an on-account order (customer or admin) frees its limit and returns its stock', async () => {
    const me = await approvedCustomer(300);
    const part = await createPart(t.database.db, { priceCents: 10_000, availablequantity: 10 });
    await fillCart(me, [{ partId: part.id, quantity: 2 }]);
    const first = (await checkout(me, 'account')).json().insertedId as string;
    const byCustomer = await t.app.inject({
      method: 'POST',
      url: `/api/order/${first}/cancel`,
      headers: bearer(me.token),
    });
    expect(byCustomer.json()).toMatchObject({ status: 'cancelled', cancelReason: 'customer' });
    expect(await available(part.id)).toBe(10);

    await fillCart(me, [{ partId: part.id, quantity: 3 }]);
    const second = (await checkout(me, 'account')).json().insertedId as string;
    expect((await creditOf(me)).account).toMatchObject({ used: 300, remaining: 0 });
    const byAdmin = await t.app.inject({
      method: 'POST',
      url: `/api/order/${second}/cancel`,
      headers: bearer(admin.token),
    });
    expect(byAdmin.json()).toMatchObject({ status: 'cancelled', cancelReason: 'admin', refundedAt: null });
    expect((await mailTo(me.email, 'Your Pitstop Parts order was cancelled')).text).toContain(
      'Nothing is charged to your account',
    );
    expect((await creditOf(me)).account).toMatchObject({ used: 0, remaining: 300 });
    expect(await available(part.id)).toBe(10);
    const [line] = await t.database.db
      .select()
      .from(creditAccounts)
      .where(eq(creditAccounts.userId, me.userId));
    expect(line?.limitCents).toBe(30_000);
  });
});
