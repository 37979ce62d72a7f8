import { addressTexts } from '@pitstop/core/address-texts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CheckoutResult } from '@pitstop/core/checkout';
import { cartTexts, creditTexts, messages } from '@pitstop/core/messages';
import type { Order } from '@pitstop/core/orders';
import { createPart } from '../../seed/factories.js';
import { creditAccounts, jobs, orderEvents, orderLines, orders } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { bearer, signUp, signUpAdmin, type Customer } from '../../test/accounts.js';
import { availableOf } from '../../test/catalogue.js';
import { DELIVERY_ADDRESS, fillCart, partOrderBody } from '../../test/orders.js';

const t = useTestApp({ env: { SALES_TAX_RATES: 'CA=7.25' } });

function orderBody(customer: Customer, productId: string, overrides: Record<string, unknown> = {}) {
  return partOrderBody(customer, productId, {
    num: '555-0101',
    parts: 'Brake pads',
    quantity: 2,
    ...overrides,
  });
}

async function place(customer: Customer, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(customer.token), payload: body });
}

const available = async (partId: string) => (await availableOf(t.database.db, partId))[0];

/** The mail jobs queued for an order, named by what writes them when they are sent, sorted. */
async function mailJobsOf(order: Pick<CheckoutResult, 'insertedId'>): Promise<string[]> {
  const rows = await t.database.db.select({ payload: jobs.payload }).from(jobs);
  return rows
    .map((r) => r.payload as { render?: string; orderId?: string })
    .filter((p) => p.orderId === order.insertedId)
    .map((p) => p.render ?? '')
    .sort();
}

