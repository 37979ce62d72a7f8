import { addressTexts } from '@pitstop/core/address-texts';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CheckoutResult } from '@pitstop/core/checkout';
import { cartTexts, creditTexts } from '@pitstop/core/messages';
import { addressZipTexts } from '@pitstop/core/checkout-place-texts';
import { createPart } from '../../seed/factories.js';
import { cartItems, orderLines, orders, parts } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { bearer, signUp, type Customer } from '../../test/accounts.js';
import { availableOf } from '../../test/catalogue.js';
import { DELIVERY_ADDRESS as ADDRESS, fillCart, ordersOf as ordersOfCustomer } from '../../test/orders.js';

const t = useTestApp({ env: { SALES_TAX_RATES: 'CA=7.25,NY=4' } });

const addToCart = (who: Customer, partId: string, quantity: number) =>
  fillCart(t.app, who, [{ partId, quantity }]);

const checkout = (who: Customer, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/checkout', headers: bearer(who.token), payload });

const available = (...ids: string[]) => availableOf(t.database.db, ...ids);

const ordersOf = (who: Customer) => ordersOfCustomer(t.app, who);

describe('POST /api/checkout', () => {
  it('orders the cart with prices from the catalogue and the state’s sales tax; a sent price is ignored', async () => {
    const pads = await createPart(t.database.db, {
      name: 'Checkout Pads',
      priceCents: 1999,
      availablequantity: 10,
    });
    const chain = await createPart(t.database.db, {
      name: 'Checkout Chain',
      priceCents: 4550,
      availablequantity: 3,
    });
    const me = await signUp(t.app);
    await addToCart(me, pads.id, 3);
    await addToCart(me, chain.id, 1);

    const res = await checkout(me, {
      address: { ...ADDRESS, state: ' ca ', price: 0 },
      payment: 'card',
      // None of these is part of the contract: the order comes from the cart and the catalogue.
      total: 0.01,
      subtotal: 0.01,
      tax: 0,
      lines: [{ partId: pads.id, unitPrice: 0.01, quantity: 100 }],
      items: [{ partId: chain.id, unitPrice: 0.01 }],
    });
    expect(res.statusCode).toBe(201);
    const result = res.json() as CheckoutResult;
    // 3 × 19.99 + 45.50 = 105.47; CA 7.25 % of 10547 cents = 764.66 → 765 cents.
    expect(result).toEqual({
      insertedId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      orderNumber: expect.stringMatching(/^PS-\d{5,}$/),
      subtotal: 105.47,
      tax: 7.65,
      total: 113.12,
      lines: [
        {
          lineId: expect.any(String),
          partId: pads.id,
          partNumber: pads.partNumber,
          name: 'Checkout Pads',
          unitPrice: 19.99,
          quantity: 3,
          total: 59.97,
          listPrice: null,
          discount: 0,
        },
        {
          lineId: expect.any(String),
          partId: chain.id,
          partNumber: chain.partNumber,
          name: 'Checkout Chain',
          unitPrice: 45.5,
          quantity: 1,
          total: 45.5,
          listPrice: null,
          discount: 0,
        },
      ],
      address: { ...ADDRESS, state: 'CA' },
      paymentMethod: 'card',
      expiresAt: expect.any(String),
      paymentDueAt: null,
      // The delivery date promised for CA with the default settings (delivery-promise.ts).
      promisedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      // No company, no code: nothing off, no PO number, nothing to approve.
      discount: 0,
      discountCode: null,
      poNumber: null,
      awaitingApproval: false,
    });
    expect(await available(pads.id, chain.id)).toEqual([7, 2]);

    // The cart became the order; the address is kept for next time.
    const cart = await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(me.token) });
    expect(cart.json()).toEqual({ items: [], subtotal: 0 });
    const saved = await t.app.inject({ method: 'GET', url: '/api/me/address', headers: bearer(me.token) });
    expect(saved.json()).toEqual({ address: { ...ADDRESS, state: 'CA' } });

    // My Orders lists it with both lines; the first stands in for the spec's one part.
    const [order] = await ordersOf(me);
    expect(order).toMatchObject({
      _id: result.insertedId,
      name: 'Asha Rider',
      num: '(415) 555-0134',
      parts: 'Checkout Pads',
      quantity: 3,
      productId: pads.id,
      unitPrice: 19.99,
      subtotal: 105.47,
      tax: 7.65,
      total: 113.12,
      status: 'unpaid',
      address: { ...ADDRESS, state: 'CA' },
      lines: result.lines,
    });

    // The payment page asks for the whole total and lists every line.
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/payment/${result.insertedId}`,
      headers: bearer(me.token),
    });
    expect(info.json()).toMatchObject({ price: 113.12, subtotal: 105.47, tax: 7.65, lines: result.lines });
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(me.token),
      payload: { orderId: result.insertedId, price: 0.5 },
    });
    expect(intent.statusCode).toBe(200);
    const [payment] = await t.database.db.query.payments.findMany({
      where: (p, { eq: same }) => same(p.orderId, result.insertedId),
    });
    expect(payment?.amountCents).toBe(11312);
  });

  it.each([
    ['NY', '10001-1234', 4.24, 110.24],
    ['TX', '78701-1234', 0, 106],
  ])('charges %s its own rate (ZIP %s, %s tax on 106.00)', async (state, zip, tax, total) => {
    const part = await createPart(t.database.db, { priceCents: 5300, availablequantity: 5 });
    const me = await signUp(t.app);
    await addToCart(me, part.id, 2);
    const res = await checkout(me, { address: { ...ADDRESS, state, zip }, payment: 'card' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ subtotal: 106, tax, total });
  });

  it('reserves nothing when the second line ran short, and names the part and what is left', async () => {
    const first = await createPart(t.database.db, { name: 'Plenty Filter', availablequantity: 10 });
    const second = await createPart(t.database.db, { name: 'Scarce Sprocket', availablequantity: 5 });
    const me = await signUp(t.app);
    await addToCart(me, first.id, 2);
    await addToCart(me, second.id, 5);
    // Someone else buys three sprockets in the meantime.
    const other = await signUp(t.app);
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(other.token),
      payload: {
        email: other.email,
        name: 'Other',
        num: '555-0199',
        parts: 'x',
        quantity: 3,
        productId: second.id,
        address: ADDRESS,
      },
    });
    expect(bought.statusCode).toBe(200);

    const res = await checkout(me, { address: ADDRESS, payment: 'card' });
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const message = cartTexts.stockShort('Scarce Sprocket', 2);
    expect(message).toBe('Only 2 of Scarce Sprocket are left. Lower the quantity to 2 or remove it.');
    expect(res.json()).toMatchObject({
      status: 409,
      detail: message,
      errors: [{ field: `items.${second.id}.quantity`, message }],
    });
    expect(await available(first.id, second.id)).toEqual([10, 2]);
    expect(await ordersOf(me)).toEqual([]);
    // The cart is kept as it was, so the customer can fix it.
    const cart = await t.database.db.select().from(cartItems).where(eq(cartItems.userId, me.userId));
    expect(cart).toHaveLength(2);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me/address', headers: bearer(me.token) })).json(),
    ).toEqual({
      address: null,
    });
  });

  it('says when a part is sold out, and when a part’s minimum rose above the line', async () => {
    const soldOut = await createPart(t.database.db, { name: 'Gone Grips', availablequantity: 1 });
    const me = await signUp(t.app);
    await addToCart(me, soldOut.id, 1);
    await t.database.db.update(parts).set({ availablequantity: 0 }).where(eq(parts.id, soldOut.id));
    const res = await checkout(me, { address: ADDRESS, payment: 'card' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Gone Grips is sold out. Remove it from your cart to check out.');

    const bulk = await createPart(t.database.db, {
      name: 'Bulk Bolts',
      availablequantity: 50,
      minquantity: 1,
    });
    const you = await signUp(t.app);
    await addToCart(you, bulk.id, 2);
    await t.database.db.update(parts).set({ minquantity: 5 }).where(eq(parts.id, bulk.id));
    const below = await checkout(you, { address: ADDRESS, payment: 'card' });
    expect(below.statusCode).toBe(400);
    expect(below.json().errors).toEqual([
      { field: `items.${bulk.id}.quantity`, message: "Bulk Bolts: Quantity can't be less than 5" },
    ]);
    expect(await available(bulk.id)).toEqual([50]);
  });

  it.each([
    ['AK', 'Alaska'],
    ['HI', 'Hawaii'],
    ['pr', 'Puerto Rico'],
    ['GU', 'Guam'],
    ['VI', 'the U.S. Virgin Islands'],
  ])('refuses delivery to %s with a message naming it', async (state, name) => {
    const part = await createPart(t.database.db, { availablequantity: 5 });
    const me = await signUp(t.app);
    await addToCart(me, part.id, 1);
    const res = await checkout(me, { address: { ...ADDRESS, state }, payment: 'card' });
    expect(res.statusCode).toBe(400);
    const message = `We deliver to the 48 contiguous states and DC only, so we can't ship to ${name}.`;
    expect(res.json().errors).toEqual([{ field: 'address.state', message }]);
    expect(await available(part.id)).toEqual([5]);
  });

  it.each([
    [{ state: 'ZZ' }, 'address.state', addressTexts.stateUnknown],
    [{ state: '' }, 'address.state', addressTexts.stateRequired],
    [{ zip: '9410' }, 'address.zip', addressTexts.zipInvalid],
    [{ zip: '94105-12' }, 'address.zip', addressTexts.zipInvalid],
    [{ zip: '10001' }, 'address.zip', addressZipTexts.notInState('California')],
    [{ phone: '555-0134' }, 'address.phone', addressTexts.phoneInvalid],
    [{ phone: '415 555 0134 x' }, 'address.phone', addressTexts.phoneInvalid],
    [{ name: ' ' }, 'address.name', addressTexts.addressNameRequired],
    [{ street: '' }, 'address.street', addressTexts.streetRequired],
    [{ city: undefined }, 'address.city', addressTexts.cityRequired],
  ])('refuses the address %o with "%s: %s"', async (change, field, message) => {
    const part = await createPart(t.database.db, { availablequantity: 5 });
    const me = await signUp(t.app);
    await addToCart(me, part.id, 1);
    const res = await checkout(me, { address: { ...ADDRESS, ...change }, payment: 'card' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect(await available(part.id)).toEqual([5]);
  });

  it('accepts DC, ZIP+4 and a phone with a leading 1', async () => {
    const part = await createPart(t.database.db, { availablequantity: 5 });
    const me = await signUp(t.app);
    await addToCart(me, part.id, 1);
    const res = await checkout(me, {
      address: { ...ADDRESS, state: 'DC', zip: '20500-0003', phone: '+1 202.555.0101' },
      payment: 'card',
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses an empty cart, pay on account without approved credit, an unknown way to pay and a visitor', async () => {
    const me = await signUp(t.app);
    const empty = await checkout(me, { address: ADDRESS, payment: 'card' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe(cartTexts.cartEmpty);

    const part = await createPart(t.database.db, { availablequantity: 5 });
    await addToCart(me, part.id, 1);
    const account = await checkout(me, { address: ADDRESS, payment: 'account' });
    expect(account.statusCode).toBe(403);
    expect(account.json().errors).toEqual([{ field: 'payment', message: creditTexts.notApproved }]);
    const cash = await checkout(me, { address: ADDRESS, payment: 'cash' });
    expect(cash.statusCode).toBe(400);
    expect(cash.json().errors).toEqual([{ field: 'payment', message: cartTexts.choosePayment }]);
    expect(await available(part.id)).toEqual([5]);

    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { address: ADDRESS, payment: 'card' },
    });
    expect(visitor.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/address' })).statusCode).toBe(401);
  });

  it('deleting an unpaid checkout order puts every line’s units back and keeps the order hidden', async () => {
    const a = await createPart(t.database.db, { availablequantity: 9 });
    const b = await createPart(t.database.db, { availablequantity: 4 });
    const me = await signUp(t.app);
    await addToCart(me, a.id, 2);
    await addToCart(me, b.id, 4);
    const { insertedId } = (
      await checkout(me, { address: ADDRESS, payment: 'card' })
    ).json() as CheckoutResult;
    expect(await available(a.id, b.id)).toEqual([7, 0]);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${insertedId}`,
      headers: bearer(me.token),
    });
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await available(a.id, b.id)).toEqual([9, 4]);
    // Hidden, never erased: its lines stay for its history; My Orders no longer lists it.
    expect(
      await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, insertedId)),
    ).toHaveLength(2);
    expect((await ordersOf(me)).map((o) => o._id)).not.toContain(insertedId);
  });

  it('publishes the tax table in percent', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tax-rates' });
    expect(res.json()).toEqual({ rates: { CA: 7.25, NY: 4 } });
  });
});

describe('checkout under concurrency', () => {
  it('100 simultaneous checkouts over shared parts never oversell, and each order is whole', async () => {
    const a = await createPart(t.database.db, { name: 'Shared A', availablequantity: 30, stock: 30 });
    const b = await createPart(t.database.db, { name: 'Shared B', availablequantity: 50, stock: 50 });
    const c = await createPart(t.database.db, { name: 'Shared C', availablequantity: 1000, stock: 1000 });
    const buyers = await Promise.all(Array.from({ length: 100 }, () => signUp(t.app)));
    // Carts put the parts in different orders, so checkouts lock them in different orders too.
    await Promise.all(
      buyers.map(async (buyer, i) => {
        const lines: [string, number][] = [
          [a.id, 1],
          [b.id, 2],
          [c.id, 1],
        ];
        if (i % 2) lines.reverse();
        for (const [partId, quantity] of lines) await addToCart(buyer, partId, quantity);
      }),
    );

    const results = await Promise.all(
      buyers.map((buyer) => checkout(buyer, { address: ADDRESS, payment: 'card' })),
    );
    expect(results.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    const placed = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode === 409);
    // B runs out first: 50 units at 2 a cart.
    expect(placed).toHaveLength(25);
    expect(refused).toHaveLength(75);
    expect(await available(a.id, b.id, c.id)).toEqual([5, 0, 975]);

    const ids = placed.map((r) => (r.json() as CheckoutResult).insertedId);
    const lines = await t.database.db.select().from(orderLines).where(inArray(orderLines.orderId, ids));
    expect(lines).toHaveLength(75);
    const sold = (partId: string) =>
      lines.filter((l) => l.partId === partId).reduce((sum, l) => sum + l.quantity, 0);
    expect([sold(a.id), sold(b.id), sold(c.id)]).toEqual([25, 50, 25]);
    const all = await t.database.db.select().from(orders).where(inArray(orders.id, ids));
    expect(all.every((o) => o.totalCents === o.subtotalCents + o.taxCents)).toBe(true);
  }, 180_000);
});
