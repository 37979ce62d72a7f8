import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CheckoutResult } from '@pitstop/core/checkout';
import { promotionsTexts } from '@pitstop/core/promotions-texts';
import {
  addresses,
  auditLog,
  orderEvents,
  orderLines,
  orders,
  promotions,
  promotionUses,
} from '../../db/schema.js';
import { createPart } from '../../seed/factories.js';
import { bearer, signUp, signUpAdmin, type Customer } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { DELIVERY_ADDRESS, fillCart, ordersOf } from '../../test/orders.js';
import { orderConfirmationMail } from '../orders/confirmation-mail.js';
import { makeCompany } from '../approvals/test-company.js';
import { expireUnpaidOrders } from '../orders/service.js';
import { discountOf, type DiscountableLine } from './apply.js';

const t = useTestApp();
const db = () => t.database.db;

const newCode = (prefix = 'SAVE') => `${prefix}${randomUUID().replaceAll('-', '').slice(0, 8)}`.toUpperCase();

/** A promotion written straight into the table (the admin API has its own tests below). */
async function promo(values: Partial<typeof promotions.$inferInsert> = {}) {
  const [row] = await db()
    .insert(promotions)
    .values({ code: newCode(), kind: 'percent', percentOffBp: 1000, ...values })
    .returning();
  if (!row) throw new Error('no promotion');
  return row;
}

const checkout = (who: Customer, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { ...bearer(who.token), ...headers },
    payload: { address: DELIVERY_ADDRESS, payment: 'card', ...extra },
  });

const preview = (who: Customer, code: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout/discount',
    headers: bearer(who.token),
    payload: { code },
  });

async function usesOf(id: string): Promise<number> {
  const [row] = await db().select({ uses: promotions.uses }).from(promotions).where(eq(promotions.id, id));
  return row?.uses ?? -1;
}

/** A customer with a cart of one part at `priceCents` × `quantity`. */
async function customerWithCart(priceCents = 5000, quantity = 2) {
  const p = await createPart(db(), { priceCents, availablequantity: 100 });
  const me = await signUp(t.app);
  await fillCart(t.app, me, [{ partId: p.id, quantity }]);
  return { me, part: p };
}

function expectRefused(res: { statusCode: number; json(): unknown }, message: string) {
  expect(res.statusCode).toBe(400);
  expect((res.json() as { errors: unknown }).errors).toEqual([{ field: 'discountCode', message }]);
}