describe('POST /api/order (the part page’s form, through the checkout)', () => {
  it('places a one-line order with the catalogue’s name and price, the state’s tax and the address, and reserves the stock', async () => {
    const part = await createPart(t.database.db, {
      name: 'Order Test Pads',
      priceCents: 2599,
      availablequantity: 30,
      minquantity: 2,
    });
    const me = await signUp(t.app);
    const res = await place(
      me,
      orderBody(me, part.id, { parts: 'Something else', price: 0.01, tax: 0, quantity: 3 }),
    );
    expect(res.statusCode).toBe(200);
    const result = res.json() as CheckoutResult;
    // 3 × 25.99 = 77.97; CA 7.25 % of 7797 cents = 565.28 → 565 cents.
    expect(result).toEqual({
      insertedId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      orderNumber: expect.stringMatching(/^PS-\d{5,}$/),
      subtotal: 77.97,
      tax: 5.65,
      total: 83.62,
      lines: [
        {
          lineId: expect.any(String),
          partId: part.id,
          partNumber: part.partNumber,
          name: 'Order Test Pads',
          unitPrice: 25.99,
          quantity: 3,
          total: 77.97,
          listPrice: null,
          discount: 0,
        },
      ],
      address: DELIVERY_ADDRESS,
      paymentMethod: 'card',
      expiresAt: expect.any(String),
      paymentDueAt: null,
      // The delivery date promised for CA with the default settings (delivery-promise.ts).
      promisedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      discount: 0,
      discountCode: null,
      poNumber: null,
      awaitingApproval: false,
    });
    expect(await available(part.id)).toBe(27);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, result.insertedId));
    expect(row).toMatchObject({
      subtotalCents: 7797,
      taxCents: 565,
      totalCents: 8362,
      status: 'unpaid',
      paymentMethod: 'card',
      // The form's own name and number are the order's; the address is where it goes.
      name: 'Asha Rider',
      num: '555-0101',
      deliveryAddress: DELIVERY_ADDRESS,
      number: Number(result.orderNumber.slice(3)),
    });
    const lines = await t.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, result.insertedId));
    expect(lines).toEqual([
      expect.objectContaining({
        position: 1,
        partId: part.id,
        partNumber: part.partNumber,
        partName: 'Order Test Pads',
        unitPriceCents: 2599,
        quantity: 3,
      }),
    ]);
    // The checkout's own last steps: the timeline's first line and the confirmation; no notice
    // for the shop until it is paid.
    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, result.insertedId));
    expect(events.map((e) => e.kind)).toEqual(['placed']);
    expect(await mailJobsOf(result)).toEqual(['order-confirmation']);
    // The address is kept for next time, as the checkout keeps it.
    const saved = await t.app.inject({ method: 'GET', url: '/api/me/address', headers: bearer(me.token) });
    expect(saved.json()).toEqual({ address: DELIVERY_ADDRESS });
  });

  it('holds the stock as long as a checkout does, and leaves the cart alone', async () => {
    const part = await createPart(t.database.db, { availablequantity: 10, minquantity: 1 });
    const inCart = await createPart(t.database.db, { availablequantity: 10, minquantity: 1 });
    const me = await signUp(t.app);
    await fillCart(t.app, me, [{ partId: inCart.id, quantity: 1 }]);
    const before = Date.now();
    const result = (await place(me, orderBody(me, part.id, { quantity: 1 }))).json() as CheckoutResult;
    const held = Date.parse(result.expiresAt ?? '') - before;
    // ORDER_HOLD_MINUTES defaults to 30.
    expect(held).toBeGreaterThan(29 * 60_000);
    expect(held).toBeLessThan(31 * 60_000);
    const cart = await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(me.token) });
    expect(cart.json().items).toHaveLength(1);
  });

  it('shows the new stock in the catalogue at once', async () => {
    const part = await createPart(t.database.db, { availablequantity: 10 });
    const me = await signUp(t.app);
    const before = await t.app.inject({ method: 'GET', url: `/api/parts/${part.id}` });
    expect(before.json().availablequantity).toBe(10);
    await place(me, orderBody(me, part.id, { quantity: 4 }));
    const after = await t.app.inject({ method: 'GET', url: `/api/parts/${part.id}` });
    expect(after.json().availablequantity).toBe(6);
  });

  it.each([
    [{ quantity: 1 }, 'quantity', "Quantity can't be less than 2"],
    [{ quantity: 31 }, 'quantity', messages.quantityAboveAvailable],
    [{ quantity: 2.5 }, 'quantity', 'Quantity must be a whole number'],
    [{ quantity: '' }, 'quantity', messages.quantityRequired],
    [{ name: '' }, 'name', messages.nameRequired],
    [{ num: '' }, 'num', messages.numberRequired],
    [{ num: '1234' }, 'num', messages.numberTooShort],
    [{ email: '' }, 'email', messages.emailRequired],
    [{ email: 'Not@Valid' }, 'email', messages.emailInvalid],
    [{ parts: '' }, 'parts', messages.nameRequired],
    [{ address: { ...DELIVERY_ADDRESS, street: ' ' } }, 'address.street', addressTexts.streetRequired],
    [{ address: { ...DELIVERY_ADDRESS, zip: '9410' } }, 'address.zip', addressTexts.zipInvalid],
    [{ address: { ...DELIVERY_ADDRESS, phone: '555-0101' } }, 'address.phone', addressTexts.phoneInvalid],
    [
      { address: { ...DELIVERY_ADDRESS, state: 'HI' } },
      'address.state',
      addressTexts.stateNotServed('Hawaii'),
    ],
    [{ payment: 'cash' }, 'payment', cartTexts.choosePayment],
  ])('refuses %o with "%s: %s" and takes no stock', async (overrides, field, message) => {
    const part = await createPart(t.database.db, { availablequantity: 30, minquantity: 2 });
    const me = await signUp(t.app);
    const res = await place(me, orderBody(me, part.id, overrides));
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const first = (res.json().errors as { field: string; message: string }[]).find((e) => e.field === field);
    expect(first?.message).toBe(message);
    expect(await available(part.id)).toBe(30);
  });

  it('refuses an order without an address, naming the field', async () => {
    const part = await createPart(t.database.db, { availablequantity: 30, minquantity: 1 });
    const me = await signUp(t.app);
    const { address: _none, ...body } = orderBody(me, part.id);
    const res = await place(me, body);
    expect(res.statusCode).toBe(400);
    expect((res.json().errors as { field: string }[]).map((e) => e.field)).toContain('address');
    expect(await available(part.id)).toBe(30);
  });

  it('refuses anonymous orders, and orders in someone else’s name', async () => {
    const part = await createPart(t.database.db);
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: orderBody(me, part.id),
    });
    expect(anonymous.statusCode).toBe(401);
    const forOther = await place(me, orderBody(me, part.id, { email: other.email }));
    expect(forOther.statusCode).toBe(403);
    expect(await t.database.db.select().from(orderLines).where(eq(orderLines.partId, part.id))).toHaveLength(
      0,
    );
  });

  it('answers 404 for an unknown part', async () => {
    const me = await signUp(t.app);
    const res = await place(me, orderBody(me, '6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab'));
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toEqual([{ field: 'productId', message: 'We could not find that part.' }]);
  });

  it('places it on account for an approved customer, within the limit, and tells the shop at once', async () => {
    const part = await createPart(t.database.db, {
      priceCents: 10_000,
      availablequantity: 10,
      minquantity: 1,
    });
    const me = await signUp(t.app);
    const refused = await place(me, orderBody(me, part.id, { quantity: 1, payment: 'account' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual([{ field: 'payment', message: creditTexts.notApproved }]);

    // $300 of credit: one part with tax ($107.25) fits, three ($321.75) do not.
    await t.database.db.insert(creditAccounts).values({ userId: me.userId, limitCents: 30_000 });
    const over = await place(me, orderBody(me, part.id, { quantity: 3, payment: 'account' }));
    expect(over.statusCode).toBe(409);
    expect(over.json().errors[0].field).toBe('payment');
    expect(await available(part.id)).toBe(10);

    const res = await place(me, orderBody(me, part.id, { quantity: 1, payment: 'account' }));
    expect(res.statusCode).toBe(200);
    const result = res.json() as CheckoutResult;
    expect(result).toMatchObject({
      total: 107.25,
      paymentMethod: 'account',
      expiresAt: null,
      paymentDueAt: expect.any(String),
    });
    const due = Date.parse(result.paymentDueAt ?? '') - Date.now();
    expect(Math.round(due / 86_400_000)).toBe(30);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, result.insertedId));
    expect(row?.status).toBe('on_account');
    expect(await mailJobsOf(result)).toEqual(['new-order-notice', 'order-confirmation']);
  });
});

