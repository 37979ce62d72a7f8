import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderTexts } from '@pitstop/core/messages';
import type { OrderDetail } from '@pitstop/core/order-detail';
import type { Order } from '@pitstop/core/orders';
import { createPart } from '../../seed/factories.js';
import {
  orderEvents,
  orders,
  refunds,
  returnLines,
  returns,
  shipmentLines,
  shipments,
  type PartRow,
} from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { bearer, signUp, signUpAdmin, type Customer } from '../../test/accounts.js';
import { DELIVERY_ADDRESS, placePaidOrder, placeUnpaidOrder } from '../../test/orders.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const UPS_TRACKING = '1Z999AA10123456784';

const t = useTestApp({ env: { SALES_TAX_RATES: 'CA=7.25', RETURN_WINDOW_DAYS: '30' } });
let rider: Customer;
let other: Customer;
let admin: Customer;
let pads: PartRow;
let chain: PartRow;
/** Delivered two days ago: 3 pads and 2 chains, a shipment of all five, one pad returned and refunded. */
let order: Order;
let deliveredAt: Date;

const getDetail = (who: Customer | null, number: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/orders/${encodeURIComponent(number)}`,
    ...(who ? { headers: bearer(who.token) } : {}),
  });

/** An order through the cart and the checkout, left unpaid. */
const placeUnpaid = (who: Customer, partId: string): Promise<Order> =>
  placeUnpaidOrder(t.app, who, [{ partId, quantity: 1 }]);

/*
 * The shipment, delivery, return and refund are written straight into the tables (the shipping
 * and returns services have tests of their own): this file is about reading them back.
 */
async function shipDeliverAndReturn(placed: Order): Promise<void> {
  const db = t.database.db;
  const [padLine, chainLine] = placed.lines;
  if (!padLine || !chainLine) throw new Error('two lines expected');
  const placedAt = new Date(placed.createdAt).getTime();
  const shippedAt = new Date(placedAt + 60_000);
  deliveredAt = new Date(Date.now() - 2 * DAY_MS);
  const [shipment] = await db
    .insert(shipments)
    .values({
      orderId: placed._id,
      position: 1,
      carrier: 'ups',
      trackingNumber: UPS_TRACKING,
      createdAt: shippedAt,
    })
    .returning();
  if (!shipment) throw new Error('no shipment');
  await db.insert(shipmentLines).values([
    { shipmentId: shipment.id, orderLineId: padLine.lineId, quantity: 3 },
    { shipmentId: shipment.id, orderLineId: chainLine.lineId, quantity: 2 },
  ]);
  await db
    .update(orders)
    .set({ status: 'delivered', shippedAt, deliveredAt })
    .where(eq(orders.id, placed._id));
  const [refunded] = await db
    .insert(returns)
    .values({
      orderId: placed._id,
      position: 1,
      status: 'refunded',
      reason: 'wrong_part',
      note: 'Ordered the rear pads by mistake',
      refundCents: 2144,
      refundTaxCents: 145,
      restocked: true,
      requestedBy: rider.userId,
    })
    .returning();
  const [declined] = await db
    .insert(returns)
    .values({
      orderId: placed._id,
      position: 2,
      status: 'declined',
      reason: 'changed_mind',
      declineReason: 'The chain was fitted',
      requestedBy: rider.userId,
    })
    .returning();
  if (!refunded || !declined) throw new Error('no returns');
  await db.insert(returnLines).values([
    { returnId: refunded.id, orderLineId: padLine.lineId, quantity: 1 },
    { returnId: declined.id, orderLineId: chainLine.lineId, quantity: 1 },
  ]);
  await db.insert(refunds).values({
    orderId: placed._id,
    returnId: refunded.id,
    method: 'card',
    amountCents: 2144,
    taxCents: 145,
    providerRefundId: 're_sandbox_1',
  });
  await db.insert(orderEvents).values([
    {
      orderId: placed._id,
      kind: 'shipment',
      actorId: admin.userId,
      actorName: 'Sam Admin (admin)',
      detail: `UPS ${UPS_TRACKING}`,
      createdAt: shippedAt,
    },
    // Written in one transaction: the same instant, the refund inserted before the receipt.
    {
      orderId: placed._id,
      kind: 'return_refunded',
      actorName: 'Sam Admin (admin)',
      createdAt: new Date(placedAt + 120_000),
    },
    {
      orderId: placed._id,
      kind: 'return_received',
      actorName: 'Sam Admin (admin)',
      createdAt: new Date(placedAt + 120_000),
    },
  ]);
}

beforeAll(async () => {
  const db = t.database.db;
  rider = await signUp(t.app, { name: 'Asha Rider' });
  other = await signUp(t.app, { name: 'Other Rider' });
  admin = await signUpAdmin(t, { name: 'Sam Admin' });
  pads = await createPart(db, { name: 'Front brake pads', partNumber: 'BP-2231', priceCents: 1999 });
  chain = await createPart(db, { name: 'Chain kit', partNumber: 'CK-0420', priceCents: 8950 });
  order = await placePaidOrder(t.app, rider, [
    { partId: pads.id, quantity: 3 },
    { partId: chain.id, quantity: 2 },
  ]);
  await shipDeliverAndReturn(order);
});

describe('GET /api/orders/:number', () => {
  it('answers the customer their own order with lines, shipments, returns, refunds and timeline', async () => {
    const res = await getDetail(rider, order.orderNumber);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as OrderDetail;
    expect(detail.orderNumber).toMatch(/^PS-\d+$/);
    expect(detail).toMatchObject({
      _id: order._id,
      orderNumber: order.orderNumber,
      status: 'delivered',
      address: DELIVERY_ADDRESS,
      subtotal: 238.97,
      tax: 17.33,
      total: 256.3,
      paid: true,
      deletedAt: null,
    });
    expect(detail.lines).toEqual([
      expect.objectContaining({
        partNumber: 'BP-2231',
        name: 'Front brake pads',
        quantity: 3,
        unitPrice: 19.99,
        total: 59.97,
        shipped: 3,
        returned: 1,
      }),
      // The declined return's unit does not count as returned.
      expect.objectContaining({
        partNumber: 'CK-0420',
        name: 'Chain kit',
        quantity: 2,
        shipped: 2,
        returned: 0,
      }),
    ]);
    expect(detail.shipments).toEqual([
      expect.objectContaining({
        position: 1,
        carrier: 'ups',
        carrierName: 'UPS',
        trackingNumber: UPS_TRACKING,
        trackingUrl: `https://www.ups.com/track?tracknum=${UPS_TRACKING}`,
        lines: [
          { lineId: order.lines[0]?.lineId, name: 'Front brake pads', partNumber: 'BP-2231', quantity: 3 },
          { lineId: order.lines[1]?.lineId, name: 'Chain kit', partNumber: 'CK-0420', quantity: 2 },
        ],
      }),
    ]);
    expect(detail.returns.map((r) => [r.label, r.status, r.refund, r.refundTax])).toEqual([
      [`${order.orderNumber}-R1`, 'refunded', 21.44, 1.45],
      [`${order.orderNumber}-R2`, 'declined', null, null],
    ]);
    expect(detail.returns[0]?.lines).toEqual([
      { lineId: order.lines[0]?.lineId, name: 'Front brake pads', partNumber: 'BP-2231', quantity: 1 },
    ]);
    expect(detail.returns[1]?.declineReason).toBe('The chain was fitted');
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        method: 'card',
        amount: 21.44,
        tax: 1.45,
        providerRefundId: 're_sandbox_1',
        returnLabel: `${order.orderNumber}-R1`,
      }),
    ]);
    // Oldest first; the checkout's own line first, with who placed it.
    const kinds = detail.events.map((e) => e.kind);
    expect(kinds[0]).toBe('placed');
    expect(detail.events[0]?.actor).toBe('Asha Rider (customer)');
    expect(kinds.slice(-3)).toEqual(['shipment', 'return_received', 'return_refunded']);
    expect(detail.events.at(-3)).toMatchObject({ actor: 'Sam Admin (admin)', detail: `UPS ${UPS_TRACKING}` });
    const times = detail.events.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(detail.returnableUntil).toBe(new Date(deliveredAt.getTime() + 30 * DAY_MS).toISOString());
  });

  it('reads the number with or without its prefix, in either case', async () => {
    const digits = order.orderNumber.replace('PS-', '');
    for (const number of [digits, `ps-${digits}`]) {
      const res = await getDetail(rider, number);
      expect(res.statusCode, number).toBe(200);
      expect((res.json() as OrderDetail)._id).toBe(order._id);
    }
  });

  it("answers another customer's order as not found, the same as an unknown number", async () => {
    const theirs = await getDetail(other, order.orderNumber);
    const unknown = await getDetail(rider, 'PS-987654321');
    for (const res of [theirs, unknown]) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 404, detail: orderTexts.notFound });
    }
    expect(theirs.body).not.toContain(order._id);
  });

  it('answers an admin any order', async () => {
    const res = await getDetail(admin, order.orderNumber);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as OrderDetail;
    expect(detail).toMatchObject({ _id: order._id, email: rider.email, deletedAt: null });
    expect(detail.shipments).toHaveLength(1);
  });

  it('answers a bad number 400 naming the field, and no sign-in 401', async () => {
    const bad = await getDetail(rider, 'PS-12ab');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(JSON.stringify(bad.json())).toContain('That is not an order number (PS-10482).');
    expect(JSON.stringify(bad.json())).toContain('number');
    expect((await getDetail(null, order.orderNumber)).statusCode).toBe(401);
  });

  it('shows a deleted order to an admin, marked so, and to its customer as not found', async () => {
    const unpaid = await placeUnpaid(rider, pads.id);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${unpaid._id}`,
      headers: bearer(rider.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await getDetail(rider, unpaid.orderNumber)).statusCode).toBe(404);
    const res = await getDetail(admin, unpaid.orderNumber);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as OrderDetail;
    expect(detail.deletedAt).not.toBeNull();
    expect(detail.status).toBe('cancelled');
    // The delete wrote its cancel and its delete in one transaction: read in that order.
    expect(detail.events.map((e) => e.kind).slice(-2)).toEqual(['cancelled', 'deleted']);
    expect(detail.returnableUntil).toBeNull();
  });

  it('offers no return window before delivery, nor after the window', async () => {
    const unpaid = await placeUnpaid(rider, chain.id);
    const res = await getDetail(rider, unpaid.orderNumber);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'unpaid', returnableUntil: null, shipments: [], returns: [] });
    expect((res.json() as OrderDetail).lines[0]).toMatchObject({ shipped: 0, returned: 0 });

    await t.database.db
      .update(orders)
      .set({ status: 'delivered', deliveredAt: new Date(Date.now() - 31 * DAY_MS) })
      .where(eq(orders.id, unpaid._id));
    expect((await getDetail(rider, unpaid.orderNumber)).json()).toMatchObject({ returnableUntil: null });
  });
});
