import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, orderTexts } from '@pitstop/core/messages';
import type { Order } from '@pitstop/core/orders';
import { shipmentTexts } from '@pitstop/core/shipment-texts';
import { trackingNumberProblem } from '@pitstop/core/shipments';
import type { Db } from '../../db/client.js';
import { jobs, orderEvents, orders, shipmentLines, shipments } from '../../db/schema.js';
import { createPart } from '../../seed/factories.js';
import { captureMailer, useTestApp } from '../../test/app.js';
import { bearer, signUp, signUpAdmin, type Customer } from '../../test/accounts.js';
import { DELIVERY_ADDRESS } from '../../test/orders.js';
import { finishOrder, insertOrder } from '../orders/service.js';

const UPS = '1Z999AA10123456784';
const FEDEX = '123456789012';
const mailer = captureMailer();
const t = useTestApp({ mailer });
let admin: Customer;
let rider: Customer;

beforeAll(async () => {
  admin = await signUpAdmin(t, { name: 'Sam Admin' });
  rider = await signUp(t.app, { name: 'Asha Rider' });
});

type Status = 'paid' | 'on_account' | 'unpaid';

/**
 * An order of these units as the checkout writes it (its number, its first timeline line and its
 * confirmation), then paid by card, left unpaid or placed on account: the shipping rules only
 * read its status, so the payment itself is not what these tests are about.
 */
async function orderOf(units: number[], status: Status = 'paid', who: Customer = rider): Promise<Order> {
  const made = await Promise.all(
    units.map((_, i) => createPart(t.database.db, { name: `Part ${i + 1} ${randomUUID().slice(0, 6)}` })),
  );
  return t.database.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const placed = await insertOrder(tx, {
      userId: who.userId,
      email: who.email,
      name: 'Asha Rider',
      num: DELIVERY_ADDRESS.phone,
      taxCents: 0,
      deliveryAddress: DELIVERY_ADDRESS,
      paymentMethod: status === 'on_account' ? 'account' : 'card',
      terms: { holdMinutes: 30, publicUrl: t.app.config.publicUrl },
      lines: made.map((part, i) => ({
        partId: part.id,
        partNumber: part.partNumber,
        partName: part.name,
        unitPriceCents: part.priceCents,
        quantity: units[i] ?? 1,
      })),
    });
    const order = await finishOrder(
      tx,
      placed,
      { id: who.userId, name: 'Asha Rider', role: 'user' },
      t.app.config,
    );
    if (status === 'paid') {
      await tx
        .update(orders)
        .set({ status: 'paid', paidAt: new Date(), transactionId: 'pi_test' })
        .where(eq(orders.id, order._id));
    }
    return order;
  });
}

const ship = (order: Pick<Order, 'orderNumber'>, body: object, who: Customer = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${order.orderNumber}/shipments`,
    headers: bearer(who.token),
    payload: body,
  });

const deliver = (order: Pick<Order, 'orderNumber'>, who: Customer = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${order.orderNumber}/delivered`,
    headers: bearer(who.token),
  });

const lineAt = (order: Order, index: number) => {
  const line = order.lines[index];
  if (!line) throw new Error(`the order has no line ${index}`);
  return line;
};

async function row(order: Order) {
  const [found] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
  if (!found) throw new Error('no such order');
  return found;
}

async function shippedUnits(order: Order): Promise<number> {
  const [sum] = await t.database.db
    .select({ n: sql<number>`coalesce(sum(${shipmentLines.quantity}), 0)::int` })
    .from(shipmentLines)
    .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
    .where(eq(shipments.orderId, order._id));
  return sum?.n ?? 0;
}

/** The mails queued (in the shipment's own transaction) to this customer with this subject. */
async function queuedMails(to: string, subject: string) {
  const rows = await t.database.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, 'mail'),
        sql`${jobs.payload}->>'to' = ${to}`,
        sql`${jobs.payload}->>'subject' = ${subject}`,
      ),
    )
    .orderBy(asc(jobs.createdAt));
  return rows.map((r) => r.payload as { to: string; subject: string; text: string });
}