describe('GET /api/order/:email', () => {
  it('lists only one’s own orders; another customer’s list is refused', async () => {
    const part = await createPart(t.database.db);
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    await place(me, orderBody(me, part.id));
    await place(me, orderBody(me, part.id, { quantity: 3 }));
    await place(other, orderBody(other, part.id));
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/order/${me.email}`,
      headers: bearer(me.token),
    });
    expect(mine.statusCode).toBe(200);
    const list = mine.json() as Order[];
    expect(list).toHaveLength(2);
    expect(list.every((o) => o.email === me.email && o.status === 'unpaid' && o.paid === false)).toBe(true);
    // 59.97 + CA 7.25 % (4.35)
    expect(list[0]).toMatchObject({ quantity: 3, total: 64.32, unitPrice: 19.99, transactionId: null });
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/order/${other.email}`,
      headers: bearer(me.token),
    });
    expect(theirs.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/order/${me.email}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists a part page order (POST /api/order) with its one line, its address and its tax', async () => {
    const part = await createPart(t.database.db, { name: 'One Line Lever', priceCents: 1450 });
    const me = await signUp(t.app);
    const { insertedId, orderNumber } = (await place(me, orderBody(me, part.id, { quantity: 2 }))).json();
    const [order] = (
      await t.app.inject({ method: 'GET', url: `/api/order/${me.email}`, headers: bearer(me.token) })
    ).json() as Order[];
    // 29.00 + CA 7.25 % (2.10) = 31.10
    expect(order).toMatchObject({
      _id: insertedId,
      orderNumber,
      parts: 'One Line Lever',
      quantity: 2,
      productId: part.id,
      unitPrice: 14.5,
      lines: [{ partId: part.id, name: 'One Line Lever', unitPrice: 14.5, quantity: 2, total: 29 }],
      subtotal: 29,
      tax: 2.1,
      total: 31.1,
      address: DELIVERY_ADDRESS,
    });
    const boss = await signUpAdmin(t);
    const all = (
      await t.app.inject({ method: 'GET', url: `/api/order?email=${me.email}`, headers: bearer(boss.token) })
    ).json() as Order[];
    expect(all.map((o) => o.lines)).toEqual([order?.lines]);
  });

  it('lists every order only for admins', async () => {
    const me = await signUp(t.app);
    const all = await t.app.inject({ method: 'GET', url: '/api/order', headers: bearer(me.token) });
    expect(all.statusCode).toBe(403);
    const boss = await signUpAdmin(t);
    const asAdmin = await t.app.inject({ method: 'GET', url: '/api/order', headers: bearer(boss.token) });
    expect(asAdmin.statusCode).toBe(200);
    expect(Array.isArray(asAdmin.json())).toBe(true);
  });
});

