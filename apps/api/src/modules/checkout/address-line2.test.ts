import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADDRESS_LINE2_MAX, addressLine2Texts } from '@pitstop/core/checkout-place-texts';
import type { CheckoutResult } from '@pitstop/core/checkout';
import type { OrderDetail } from '@pitstop/core/order-detail';
import type { Order } from '@pitstop/core/orders';
import { textRuleTexts } from '@pitstop/core/messages';
import { createPart } from '../../seed/factories.js';
import { addresses, orders } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { bearer, signUp, signUpAdmin, type Customer } from '../../test/accounts.js';
import { DELIVERY_ADDRESS, fillCart, orderOf, partOrderBody } from '../../test/orders.js';
import { mailAddress, orderConfirmationMail } from '../orders/confirmation-mail.js';
import { receiptMail } from '../orders/order-mails.js';
import { shipmentMail } from '../shipments/mails.js';

/*
 * Issue #28, item 3: the delivery address's second line (apartment, suite, unit). Optional; kept
 * with the order and as the saved address; shown wherever the address is; refused like any other
 * text (control characters, too long) with a 400 naming the field. Orders from before have none.
 */

const t = useTestApp();
const LINE2 = 'Apt 4B';

async function cartOfOne(who: Customer) {
  const part = await createPart(t.database.db, {
    name: 'Line2 Pads',
    priceCents: 1000,
    availablequantity: 50,
  });
  await fillCart(t.app, who, [{ partId: part.id, quantity: 1 }]);
  return part;
}

const checkout = (who: Customer, address: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: bearer(who.token),
    payload: { address, payment: 'card', ...extra },
  });

const savedAddress = async (who: Customer) =>
  (await t.app.inject({ method: 'GET', url: '/api/me/address', headers: bearer(who.token) })).json() as {
    address: Record<string, unknown> | null;
  };

const problemFields = (res: { json(): unknown }) =>
  (res.json() as { errors: { field: string; message: string }[] }).errors;

describe('address line 2 at checkout', () => {
  it('keeps it with the order, in the saved address, on the order page (customer and admin) and in the list', async () => {
    const me = await signUp(t.app);
    const admin = await signUpAdmin(t);
    await cartOfOne(me);

    const res = await checkout(me, { ...DELIVERY_ADDRESS, line2: `  ${LINE2}  ` });
    expect(res.statusCode).toBe(201);
    const placed = res.json() as CheckoutResult;
    expect(placed.address).toEqual({ ...DELIVERY_ADDRESS, line2: LINE2 });

    // Stored in the order's address and as the address for next time, trimmed.
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed.insertedId));
    expect(row?.deliveryAddress).toMatchObject({ line2: LINE2 });
    const [book] = await t.database.db.select().from(addresses).where(eq(addresses.userId, me.userId));
    expect(book?.line2).toBe(LINE2);
    expect((await savedAddress(me)).address).toEqual({ ...DELIVERY_ADDRESS, line2: LINE2 });

    // Read back wherever the order is read.
    expect((await orderOf(t.app, me, placed.insertedId)).address).toMatchObject({ line2: LINE2 });
    for (const who of [me, admin]) {
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${placed.orderNumber}`,
        headers: bearer(who.token),
      });
      expect(detail.statusCode).toBe(200);
      expect((detail.json() as OrderDetail).address).toMatchObject({ line2: LINE2 });
    }
  });

  it('is optional: left out, empty or null, there is none, and a later default address without it has none', async () => {
    const me = await signUp(t.app);
    await cartOfOne(me);
    expect((await checkout(me, { ...DELIVERY_ADDRESS, line2: LINE2 })).statusCode).toBe(201);
    expect((await savedAddress(me)).address).toMatchObject({ line2: LINE2 });

    for (const line2 of [undefined, '', '   ', null]) {
      await cartOfOne(me);
      const res = await checkout(
        me,
        { ...DELIVERY_ADDRESS, ...(line2 === undefined ? {} : { line2 }) },
        { makeDefault: true },
      );
      expect(res.statusCode, JSON.stringify(line2)).toBe(201);
      const placed = res.json() as CheckoutResult;
      expect(placed.address).toEqual(DELIVERY_ADDRESS);
      expect('line2' in placed.address).toBe(false);
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed.insertedId));
      expect(row?.deliveryAddress).toEqual(DELIVERY_ADDRESS);
      const saved = (await savedAddress(me)).address;
      expect(saved).toEqual(DELIVERY_ADDRESS);
      expect(saved && 'line2' in saved).toBe(false);
    }
  });

  it.each([
    ['a control character', 'Apt\u00004B', textRuleTexts.controlCharacters],
    ['a line break', 'Apt 4B\nBack door', textRuleTexts.controlCharacters],
    ['too many characters', 'x'.repeat(ADDRESS_LINE2_MAX + 1), addressLine2Texts.tooLong],
    ['a number', 4, undefined],
  ])('refuses %s with a 400 on address.line2, and places nothing', async (_case, line2, message) => {
    const me = await signUp(t.app);
    await cartOfOne(me);

    const res = await checkout(me, { ...DELIVERY_ADDRESS, line2 });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const [error] = problemFields(res);
    expect(error?.field).toBe('address.line2');
    if (message) expect(error?.message).toBe(message);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, me.userId))).toEqual([]);
  });

  it('takes exactly the longest line allowed', async () => {
    const me = await signUp(t.app);
    await cartOfOne(me);
    const res = await checkout(me, { ...DELIVERY_ADDRESS, line2: 'x'.repeat(ADDRESS_LINE2_MAX) });
    expect(res.statusCode).toBe(201);
  });

  it('goes with the part page’s one-part order too, and is refused there the same way', async () => {
    const me = await signUp(t.app);
    const part = await createPart(t.database.db, { priceCents: 1000, availablequantity: 10, minquantity: 1 });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(me.token),
      payload: partOrderBody(me, part.id, { address: { ...DELIVERY_ADDRESS, line2: 'Suite 210' } }),
    });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as CheckoutResult).address).toMatchObject({ line2: 'Suite 210' });
    expect((await savedAddress(me)).address).toMatchObject({ line2: 'Suite 210' });

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(me.token),
      payload: partOrderBody(me, part.id, { address: { ...DELIVERY_ADDRESS, line2: 'Suite\u0007210' } }),
    });
    expect(refused.statusCode).toBe(400);
    expect(problemFields(refused)[0]).toEqual({
      field: 'address.line2',
      message: textRuleTexts.controlCharacters,
    });
  });

  it('leaves an order from before line 2 readable, without one', async () => {
    const me = await signUp(t.app);
    await cartOfOne(me);
    const placed = (await checkout(me, DELIVERY_ADDRESS)).json() as CheckoutResult;
    // As an order written before issue #28 holds it: the address's JSON has no line2 key at all.
    await t.database.db
      .update(orders)
      .set({ deliveryAddress: { ...DELIVERY_ADDRESS } })
      .where(eq(orders.id, placed.insertedId));
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${placed.orderNumber}`,
      headers: bearer(me.token),
    });
    expect(detail.statusCode).toBe(200);
    expect((detail.json() as OrderDetail).address).toEqual(DELIVERY_ADDRESS);
  });
});