async function eventsOf(order: Order, kind: 'shipment' | 'delivered') {
  return t.database.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order._id), eq(orderEvents.kind, kind)))
    .orderBy(asc(orderEvents.createdAt));
}

describe('an admin ships an order in parts with a carrier and tracking number', () => {
  it('ships two lines now (partly shipped), the third later (shipped), mailing the tracking link each time', async () => {
    const order = await orderOf([2, 1, 3]);
    const [first, second, third] = [lineAt(order, 0), lineAt(order, 1), lineAt(order, 2)];

    // Typed as people type it: spaces and lower case; kept as the carrier prints it.
    const partial = await ship(order, {
      carrier: 'ups',
      trackingNumber: '1z 999 aa1 01 2345 6784',
      lines: [
        { lineId: second.lineId, quantity: 1 },
        { lineId: first.lineId, quantity: 2 },
      ],
    });
    expect(partial.statusCode).toBe(200);
    const afterFirst = partial.json() as Order;
    expect(afterFirst).toMatchObject({ status: 'partially_shipped', shippedAt: null });
    expect(afterFirst.shipments).toEqual([
      {
        id: expect.any(String),
        position: 1,
        carrier: 'ups',
        carrierName: 'UPS',
        trackingNumber: UPS,
        trackingUrl: `https://www.ups.com/track?tracknum=${UPS}`,
        shippedAt: expect.any(String),
        // In the order's line order, whatever order they were listed in.
        lines: [
          { lineId: first.lineId, name: first.name, partNumber: first.partNumber, quantity: 2 },
          { lineId: second.lineId, name: second.name, partNumber: second.partNumber, quantity: 1 },
        ],
      },
    ]);
    expect((await row(order)).status).toBe('partially_shipped');
    const [event] = await eventsOf(order, 'shipment');
    expect(event).toMatchObject({
      actorId: admin.userId,
      actorName: 'Sam Admin (admin)',
      detail: `UPS ${UPS} — 2 × ${first.name}, 1 × ${second.name}`,
    });

    const [mail, ...more] = await queuedMails(
      rider.email,
      `Part of your Pitstop Parts order ${order.orderNumber} has shipped`,
    );
    expect(more).toHaveLength(0);
    expect(mail?.text).toContain(`2 × ${first.name} (${first.partNumber})`);
    expect(mail?.text).toContain(`https://www.ups.com/track?tracknum=${UPS}`);
    expect(mail?.text).toContain(`Still to come, in a later parcel:\n  3 × ${third.name}`);
    expect(mail?.text).toContain(`${t.app.config.publicUrl}/order/${order.orderNumber}`);

    // The rest, without naming lines: every unit not yet shipped.
    const rest = await ship(order, { carrier: 'fedex', trackingNumber: '1234 5678 9012' });
    expect(rest.statusCode).toBe(200);
    const afterAll = rest.json() as Order;
    expect(afterAll.status).toBe('shipped');
    expect(afterAll.shippedAt).toEqual(expect.any(String));
    expect(afterAll.shipments.map((s) => [s.position, s.carrier, s.trackingNumber])).toEqual([
      [1, 'ups', UPS],
      [2, 'fedex', FEDEX],
    ]);
    expect(afterAll.shipments[1]?.lines).toEqual([
      { lineId: third.lineId, name: third.name, partNumber: third.partNumber, quantity: 3 },
    ]);
    expect(await shippedUnits(order)).toBe(6);
    const full = await queuedMails(rider.email, `Your Pitstop Parts order ${order.orderNumber} has shipped`);
    expect(full).toHaveLength(1);
    expect(full[0]?.text).toContain(`https://www.fedex.com/fedextrack/?trknbr=${FEDEX}`);
    expect(full[0]?.text).not.toContain('Still to come');
    expect(await eventsOf(order, 'shipment')).toHaveLength(2);

    // My Orders lists the shipments with their tracking links.
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/order/${rider.email}`,
      headers: bearer(rider.token),
    });
    const listed = (mine.json() as Order[]).find((o) => o._id === order._id);
    expect(listed?.shipments.map((s) => s.trackingUrl)).toEqual([
      `https://www.ups.com/track?tracknum=${UPS}`,
      `https://www.fedex.com/fedextrack/?trknbr=${FEDEX}`,
    ]);
    // And the mails leave: the job runner sends what the shipment queued.
    await expect
      .poll(
        () => mailer.sent.filter((m) => m.to === rider.email && m.subject.includes(order.orderNumber)).length,
        {
          timeout: 5_000,
          interval: 25,
        },
      )
      .toBeGreaterThanOrEqual(2);
  });

  it('ships an order on account before its invoice is paid (net 30); nothing left: 409', async () => {
    const order = await orderOf([1], 'on_account');
    const res = await ship(order, { carrier: 'usps', trackingNumber: 'EC123456789US' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'shipped', paid: false, paymentMethod: 'account' });
    expect(res.json().shipments[0].trackingUrl).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=EC123456789US',
    );

    const again = await ship(order, { carrier: 'usps', trackingNumber: 'EC123456789US' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(shipmentTexts.cannotShip.shipped);
  });

  it('another carrier has no tracking page: the number is kept, the link is null', async () => {
    const order = await orderOf([1]);
    const res = await ship(order, { carrier: 'other', trackingNumber: 'dhl-4455 6677' });
    expect(res.statusCode).toBe(200);
    expect(res.json().shipments[0]).toMatchObject({
      carrierName: 'Other carrier',
      trackingNumber: 'DHL44556677',
      trackingUrl: null,
    });
  });
});