describe('DELETE /api/order/:id', () => {
  it('deletes one’s own unpaid order and returns its stock', async () => {
    const part = await createPart(t.database.db, { availablequantity: 20 });
    const me = await signUp(t.app);
    const { insertedId } = (await place(me, orderBody(me, part.id, { quantity: 5 }))).json();
    expect(await available(part.id)).toBe(15);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${insertedId}`,
      headers: bearer(me.token),
    });
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await available(part.id)).toBe(20);
    // Deleting again changes nothing: the units come back once.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${insertedId}`,
      headers: bearer(me.token),
    });
    expect(again.json()).toEqual({ deletedCount: 0 });
    expect(await available(part.id)).toBe(20);
    // Hidden from My Orders, kept (cancelled, with its timeline) for its history.
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/order/${me.email}`,
      headers: bearer(me.token),
    });
    expect(mine.json()).toEqual([]);
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, insertedId));
    expect(kept).toMatchObject({ status: 'cancelled', cancelReason: 'customer' });
    expect(kept?.deletedAt).toBeInstanceOf(Date);
  });

  it('will not delete another customer’s order, nor one’s own paid order', async () => {
    const part = await createPart(t.database.db, { availablequantity: 20 });
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const { insertedId } = (await place(other, orderBody(other, part.id))).json();
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${insertedId}`,
      headers: bearer(me.token),
    });
    expect(theirs.statusCode).toBe(404);
    await t.database.db
      .update(orders)
      .set({ status: 'paid', paidAt: new Date(), transactionId: 'pi_test' })
      .where(eq(orders.id, insertedId));
    const paid = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${insertedId}`,
      headers: bearer(other.token),
    });
    expect(paid.statusCode).toBe(409);
    expect(await t.database.db.select().from(orders).where(eq(orders.id, insertedId))).toHaveLength(1);
    expect(await available(part.id)).toBe(18);
  });

  it('answers 400 for a malformed id and 401 without a session', async () => {
    const me = await signUp(t.app);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/order/abc', headers: bearer(me.token) })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/order/6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('concurrency', () => {
  it('sells exactly the 50 units there are to 200 simultaneous buyers, never below zero', async () => {
    const part = await createPart(t.database.db, { availablequantity: 50, stock: 50, minquantity: 1 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => signUp(t.app)));
    const attempts = Array.from({ length: 200 }, (_, i) => {
      const buyer = buyers[i % buyers.length]!;
      return place(buyer, orderBody(buyer, part.id, { quantity: 1 }));
    });
    const results = await Promise.all(attempts);
    const sold = results.filter((r) => r.statusCode === 200).length;
    const refused = results.filter((r) => r.statusCode === 409 || r.statusCode === 400).length;
    expect(sold).toBe(50);
    expect(refused).toBe(150);
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    expect(await available(part.id)).toBe(0);
    expect(await t.database.db.select().from(orderLines).where(eq(orderLines.partId, part.id))).toHaveLength(
      50,
    );
  }, 60_000);
});