describe('discount codes at checkout', () => {
  it('takes a percent off every line, tax on what is left, and counts the use once', async () => {
    const code = await promo({ percentOffBp: 1500 });
    const { me } = await customerWithCart(1999, 3);
    // Typed in another case, with spaces around.
    const res = await checkout(me, { discountCode: `  ${code.code.toLowerCase()} ` });
    expect(res.statusCode).toBe(201);
    const result = res.json() as CheckoutResult;
    // 3 × 19.99 = 59.97; 15 % = 8.9955 → 9.00.
    expect(result).toMatchObject({ subtotal: 59.97, discount: 9, discountCode: code.code, total: 50.97 });
    expect(result.lines[0]).toMatchObject({ discount: 9 });
    const [order] = await db().select().from(orders).where(eq(orders.id, result.insertedId));
    expect(order).toMatchObject({ discountCents: 900, discountCode: code.code, subtotalCents: 5997 });
    expect(order?.totalCents).toBe(5997 - 900 + (order?.taxCents ?? 0));
    const uses = await db().select().from(promotionUses).where(eq(promotionUses.orderId, result.insertedId));
    expect(uses).toMatchObject([
      { promotionId: code.id, userId: me.userId, discountCents: 900, releasedAt: null },
    ]);
    expect(await usesOf(code.id)).toBe(1);
    // The payment page is told the discount and the code.
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/payment/${result.insertedId}`,
      headers: bearer(me.token),
    });
    expect(info.json()).toMatchObject({ subtotal: 59.97, discount: 9, discountCode: code.code });
    // The confirmation mail's totals add up: the code's line between the subtotal and the tax.
    const [listed] = await ordersOf(t.app, me);
    if (!listed) throw new Error('the order is not listed');
    const { text } = orderConfirmationMail(listed, 'http://localhost:3000');
    expect(text).toContain(`Subtotal: $59.97\nDiscount (${code.code}): -$9.00\nSales tax:`);
  });

  it('refuses each code that does not apply with a 400 on discountCode, and orders nothing', async () => {
    const now = Date.now();
    const cases: [Partial<typeof promotions.$inferInsert> | null, string][] = [
      [null, promotionsTexts.unknown],
      [{ active: false }, promotionsTexts.inactive],
      [
        { startsAt: new Date(now + 86_400_000) },
        promotionsTexts.notStarted(new Date(now + 86_400_000).toISOString()),
      ],
      [{ startsAt: new Date(now - 2 * 86_400_000), endsAt: new Date(now - 1000) }, promotionsTexts.ended],
      [{ minOrderCents: 10_001 }, promotionsTexts.minimumNotMet('$100.01')],
      [{ totalLimit: 2, uses: 2 }, promotionsTexts.usedUp],
      [{ brands: ['Brembo'] }, promotionsTexts.noLineQualifies],
      [{ categories: ['mirrors'] }, promotionsTexts.noLineQualifies],
    ];
    const { me } = await customerWithCart(5000, 2);
    for (const [values, message] of cases) {
      const code = values ? (await promo(values)).code : 'NOSUCHCODE';
      expectRefused(await checkout(me, { discountCode: code }), message);
      expectRefused(await preview(me, code), message);
    }
    expect(await db().select().from(orders).where(eq(orders.userId, me.userId))).toHaveLength(0);
    // The cart is as it was: the order without a code goes through.
    expect((await checkout(me)).statusCode).toBe(201);
  });

  it('the minimum is met at exactly the amount', async () => {
    const code = await promo({ minOrderCents: 10_000 });
    const { me } = await customerWithCart(5000, 2);
    expect((await checkout(me, { discountCode: code.code })).json()).toMatchObject({ discount: 10 });
  });

  it('holds the per-customer limit, and a cancelled order gives its use back', async () => {
    const code = await promo({ perCustomerLimit: 1, totalLimit: 10 });
    const { me, part } = await customerWithCart(5000, 1);
    const first = await checkout(me, { discountCode: code.code });
    expect(first.statusCode).toBe(201);
    await fillCart(t.app, me, [{ partId: part.id, quantity: 1 }]);
    expectRefused(await checkout(me, { discountCode: code.code }), promotionsTexts.perCustomerUsed);
    expectRefused(await preview(me, code.code), promotionsTexts.perCustomerUsed);
    // Another customer may still use it.
    const other = await customerWithCart(5000, 1);
    expect((await checkout(other.me, { discountCode: code.code })).statusCode).toBe(201);
    expect(await usesOf(code.id)).toBe(2);

    // My order cancelled: the use is released (the row stays) and I may use the code again.
    const orderId = (first.json() as CheckoutResult).insertedId;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/order/${orderId}/cancel`,
      headers: bearer(me.token),
    });
    expect(cancel.statusCode).toBe(200);
    expect(await usesOf(code.id)).toBe(1);
    const [use] = await db().select().from(promotionUses).where(eq(promotionUses.orderId, orderId));
    expect(use?.releasedAt).toBeInstanceOf(Date);
    // Cancelling again changes nothing.
    await t.app.inject({ method: 'POST', url: `/api/order/${orderId}/cancel`, headers: bearer(me.token) });
    expect(await usesOf(code.id)).toBe(1);
    expect((await checkout(me, { discountCode: code.code })).statusCode).toBe(201);
    expect(await usesOf(code.id)).toBe(2);
  });

  it('an unpaid order that expires gives its use back', async () => {
    const code = await promo({ totalLimit: 1 });
    const { me } = await customerWithCart(5000, 1);
    const placed = await checkout(me, { discountCode: code.code });
    const orderId = (placed.json() as CheckoutResult).insertedId;
    expect(await usesOf(code.id)).toBe(1);
    await db()
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, orderId));
    const { orderIds } = await expireUnpaidOrders(db());
    expect(orderIds).toContain(orderId);
    expect(await usesOf(code.id)).toBe(0);
  });

  it('an order an approver declines gives its use back', async () => {
    const code = await promo({ totalLimit: 1 });
    const [buyer, approver] = await Promise.all([signUp(t.app), signUp(t.app)]);
    await makeCompany(db(), [
      { userId: buyer.userId, role: 'buyer', orderLimitCents: 5_000 },
      { userId: approver.userId, role: 'approver' },
    ]);
    const part = await createPart(db(), { priceCents: 10_000, availablequantity: 10 });
    await fillCart(t.app, buyer, [{ partId: part.id, quantity: 1 }]);
    const placed = await checkout(buyer, { discountCode: code.code });
    expect(placed.json()).toMatchObject({ awaitingApproval: true, discount: 10 });
    expect(await usesOf(code.id)).toBe(1);
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/company/approvals/${(placed.json() as CheckoutResult).insertedId}/decline`,
      headers: bearer(approver.token),
      payload: { reason: 'Not this month' },
    });
    expect(declined.statusCode).toBe(200);
    expect(await usesOf(code.id)).toBe(0);
  });

  it('an amount off on brands and categories only touches their lines, spread in proportion', async () => {
    const code = await promo({
      kind: 'amount',
      percentOffBp: null,
      amountOffCents: 1000,
      brands: ['suzuki'],
      categories: ['filters'],
    });
    const suzuki = await createPart(db(), { priceCents: 2000, brand: 'Suzuki', category: 'brake-pads' });
    const filter = await createPart(db(), { priceCents: 1000, brand: 'Yamaha', category: 'filters' });
    const other = await createPart(db(), { priceCents: 4000, brand: 'Honda', category: 'wheels' });
    const me = await signUp(t.app);
    await fillCart(t.app, me, [
      { partId: suzuki.id, quantity: 1 },
      { partId: filter.id, quantity: 1 },
      { partId: other.id, quantity: 1 },
    ]);
    const pre = await preview(me, code.code);
    expect(pre.json()).toEqual({
      code: code.code,
      subtotal: 70,
      discount: 10,
      lines: [
        { partId: suzuki.id, discount: 6.67 },
        { partId: filter.id, discount: 3.33 },
        { partId: other.id, discount: 0 },
      ],
    });
    // The preview wrote nothing.
    expect(await usesOf(code.id)).toBe(0);
    const res = await checkout(me, { discountCode: code.code });
    expect(res.statusCode).toBe(201);
    const result = res.json() as CheckoutResult;
    expect(result.discount).toBe(10);
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, result.insertedId));
    const byPart = new Map(lines.map((l) => [l.partId, l.discountCents]));
    expect([byPart.get(suzuki.id), byPart.get(filter.id), byPart.get(other.id)]).toEqual([667, 333, 0]);
  });

  it('an amount above the order takes it to zero, never a line below zero', async () => {
    const code = await promo({ kind: 'amount', percentOffBp: null, amountOffCents: 100_000 });
    const { me } = await customerWithCart(1999, 1);
    const res = await checkout(me, { discountCode: code.code });
    expect(res.json()).toMatchObject({ subtotal: 19.99, discount: 19.99, tax: 0, total: 0 });
    // Free by card: nothing to charge (a provider refuses $0), so it is paid as it is placed, with
    // its timeline saying so and no hold left on it.
    const orderId = (res.json() as CheckoutResult).insertedId;
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: 'paid', totalCents: 0, transactionId: `free-${orderId}` });
    expect(row?.paidAt).toBeInstanceOf(Date);
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.map((e) => e.kind).sort()).toEqual(['paid', 'placed']);
  });

  it('one code per order: a list of codes is refused; a retried checkout counts its code once', async () => {
    const code = await promo({ totalLimit: 5 });
    const { me } = await customerWithCart(5000, 1);
    const twice = await checkout(me, { discountCode: [code.code, code.code] });
    expect(twice.statusCode).toBe(400);
    const key = randomUUID();
    const a = await checkout(me, { discountCode: code.code }, { 'idempotency-key': key });
    const b = await checkout(me, { discountCode: code.code }, { 'idempotency-key': key });
    expect(a.statusCode).toBe(201);
    expect(b.json().insertedId).toBe(a.json().insertedId);
    expect(await usesOf(code.id)).toBe(1);
    // A code pasted twice into the field is not a code.
    const { me: other } = await customerWithCart(5000, 1);
    expectRefused(
      await checkout(other, { discountCode: `${code.code} ${code.code}` }),
      promotionsTexts.unknown,
    );
  });

  it('a total limit of 5 holds under 20 concurrent checkouts: exactly 5 are discounted', async () => {
    const code = await promo({ totalLimit: 5 });
    const part = await createPart(db(), { priceCents: 1000, availablequantity: 100 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => signUp(t.app)));
    for (const buyer of buyers) await fillCart(t.app, buyer, [{ partId: part.id, quantity: 1 }]);
    const answers = await Promise.all(buyers.map((buyer) => checkout(buyer, { discountCode: code.code })));
    const placed = answers.filter((a) => a.statusCode === 201);
    expect(placed).toHaveLength(5);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expectRefused(refused, promotionsTexts.usedUp);
    }
    expect(placed.every((a) => (a.json() as CheckoutResult).discount === 1)).toBe(true);
    expect(await usesOf(code.id)).toBe(5);
    const used = await db().select().from(promotionUses).where(eq(promotionUses.promotionId, code.id));
    expect(used).toHaveLength(5);
  });

  it('preview: signed in only; an empty cart is told so', async () => {
    const code = await promo();
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/discount',
      payload: { code: code.code },
    });
    expect(anon.statusCode).toBe(401);
    const me = await signUp(t.app);
    expectRefused(await preview(me, code.code), promotionsTexts.cartEmpty);
    expect((await preview(me, 'A\u0000B')).statusCode).toBe(400);
  });
});

describe('1-Click with a discount code', () => {
  it('a double click (one Idempotency-Key) uses the code once', async () => {
    const code = await promo({ percentOffBp: 1000, totalLimit: 3 });
    const me = await signUp(t.app);
    await db()
      .insert(addresses)
      .values({ userId: me.userId, ...DELIVERY_ADDRESS, isDefault: true });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/cards/sandbox',
      headers: bearer(me.token),
      payload: { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' },
    });
    expect(saved.statusCode).toBe(201);
    const part = await createPart(db(), { priceCents: 2000, availablequantity: 10 });
    const key = randomUUID();
    const click = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/one-click',
        headers: { ...bearer(me.token), 'idempotency-key': key },
        payload: { partId: part.id, quantity: 1, discountCode: code.code },
      });
    const both = await Promise.all([click(), click()]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(both[0]?.json().insertedId).toBe(both[1]?.json().insertedId);
    expect(both[0]?.json()).toMatchObject({ discount: 2, discountCode: code.code, payment: 'paid' });
    const again = await click();
    expect(again.json().insertedId).toBe(both[0]?.json().insertedId);
    expect(await usesOf(code.id)).toBe(1);
  });
});

describe('admin promotions', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    code: newCode('SPRING'),
    kind: 'percent',
    percentOff: 12.5,
    ...overrides,
  });

  it('creates, lists with uses and revenue, edits and deactivates a code, each audited', async () => {
    const admin = await signUpAdmin(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promotions',
      headers: bearer(admin.token),
      payload: body({
        kind: 'amount',
        percentOff: null,
        amountOff: 5,
        minOrder: 20,
        totalLimit: 10,
        perCustomerLimit: 1,
      }),
    });
    expect(created.statusCode).toBe(201);
    const promotion = created.json();
    expect(promotion).toMatchObject({
      kind: 'amount',
      amountOff: 5,
      minOrder: 20,
      totalLimit: 10,
      uses: 0,
      revenue: 0,
      active: true,
    });

    const { me } = await customerWithCart(3000, 1);
    const placed = await checkout(me, { discountCode: promotion.code });
    expect(placed.statusCode).toBe(201);
    const total = (placed.json() as CheckoutResult).total;

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/promotions',
      headers: bearer(admin.token),
    });
    const listed = list.json().items.find((p: { _id: string }) => p._id === promotion._id);
    expect(listed).toMatchObject({ uses: 1, revenue: total, discounted: 5 });

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/promotions/${promotion._id}`,
      headers: bearer(admin.token),
      payload: body({ code: promotion.code, kind: 'amount', percentOff: null, amountOff: 7, totalLimit: 10 }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ amountOff: 7, uses: 1 });

    // The limit cannot go under the uses; the kind of a used code cannot change.
    const under = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/promotions/${promotion._id}`,
      headers: bearer(admin.token),
      payload: body({ code: promotion.code, kind: 'amount', percentOff: null, amountOff: 7, totalLimit: 1 }),
    });
    expect(under.statusCode).toBe(200);
    // Two more uses than the limit allows now: the limit cannot go below them.
    await db().update(promotions).set({ totalLimit: 10, uses: 2 }).where(eq(promotions.id, promotion._id));
    const tooLow = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/promotions/${promotion._id}`,
      headers: bearer(admin.token),
      payload: body({ code: promotion.code, kind: 'amount', percentOff: null, amountOff: 7, totalLimit: 1 }),
    });
    expect(tooLow.statusCode).toBe(409);
    expect(tooLow.json().errors[0].field).toBe('totalLimit');
    const kind = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/promotions/${promotion._id}`,
      headers: bearer(admin.token),
      payload: body({ code: promotion.code, totalLimit: 10 }),
    });
    expect(kind.statusCode).toBe(409);

    const off = await t.app.inject({
      method: 'POST',
      url: `/api/admin/promotions/${promotion._id}/deactivate`,
      headers: bearer(admin.token),
    });
    expect(off.json()).toMatchObject({ active: false });
    const other = await customerWithCart(3000, 1);
    expectRefused(await checkout(other.me, { discountCode: promotion.code }), promotionsTexts.inactive);

    const audit = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'promotion'), eq(auditLog.recordId, promotion.code)));
    expect(audit.map((a) => a.action).sort()).toEqual(
      ['promotion.create', 'promotion.deactivate', 'promotion.update', 'promotion.update'].sort(),
    );
  });

  it('refuses bad input, a taken code (case aside) and non-admins', async () => {
    const admin = await signUpAdmin(t);
    const post = (payload: Record<string, unknown>, token = admin.token) =>
      t.app.inject({ method: 'POST', url: '/api/admin/promotions', headers: bearer(token), payload });
    const fieldOf = async (payload: Record<string, unknown>) => {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      return (res.json().errors as { field: string }[]).map((e) => e.field);
    };
    expect(await fieldOf(body({ code: 'a b' }))).toContain('code');
    expect(await fieldOf(body({ code: 'AB' }))).toContain('code');
    expect(await fieldOf(body({ code: 'BAD\u0000CODE' }))).toContain('code');
    expect(await fieldOf(body({ percentOff: 0 }))).toContain('percentOff');
    expect(await fieldOf(body({ percentOff: 101 }))).toContain('percentOff');
    expect(await fieldOf(body({ kind: 'amount', percentOff: null, amountOff: 0 }))).toContain('amountOff');
    expect(await fieldOf(body({ kind: 'amount', percentOff: null, amountOff: -5 }))).toContain('amountOff');
    expect(await fieldOf(body({ minOrder: -1 }))).toContain('minOrder');
    expect(await fieldOf(body({ totalLimit: 0 }))).toContain('totalLimit');
    expect(await fieldOf(body({ perCustomerLimit: 1.5 }))).toContain('perCustomerLimit');
    expect(await fieldOf(body({ categories: ['spaceships'] }))).toContain('categories.0');
    expect(await fieldOf(body({ brands: ['Nobrand'] }))).toContain('brands');
    // A brand in any case is stored as the shop spells it.
    const spelled = await post(body({ brands: ['yamaha'] }));
    expect(spelled.json().brands).toEqual(['Yamaha']);
    expect(
      await fieldOf(body({ startsAt: '2026-06-01T00:00:00Z', endsAt: '2026-05-01T00:00:00Z' })),
    ).toContain('endsAt');

    const code = newCode('TAKEN');
    expect((await post(body({ code }))).statusCode).toBe(201);
    const again = await post(body({ code: code.toLowerCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([{ field: 'code', message: promotionsTexts.codeTaken }]);

    const customer = await signUp(t.app);
    expect((await post(body(), customer.token)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/promotions', headers: bearer(customer.token) }))
        .statusCode,
    ).toBe(403);
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/admin/promotions/${randomUUID()}/deactivate`,
      headers: bearer(admin.token),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('discountOf (how a code spreads)', () => {
  const line = (amountCents: number, brand = 'Yamaha', category = 'brake-pads'): DiscountableLine => ({
    partId: randomUUID(),
    brand,
    category,
    amountCents,
  });
  const base = { brands: [] as string[], categories: [] as string[], minOrderCents: 0 };

  it('spreads an amount in proportion, the cents left over to the largest remainders', () => {
    const result = discountOf(
      { ...base, brands: [], categories: [], kind: 'amount', percentOffBp: null, amountOffCents: 100 },
      [line(1), line(1), line(1), line(297)],
    );
    expect(result.discountCents).toBe(100);
    expect(result.perLineCents.reduce((a, b) => a + b, 0)).toBe(100);
    result.perLineCents.forEach((cents, i) => expect(cents).toBeLessThanOrEqual([1, 1, 1, 297][i] ?? 0));
  });

  it('never takes a line below zero, whatever the amount', () => {
    for (let n = 0; n < 200; n++) {
      const lines = Array.from({ length: 1 + (n % 7) }, (_, i) =>
        line(((n * 37 + i * 13) % 500) + (i % 3 === 0 ? 0 : 1)),
      );
      const off = ((n * 71) % 3000) + 1;
      let result: ReturnType<typeof discountOf>;
      try {
        result = discountOf({ ...base, kind: 'amount', percentOffBp: null, amountOffCents: off }, lines);
      } catch {
        continue; // every line at 0: nothing qualifies
      }
      const total = lines.reduce((s, l) => s + l.amountCents, 0);
      expect(result.discountCents).toBe(Math.min(off, total));
      result.perLineCents.forEach((cents, i) => {
        expect(cents).toBeGreaterThanOrEqual(0);
        expect(cents).toBeLessThanOrEqual(lines[i]?.amountCents ?? 0);
      });
    }
  });

  it('rounds a percent per line, half up, and never above the line', () => {
    const result = discountOf({ ...base, kind: 'percent', percentOffBp: 3333, amountOffCents: null }, [
      line(1999),
      line(1),
      line(3),
    ]);
    // 666.27 → 666; 0.33 → 0; 0.9999 → 1.
    expect(result.perLineCents).toEqual([666, 0, 1]);
    const all = discountOf({ ...base, kind: 'percent', percentOffBp: 10000, amountOffCents: null }, [
      line(1999),
    ]);
    expect(all.perLineCents).toEqual([1999]);
  });
});