describe('a shipment the rules refuse writes nothing', () => {
  async function expectNothingShipped(order: Order, status: string) {
    expect(await shippedUnits(order)).toBe(0);
    expect((await row(order)).status).toBe(status);
    expect(await eventsOf(order, 'shipment')).toHaveLength(0);
  }

  it('a tracking number that does not fit its carrier: 400 naming trackingNumber, saying what the numbers look like', async () => {
    const order = await orderOf([1]);
    for (const [carrier, number] of [
      ['ups', '1Z999AA1012345678'], // one short
      ['ups', FEDEX],
      ['fedex', UPS],
      ['usps', '12345'],
    ] as const) {
      const res = await ship(order, { carrier, trackingNumber: number });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'trackingNumber', message: trackingNumberProblem(carrier) },
      ]);
    }
    expect(trackingNumberProblem('ups')).toContain('start with 1Z');
    const blank = await ship(order, { carrier: 'ups', trackingNumber: '  ' });
    expect(blank.json().errors).toContainEqual({
      field: 'trackingNumber',
      message: shipmentTexts.trackingRequired,
    });
    const noCarrier = await ship(order, { carrier: 'dhl', trackingNumber: UPS });
    expect(noCarrier.statusCode).toBe(400);
    expect(noCarrier.json().errors).toContainEqual({
      field: 'carrier',
      message: shipmentTexts.carrierRequired,
    });
    await expectNothingShipped(order, 'paid');
    expect(
      await queuedMails(rider.email, `Your Pitstop Parts order ${order.orderNumber} has shipped`),
    ).toHaveLength(0);
  });

  it('more units than are left, none, a line twice, an unknown line or another order’s line: 400 naming the line', async () => {
    const order = await orderOf([2, 1]);
    const other = await orderOf([1]);
    const [first, second] = [lineAt(order, 0), lineAt(order, 1)];
    const refused = async (lines: object[], field: string, message: string) => {
      const res = await ship(order, { carrier: 'ups', trackingNumber: UPS, lines });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    };
    await refused(
      [{ lineId: first.lineId, quantity: 3 }],
      'lines.0.quantity',
      shipmentTexts.quantityAbove(2),
    );
    await refused(
      [
        { lineId: second.lineId, quantity: 1 },
        { lineId: first.lineId, quantity: 0 },
      ],
      'lines.1.quantity',
      shipmentTexts.quantityAtLeastOne,
    );
    await refused([{ lineId: first.lineId, quantity: 1.5 }], 'lines.0.quantity', shipmentTexts.quantityWhole);
    await refused(
      [
        { lineId: first.lineId, quantity: 1 },
        { lineId: first.lineId, quantity: 1 },
      ],
      'lines.1.lineId',
      shipmentTexts.lineTwice,
    );
    await refused([{ lineId: randomUUID(), quantity: 1 }], 'lines.0.lineId', shipmentTexts.lineUnknown);
    await refused([{ lineId: 'not-a-line', quantity: 1 }], 'lines.0.lineId', shipmentTexts.lineUnknown);
    await refused(
      [{ lineId: lineAt(other, 0).lineId, quantity: 1 }],
      'lines.0.lineId',
      shipmentTexts.lineUnknown,
    );
    await refused([], 'lines', shipmentTexts.nothingChosen);
    await expectNothingShipped(order, 'paid');

    // After one unit of the first line left, one is left of it.
    expect(
      (
        await ship(order, {
          carrier: 'ups',
          trackingNumber: UPS,
          lines: [{ lineId: first.lineId, quantity: 1 }],
        })
      ).statusCode,
    ).toBe(200);
    await refused(
      [{ lineId: first.lineId, quantity: 2 }],
      'lines.0.quantity',
      shipmentTexts.quantityAbove(1),
    );
    expect(await shippedUnits(order)).toBe(1);
  });

  it('only a paid, on-account or partly shipped order ships: unpaid, cancelled, shipped and delivered are 409 with the reason', async () => {
    const unpaid = await orderOf([1], 'unpaid');
    const res = await ship(unpaid, { carrier: 'ups', trackingNumber: UPS });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(shipmentTexts.cannotShip.unpaid);
    await expectNothingShipped(unpaid, 'unpaid');

    const cancelled = await orderOf([1], 'unpaid');
    await t.app.inject({
      method: 'POST',
      url: `/api/order/${cancelled._id}/cancel`,
      headers: bearer(rider.token),
    });
    const refused = await ship(cancelled, { carrier: 'ups', trackingNumber: UPS });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(shipmentTexts.cannotShip.cancelled);
    await expectNothingShipped(cancelled, 'cancelled');

    const delivered = await orderOf([1]);
    await ship(delivered, { carrier: 'ups', trackingNumber: UPS });
    expect((await deliver(delivered)).statusCode).toBe(200);
    const late = await ship(delivered, { carrier: 'ups', trackingNumber: UPS });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(shipmentTexts.cannotShip.delivered);
  });

  it('customers 403, anonymous 401, an unknown order 404, a malformed number 400', async () => {
    const order = await orderOf([1]);
    const asRider = await ship(order, { carrier: 'ups', trackingNumber: UPS }, rider);
    expect(asRider.statusCode).toBe(403);
    expect(asRider.json().detail).toBe(messages.forbidden);
    expect((await deliver(order, rider)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.orderNumber}/shipments`,
      payload: { carrier: 'ups', trackingNumber: UPS },
    });
    expect(anonymous.statusCode).toBe(401);
    await expectNothingShipped(order, 'paid');

    const unknown = await ship({ orderNumber: 'PS-999999999' }, { carrier: 'ups', trackingNumber: UPS });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(orderTexts.notFound);
    expect((await deliver({ orderNumber: 'PS-999999999' })).statusCode).toBe(404);
    expect((await ship({ orderNumber: 'order-1' }, { carrier: 'ups', trackingNumber: UPS })).statusCode).toBe(
      400,
    );
  });
});

describe('two admins ship the same units at the same moment', () => {
  it('listing the lines: one parcel ships, the other is refused for the units already gone', async () => {
    // The second line stays behind, so the order is still shippable when the loser gets the lock.
    const order = await orderOf([2, 1]);
    const lines = [{ lineId: lineAt(order, 0).lineId, quantity: 2 }];
    const answers = await Promise.all([
      ship(order, { carrier: 'ups', trackingNumber: UPS, lines }),
      ship(order, { carrier: 'fedex', trackingNumber: FEDEX, lines }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const loser = answers.find((a) => a.statusCode === 400);
    expect(loser?.json().errors).toEqual([
      { field: 'lines.0.quantity', message: shipmentTexts.quantityAbove(0) },
    ]);
    expect(await shippedUnits(order)).toBe(2);
    expect((await row(order)).status).toBe('partially_shipped');
    expect(await eventsOf(order, 'shipment')).toHaveLength(1);
  });

  it('shipping everything left: one parcel ships, the other is 409', async () => {
    const order = await orderOf([3]);
    const answers = await Promise.all([
      ship(order, { carrier: 'ups', trackingNumber: UPS }),
      ship(order, { carrier: 'ups', trackingNumber: UPS }),
      ship(order, { carrier: 'fedex', trackingNumber: FEDEX }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await shippedUnits(order)).toBe(3);
    expect(await t.database.db.select().from(shipments).where(eq(shipments.orderId, order._id))).toHaveLength(
      1,
    );
  });
});

describe('an admin marks a shipped order delivered', () => {
  it('only once every unit has shipped; again changes nothing; the customer is mailed once', async () => {
    const order = await orderOf([2, 1]);
    const notShipped = await deliver(order);
    expect(notShipped.statusCode).toBe(409);
    expect(notShipped.json().detail).toBe(shipmentTexts.cannotDeliver.other);

    await ship(order, {
      carrier: 'ups',
      trackingNumber: UPS,
      lines: [{ lineId: lineAt(order, 0).lineId, quantity: 2 }],
    });
    const partly = await deliver(order);
    expect(partly.statusCode).toBe(409);
    expect(partly.json().detail).toBe(shipmentTexts.cannotDeliver.partially_shipped);

    await ship(order, { carrier: 'ups', trackingNumber: UPS });
    const delivered = await deliver(order);
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ status: 'delivered', deliveredAt: expect.any(String) });
    expect(delivered.json().shipments).toHaveLength(2);
    const [event] = await eventsOf(order, 'delivered');
    expect(event).toMatchObject({ actorName: 'Sam Admin (admin)' });

    const again = await deliver(order);
    expect(again.statusCode).toBe(200);
    expect(again.json().deliveredAt).toBe(delivered.json().deliveredAt);
    expect(await eventsOf(order, 'delivered')).toHaveLength(1);
    const mails = await queuedMails(
      rider.email,
      `Your Pitstop Parts order ${order.orderNumber} was delivered`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`${t.app.config.publicUrl}/order/${order.orderNumber}`);
  });

  it('a cancelled order is never delivered', async () => {
    const order = await orderOf([1], 'unpaid');
    await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/cancel`,
      headers: bearer(rider.token),
    });
    const res = await deliver(order);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(shipmentTexts.cannotDeliver.cancelled);
  });
});

describe("the spec's status route (All Orders) no longer ships blind", () => {
  const patch = (order: Order, status: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/order/${order._id}/status`,
      headers: bearer(admin.token),
      payload: { status },
    });

  it('"shipped" is 400 pointing at the shipments route and changes nothing; "delivered" follows the delivered rule', async () => {
    const order = await orderOf([1]);
    const res = await patch(order, 'shipped');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'status', message: shipmentTexts.shipThroughShipments }]);
    expect((await row(order)).status).toBe('paid');
    expect(await eventsOf(order, 'shipment')).toHaveLength(0);

    expect((await patch(order, 'delivered')).statusCode).toBe(409);
    await ship(order, { carrier: 'ups', trackingNumber: UPS });
    const delivered = await patch(order, 'delivered');
    expect(delivered.json()).toMatchObject({ status: 'delivered' });
    expect(
      await queuedMails(rider.email, `Your Pitstop Parts order ${order.orderNumber} was delivered`),
    ).toHaveLength(1);
  });
});