describe('address line 2 in the mails', () => {
  const order = (line2?: string): Order =>
    ({
      _id: 'o1',
      orderNumber: 'PS-10001',
      email: 'rider@pitstop.test',
      name: 'Asha Rider',
      num: DELIVERY_ADDRESS.phone,
      parts: 'Pads',
      quantity: 1,
      productId: null,
      unitPrice: 10,
      lines: [
        {
          lineId: 'l1',
          partId: null,
          partNumber: null,
          name: 'Pads',
          unitPrice: 10,
          quantity: 1,
          total: 10,
        },
      ],
      subtotal: 10,
      tax: 0,
      total: 10,
      address: { ...DELIVERY_ADDRESS, ...(line2 ? { line2 } : {}) },
      status: 'paid',
      paid: true,
      transactionId: 'pi_1',
      createdAt: '2026-01-02T10:00:00.000Z',
      paidAt: '2026-01-02T10:05:00.000Z',
      shippedAt: null,
      deliveredAt: null,
      cancelledAt: null,
      expiresAt: null,
      paymentMethod: 'card',
      refunded: 0,
      shipments: [],
    }) satisfies Order;

  it('puts it under the street in the address block, and nothing when there is none', () => {
    expect(mailAddress(order(LINE2))).toEqual([
      'Delivery address:',
      `  ${DELIVERY_ADDRESS.name}`,
      `  ${DELIVERY_ADDRESS.street}`,
      `  ${LINE2}`,
      `  ${DELIVERY_ADDRESS.city}, ${DELIVERY_ADDRESS.state} ${DELIVERY_ADDRESS.zip}`,
      `  ${DELIVERY_ADDRESS.phone}`,
    ]);
    expect(mailAddress(order())).toHaveLength(5);
  });

  it('shows it in the confirmation, the receipt and the shipping mail', () => {
    const shipment = {
      id: 's1',
      position: 1,
      carrier: 'ups' as const,
      carrierName: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: null,
      shippedAt: '2026-01-03T10:00:00.000Z',
      lines: [{ lineId: 'l1', partNumber: null, name: 'Pads', quantity: 1 }],
    };
    for (const mail of [
      orderConfirmationMail(order(LINE2), 'https://shop.example'),
      receiptMail(order(LINE2), 'https://shop.example'),
      shipmentMail(order(LINE2), shipment, [], 'https://shop.example'),
    ]) {
      expect(mail.text).toContain(`  ${DELIVERY_ADDRESS.street}\n  ${LINE2}\n  ${DELIVERY_ADDRESS.city}`);
    }
    expect(shipmentMail(order(), shipment, [], 'https://shop.example').text).toContain(
      `  ${DELIVERY_ADDRESS.street}\n  ${DELIVERY_ADDRESS.city}`,
    );
  });
});
