import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderDetail, Return } from '@pitstop/core/order-detail';
import type { Order } from '@pitstop/core/orders';
import { returnTexts, type ReturnQueueItem } from '@pitstop/core/returns';
import { createPart } from '../../seed/factories.js';
import {
  creditAccounts,
  orderEvents,
  orders,
  parts,
  payments,
  refunds,
  returns,
  users,
  type PartRow,
} from '../../db/schema.js';
import { captureMailer, createTestApp, type TestApp } from '../../test/app.js';
import { bearer, signUp, type Customer } from '../../test/accounts.js';
import { DELIVERY_ADDRESS, ordersOf, placePaidOrder } from '../../test/orders.js';
import { startStripeFake, stripeEnv } from '../../test/stripe-fake.js';
import { uploadPicture } from '../../test/uploads.js';
import { taxShareCents } from './service.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const UPS_TRACKING = '1Z999AA10123456784';
/** California's rate (7.25 %), where the test address is. */
const TAX = { SALES_TAX_RATES: 'CA=7.25' };

type Mailbox = ReturnType<typeof captureMailer>;

/** Mail leaves through the job queue after the answer: wait for the one with this subject. */
function mailTo(mailer: Mailbox, to: string, subject: string) {
  return vi.waitFor(
    () => {
      const mail = mailer.sent.findLast((m) => m.to === to && m.subject === subject);
      if (!mail) throw new Error(`no mail "${subject}" to ${to} yet`);
      return mail;
    },
    { timeout: 5_000, interval: 25 },
  );
}

async function adminOf(t: TestApp): Promise<Customer> {
  const admin = await signUp(t.app, { name: 'Sam Admin' });
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  return admin;
}

function expectOk(res: { statusCode: number; body: string }, step: string, status = 200): void {
  if (res.statusCode !== status) throw new Error(`${step}: ${res.statusCode} ${res.body}`);
}

/** Ships every unit of the order with UPS and marks it delivered, as an admin does (helper C's routes). */
async function deliver(t: TestApp, admin: Customer, orderNumber: string): Promise<void> {
  expectOk(
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderNumber}/shipments`,
      headers: bearer(admin.token),
      payload: { carrier: 'ups', trackingNumber: UPS_TRACKING },
    }),
    'ship',
  );
  expectOk(
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderNumber}/delivered`,
      headers: bearer(admin.token),
    }),
    'delivered',
  );
}

async function available(t: TestApp, partId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: parts.availablequantity })
    .from(parts)
    .where(eq(parts.id, partId));
  return row?.n ?? -1;
}

async function orderRow(t: TestApp, orderNumber: string) {
  const [row] = await t.database.db
    .select()
    .from(orders)
    .where(eq(orders.number, Number(orderNumber.replace('PS-', ''))));
  if (!row) throw new Error(`no order ${orderNumber}`);
  return row;
}

const ask = (t: TestApp, who: Customer, orderNumber: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderNumber}/returns`,
    headers: bearer(who.token),
    payload: body as Record<string, unknown>,
  });

const act = (
  t: TestApp,
  who: Customer,
  id: string,
  action: 'approve' | 'decline' | 'receive',
  body?: Record<string, unknown>,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/returns/${id}/${action}`,
    headers: bearer(who.token),
    ...(body ? { payload: body } : {}),
  });

const detailOf = async (t: TestApp, who: Customer, orderNumber: string): Promise<OrderDetail> =>
  (
    await t.app.inject({ method: 'GET', url: `/api/orders/${orderNumber}`, headers: bearer(who.token) })
  ).json();

interface Delivered {
  me: Customer;
  order: Order;
  parts: PartRow[];
}

/** A rider's card order of these parts (price in cents, quantity), paid, shipped and delivered. */
async function deliveredCardOrder(
  t: TestApp,
  admin: Customer,
  lines: { priceCents: number; quantity: number }[],
): Promise<Delivered> {
  const me = await signUp(t.app, { name: 'Asha Rider' });
  const made = await Promise.all(
    lines.map((l) => createPart(t.database.db, { priceCents: l.priceCents, availablequantity: 20 })),
  );
  const order = await placePaidOrder(
    t.app,
    me,
    made.map((p, i) => ({ partId: p.id, quantity: lines[i]?.quantity ?? 1 })),
  );
  await deliver(t, admin, order.orderNumber);
  return { me, order, parts: made };
}

/** The first return of a delivered order, approved: ready to be received. */
async function approvedReturn(
  t: TestApp,
  admin: Customer,
  d: Delivered,
  lines: { index: number; quantity: number }[],
): Promise<Return> {
  const asked = await ask(t, d.me, d.order.orderNumber, {
    lines: lines.map((l) => ({ lineId: d.order.lines[l.index]?.lineId, quantity: l.quantity })),
    reason: 'wrong_part',
  });
  expectOk(asked, 'return', 201);
  const approved = await act(t, admin, (asked.json() as Return).id, 'approve');
  expectOk(approved, 'approve');
  return approved.json();
}

describe('returns with the sandbox provider', () => {
  let t: TestApp;
  const mailer = captureMailer();
  let admin: Customer;

  beforeAll(async () => {
    t = await createTestApp({
      mailer,
      env: {
        ...TAX,
        RETURN_ADDRESS: 'Pitstop Returns, 1 Dock Rd, Reno, NV 89501',
      },
    });
    admin = await adminOf(t);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('a customer asks to return parts', () => {
    it('writes the return with its lines, label, reason, note and photo, and tells the customer and the shop', async () => {
      const d = await deliveredCardOrder(t, admin, [
        { priceCents: 2450, quantity: 2 },
        { priceCents: 1000, quantity: 1 },
      ]);
      const photo = await uploadPicture(t.app, d.me.token, 'pads.png');
      const res = await ask(t, d.me, d.order.orderNumber, {
        lines: [{ lineId: d.order.lines[0]?.lineId, quantity: 1 }],
        reason: 'wrong_part',
        note: '  Ordered the rear pads by mistake.  ',
        photos: [photo],
      });
      expect(res.statusCode).toBe(201);
      const item = res.json() as Return;
      // Tax: 7.25 % of $59.00 is $4.28 (from 4.2775); one $24.50 unit's share is round(428 × 2450 / 5900) = 178 cents.
      expect(item).toMatchObject({
        label: `${d.order.orderNumber}-R1`,
        orderNumber: d.order.orderNumber,
        status: 'requested',
        reason: 'wrong_part',
        note: 'Ordered the rear pads by mistake.',
        photos: [photo],
        declineReason: null,
        restocked: null,
        refund: 26.28,
        refundTax: 1.78,
        refundedAt: null,
        lines: [{ lineId: d.order.lines[0]?.lineId, name: d.parts[0]?.name, quantity: 1 }],
      });

      // Both order pages show it; the line counts the unit as returned.
      const detail = await detailOf(t, d.me, d.order.orderNumber);
      expect(detail.returns.map((r) => r.id)).toEqual([item.id]);
      expect(detail.lines[0]).toMatchObject({ shipped: 2, returned: 1 });
      const events = await t.database.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, d.order._id), eq(orderEvents.kind, 'return_requested')));
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ actorId: d.me.userId, actorName: 'Asha Rider (customer)' });
      expect(events[0]?.detail).toContain(`${d.order.orderNumber}-R1`);

      const mine = await mailTo(mailer, d.me.email, returnTexts.requestedSubject(item.label));
      expect(mine.text).toContain('1 × ');
      expect(mine.text).toContain('Wrong part');
      const shop = await mailTo(mailer, admin.email, returnTexts.shopNoticeSubject(item.label));
      expect(shop.text).toContain(`/dashboard/orders/${d.order.orderNumber}`);
      expect(shop.text).toContain('$26.28');

      // A second return of the same order is R2, and counts the first: one unit left of line 1.
      const second = await ask(t, d.me, d.order.orderNumber, {
        lines: [{ lineId: d.order.lines[0]?.lineId, quantity: 2 }],
        reason: 'changed_mind',
      });
      expect(second.statusCode).toBe(400);
      expect(second.json().errors).toEqual([
        { field: 'lines.0.quantity', message: returnTexts.quantityOverReturnable(1) },
      ]);
      const r2 = await ask(t, d.me, d.order.orderNumber, {
        lines: [
          { lineId: d.order.lines[1]?.lineId, quantity: 1 },
          { lineId: d.order.lines[0]?.lineId, quantity: 1 },
        ],
        reason: 'changed_mind',
      });
      expect(r2.statusCode).toBe(201);
      expect(r2.json()).toMatchObject({ label: `${d.order.orderNumber}-R2`, note: '', photos: [] });
    });

    it('another customer’s order, an unknown number or a deleted order is 404', async () => {
      const d = await deliveredCardOrder(t, admin, [{ priceCents: 1500, quantity: 1 }]);
      const body = { lines: [{ lineId: d.order.lines[0]?.lineId, quantity: 1 }], reason: 'damaged' };
      const stranger = await signUp(t.app);
      const res = await ask(t, stranger, d.order.orderNumber, body);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect((await ask(t, d.me, 'PS-99999999', body)).statusCode).toBe(404);
      // An admin is no customer of this order either: returns are asked for by the customer.
      expect((await ask(t, admin, d.order.orderNumber, body)).statusCode).toBe(404);
      expect(await t.database.db.select().from(returns).where(eq(returns.orderId, d.order._id))).toEqual([]);
    });

    it('refuses an order that is not delivered (409)', async () => {
      const me = await signUp(t.app);
      const part = await createPart(t.database.db, { priceCents: 800, availablequantity: 5 });
      const order = await placePaidOrder(t.app, me, [{ partId: part.id, quantity: 1 }]);
      const body = { lines: [{ lineId: order.lines[0]?.lineId, quantity: 1 }], reason: 'damaged' };
      const paid = await ask(t, me, order.orderNumber, body);
      expect(paid.statusCode).toBe(409);
      expect(paid.json().detail).toBe(returnTexts.notDelivered('paid'));
      expect(paid.json().detail).toContain('can only return a delivered order');
      await t.app.inject({
        method: 'POST',
        url: `/api/orders/${order.orderNumber}/shipments`,
        headers: bearer(admin.token),
        payload: { carrier: 'ups', trackingNumber: UPS_TRACKING },
      });
      expect((await ask(t, me, order.orderNumber, body)).json().detail).toBe(
        returnTexts.notDelivered('shipped'),
      );
    });

    it('refuses a return after the window, naming its last day; inside it, it is taken', async () => {
      const d = await deliveredCardOrder(t, admin, [{ priceCents: 1500, quantity: 1 }]);
      const body = { lines: [{ lineId: d.order.lines[0]?.lineId, quantity: 1 }], reason: 'damaged' };
      const deliveredAt = new Date(Date.now() - 30 * DAY_MS - 60_000);
      await t.database.db.update(orders).set({ deliveredAt }).where(eq(orders.id, d.order._id));
      const late = await ask(t, d.me, d.order.orderNumber, body);
      expect(late.statusCode).toBe(409);
      const lastDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(deliveredAt.getTime() + 30 * DAY_MS),
      );
      expect(late.json().detail).toBe(returnTexts.windowClosed(lastDay));
      expect(late.json().detail).toMatch(/ended on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/);

      await t.database.db
        .update(orders)
        .set({ deliveredAt: new Date(Date.now() - 30 * DAY_MS + 60_000) })
        .where(eq(orders.id, d.order._id));
      expect((await ask(t, d.me, d.order.orderNumber, body)).statusCode).toBe(201);
    });

    it('names every wrong field of the request (400)', async () => {
      const d = await deliveredCardOrder(t, admin, [
        { priceCents: 1500, quantity: 2 },
        { priceCents: 900, quantity: 1 },
      ]);
      const other = await deliveredCardOrder(t, admin, [{ priceCents: 700, quantity: 1 }]);
      const [first, second] = d.order.lines;
      const cases: [unknown, string, string][] = [
        [{ reason: 'damaged' }, 'lines', returnTexts.linesRequired],
        [{ lines: [], reason: 'damaged' }, 'lines', returnTexts.linesRequired],
        [
          { lines: [{ lineId: first?.lineId, quantity: 0 }], reason: 'damaged' },
          'lines.0.quantity',
          returnTexts.quantityInvalid,
        ],
        [
          { lines: [{ lineId: first?.lineId, quantity: 1.5 }], reason: 'damaged' },
          'lines.0.quantity',
          returnTexts.quantityInvalid,
        ],
        [
          { lines: [{ lineId: first?.lineId, quantity: 3 }], reason: 'damaged' },
          'lines.0.quantity',
          returnTexts.quantityOverReturnable(2),
        ],
        [
          {
            lines: [
              { lineId: second?.lineId, quantity: 1 },
              { lineId: other.order.lines[0]?.lineId, quantity: 1 },
            ],
            reason: 'damaged',
          },
          'lines.1.lineId',
          returnTexts.lineUnknown,
        ],
        [
          { lines: [{ lineId: 'nope', quantity: 1 }], reason: 'damaged' },
          'lines.0.lineId',
          returnTexts.lineUnknown,
        ],
        [
          {
            lines: [
              { lineId: first?.lineId, quantity: 1 },
              { lineId: first?.lineId, quantity: 1 },
            ],
            reason: 'damaged',
          },
          'lines.1.lineId',
          returnTexts.lineTwice,
        ],
        [{ lines: [{ lineId: first?.lineId, quantity: 1 }] }, 'reason', returnTexts.reasonRequired],
        [
          { lines: [{ lineId: first?.lineId, quantity: 1 }], reason: 'too_expensive' },
          'reason',
          returnTexts.reasonRequired,
        ],
        [
          { lines: [{ lineId: first?.lineId, quantity: 1 }], reason: 'damaged', note: 'x'.repeat(1001) },
          'note',
          returnTexts.noteTooLong,
        ],
        [
          {
            lines: [{ lineId: first?.lineId, quantity: 1 }],
            reason: 'damaged',
            photos: Array(6).fill('/uploads/a.webp'),
          },
          'photos',
          returnTexts.photosTooMany,
        ],
        [
          {
            lines: [{ lineId: first?.lineId, quantity: 1 }],
            reason: 'damaged',
            photos: ['https://example.com/pads.jpg'],
          },
          'photos.0',
          returnTexts.photoNotUploaded,
        ],
        [
          {
            lines: [{ lineId: first?.lineId, quantity: 1 }],
            reason: 'damaged',
            photos: [`/uploads/${'a'.repeat(64)}-8x8.webp`],
          },
          'photos.0',
          returnTexts.photoNotUploaded,
        ],
      ];
      for (const [body, field, message] of cases) {
        const res = await ask(t, d.me, d.order.orderNumber, body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
        expect(res.json().errors, field).toContainEqual({ field, message });
      }
      // The shop's own pictures are catalogue art, not a customer's upload.
      const shopArt = await ask(t, d.me, d.order.orderNumber, {
        lines: [{ lineId: first?.lineId, quantity: 1 }],
        reason: 'damaged',
        photos: ['/images/parts/brake-pads.svg'],
      });
      expect(shopArt.json().errors).toEqual([{ field: 'photos.0', message: returnTexts.photoNotUploaded }]);
      expect(await t.database.db.select().from(returns).where(eq(returns.orderId, d.order._id))).toEqual([]);
    });

    it('two requests at once for the last unit: one is taken, the other is refused', async () => {
      const d = await deliveredCardOrder(t, admin, [{ priceCents: 1500, quantity: 1 }]);
      const body = { lines: [{ lineId: d.order.lines[0]?.lineId, quantity: 1 }], reason: 'damaged' };
      const results = await Promise.all([
        ask(t, d.me, d.order.orderNumber, body),
        ask(t, d.me, d.order.orderNumber, body),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      expect(await t.database.db.select().from(returns).where(eq(returns.orderId, d.order._id))).toHaveLength(
        1,
      );
    });

    it('a declined return gives its units back to return', async () => {
      const d = await deliveredCardOrder(t, admin, [{ priceCents: 1500, quantity: 1 }]);
      const body = { lines: [{ lineId: d.order.lines[0]?.lineId, quantity: 1 }], reason: 'changed_mind' };
      const first = (await ask(t, d.me, d.order.orderNumber, body)).json() as Return;
      expect((await ask(t, d.me, d.order.orderNumber, body)).statusCode).toBe(400);
      expectOk(
        await act(t, admin, first.id, 'decline', { reason: 'Used parts cannot be returned.' }),
        'decline',
      );
      const again = await ask(t, d.me, d.order.orderNumber, body);
      expect(again.statusCode).toBe(201);
      expect((again.json() as Return).label).toBe(`${d.order.orderNumber}-R2`);
    });
  });

  describe('the Returns queue and its decisions', () => {
    it('is for admins: a customer gets 403, no one signed in 401', async () => {
      const d = await deliveredCardOrder(t, admin, [{ priceCents: 1500, quantity: 1 }]);
      const item = (
        await ask(t, d.me, d.order.orderNumber, {
          lines: [{ lineId: d.order.lines[0]?.lineId, quantity: 1 }],
          reason: 'damaged',
        })
      ).json() as Return;
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/returns', headers: bearer(d.me.token) })).statusCode,
      ).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/returns' })).statusCode).toBe(401);
      for (const [action, body] of [
        ['approve', undefined],
        ['decline', { reason: 'No.' }],
        ['receive', { restock: true }],
      ] as const) {
        expect((await act(t, d.me, item.id, action, body)).statusCode, action).toBe(403);
      }
      const [row] = await t.database.db.select().from(returns).where(eq(returns.id, item.id));
      expect(row?.status).toBe('requested');
    });

    it('lists returns newest first with order, customer, lines and refund; filters by status', async () => {
      const a = await deliveredCardOrder(t, admin, [{ priceCents: 1000, quantity: 1 }]);
      const b = await deliveredCardOrder(t, admin, [{ priceCents: 2000, quantity: 1 }]);
      const first = (
        await ask(t, a.me, a.order.orderNumber, {
          lines: [{ lineId: a.order.lines[0]?.lineId, quantity: 1 }],
          reason: 'damaged',
          photos: [await uploadPicture(t.app, a.me.token, 'pads.png')],
        })
      ).json() as Return;
      const second = (
        await ask(t, b.me, b.order.orderNumber, {
          lines: [{ lineId: b.order.lines[0]?.lineId, quantity: 1 }],
          reason: 'not_as_described',
        })
      ).json() as Return;
      expectOk(await act(t, admin, second.id, 'approve'), 'approve');

      const all = await t.app.inject({ method: 'GET', url: '/api/returns', headers: bearer(admin.token) });
      expect(all.statusCode).toBe(200);
      const items = all.json() as ReturnQueueItem[];
      const mine = items.filter((r) => r.id === first.id || r.id === second.id);
      expect(mine.map((r) => r.id)).toEqual([second.id, first.id]);
      expect(mine[1]).toMatchObject({
        orderNumber: a.order.orderNumber,
        customer: { name: DELIVERY_ADDRESS.name, email: a.me.email },
        reason: 'damaged',
        status: 'requested',
        refund: 10.73,
        lines: [{ quantity: 1, name: a.parts[0]?.name }],
      });
      expect(mine[1]?.photos).toHaveLength(1);

      const approved = await t.app.inject({
        method: 'GET',
        url: '/api/returns?status=approved',
        headers: bearer(admin.token),
      });
      const approvedItems = approved.json() as ReturnQueueItem[];
      expect(approvedItems.every((r) => r.status === 'approved')).toBe(true);
      expect(approvedItems.map((r) => r.id)).toContain(second.id);
      expect(approvedItems.map((r) => r.id)).not.toContain(first.id);
      const bad = await t.app.inject({
        method: 'GET',
        url: '/api/returns?status=lost',
        headers: bearer(admin.token),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toBe('status');
    });

    it('approves with instructions mailed; declines with the reason mailed; each only once', async () => {
      const d = await deliveredCardOrder(t, admin, [{ priceCents: 1500, quantity: 2 }]);
      const line = d.order.lines[0]?.lineId;
      const one = (
        await ask(t, d.me, d.order.orderNumber, { lines: [{ lineId: line, quantity: 1 }], reason: 'damaged' })
      ).json() as Return;
      const two = (
        await ask(t, d.me, d.order.orderNumber, {
          lines: [{ lineId: line, quantity: 1 }],
          reason: 'changed_mind',
        })
      ).json() as Return;

      const approved = await act(t, admin, one.id, 'approve');
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({ status: 'approved', decidedAt: expect.any(String) });
      const instructions = await mailTo(mailer, d.me.email, returnTexts.approvedSubject(one.label));
      expect(instructions.text).toContain('Pitstop Returns, 1 Dock Rd, Reno, NV 89501');
      expect(instructions.text).toContain(`Write the return number ${one.label}`);

      const again = await act(t, admin, one.id, 'approve');
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe(returnTexts.cannotApprove('approved'));
      expect((await act(t, admin, one.id, 'decline', { reason: 'No.' })).json().detail).toBe(
        returnTexts.cannotDecline('approved'),
      );

      const noReason = await act(t, admin, two.id, 'decline', { reason: '   ' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().errors).toEqual([
        { field: 'reason', message: returnTexts.declineReasonRequired },
      ]);
      expect((await act(t, admin, two.id, 'decline', {})).json().errors[0].field).toBe('reason');
      const declined = await act(t, admin, two.id, 'decline', {
        reason: 'The seal is broken: it was fitted.',
      });
      expect(declined.json()).toMatchObject({
        status: 'declined',
        declineReason: 'The seal is broken: it was fitted.',
        refund: null,
      });
      const why = await mailTo(mailer, d.me.email, returnTexts.declinedSubject(two.label));
      expect(why.text).toContain('The seal is broken: it was fitted.');
      expect((await act(t, admin, two.id, 'receive', { restock: true })).json().detail).toBe(
        returnTexts.cannotReceive('declined'),
      );

      const kinds = (
        await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, d.order._id))
      ).map((e) => e.kind);
      expect(kinds.filter((k) => k === 'return_approved')).toHaveLength(1);
      expect(kinds.filter((k) => k === 'return_declined')).toHaveLength(1);
    });

    it('unknown returns are 404, a malformed id or body 400', async () => {
      const unknown = '8a7c2f4e-0000-4000-8000-000000000000';
      for (const action of ['approve', 'decline', 'receive'] as const) {
        const body =
          action === 'decline' ? { reason: 'x' } : action === 'receive' ? { restock: false } : undefined;
        expect((await act(t, admin, unknown, action, body)).statusCode, action).toBe(404);
      }
      expect((await act(t, admin, 'nope', 'approve')).statusCode).toBe(400);
      const d = await deliveredCardOrder(t, admin, [{ priceCents: 1500, quantity: 1 }]);
      const item = await approvedReturn(t, admin, d, [{ index: 0, quantity: 1 }]);
      const noRestock = await act(t, admin, item.id, 'receive', {});
      expect(noRestock.statusCode).toBe(400);
      expect(noRestock.json().errors).toEqual([{ field: 'restock', message: returnTexts.restockRequired }]);
      expect((await act(t, admin, item.id, 'receive', { restock: 'yes' })).statusCode).toBe(400);
    });
  });

  describe('receiving a return refunds it', () => {
    it('a requested return cannot be received before it is approved', async () => {
      const d = await deliveredCardOrder(t, admin, [{ priceCents: 1500, quantity: 1 }]);
      const item = (
        await ask(t, d.me, d.order.orderNumber, {
          lines: [{ lineId: d.order.lines[0]?.lineId, quantity: 1 }],
          reason: 'damaged',
        })
      ).json() as Return;
      const res = await act(t, admin, item.id, 'receive', { restock: true });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(returnTexts.cannotReceive('requested'));
    });

    it('restocks, refunds the lines and their tax share to the card, once, and tells the customer', async () => {
      const d = await deliveredCardOrder(t, admin, [
        { priceCents: 2450, quantity: 2 },
        { priceCents: 1000, quantity: 1 },
      ]);
      const [pads] = d.parts;
      if (!pads) throw new Error('no part');
      expect(await available(t, pads.id)).toBe(18);
      const shown = async () =>
        (
          (await t.app.inject({ method: 'GET', url: `/api/parts/${pads.id}` })).json() as {
            availablequantity: number;
          }
        ).availablequantity;
      // The catalogue's answer is cached: receiving must drop it, not leave the old count on show.
      expect(await shown()).toBe(18);
      const item = await approvedReturn(t, admin, d, [{ index: 0, quantity: 2 }]);
      const res = await act(t, admin, item.id, 'receive', { restock: true });
      expect(res.statusCode).toBe(200);
      // $49.00 of a $59.00 subtotal: round(428 × 4900 / 5900) = 355 cents of the $4.28 tax.
      expect(res.json()).toMatchObject({
        status: 'refunded',
        restocked: true,
        refund: 52.55,
        refundTax: 3.55,
        receivedAt: expect.any(String),
        refundedAt: expect.any(String),
      });
      expect(await available(t, pads.id)).toBe(20);
      expect(await shown()).toBe(20);

      const row = await orderRow(t, d.order.orderNumber);
      expect(row.refundedCents).toBe(5255);
      expect(row.status).toBe('delivered');
      const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.returnId, item.id));
      expect(refund).toMatchObject({
        method: 'card',
        amountCents: 5255,
        taxCents: 355,
        createdBy: admin.userId,
      });
      expect(refund?.providerRefundId).toMatch(/^re_sandbox_/);
      // A partial refund: the payment as a whole still stands.
      const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, d.order._id));
      expect(payment?.status).toBe('succeeded');

      const detail = await detailOf(t, d.me, d.order.orderNumber);
      expect(detail.refunded).toBe(52.55);
      expect(detail.refunds).toContainEqual(
        expect.objectContaining({ method: 'card', amount: 52.55, tax: 3.55, returnLabel: item.label }),
      );
      expect(detail.events.map((e) => e.kind)).toEqual(
        expect.arrayContaining(['return_received', 'return_refunded']),
      );
      // What the customer spent is what they paid less what came back: $63.28 − $52.55.
      const dashboard = await t.app.inject({
        method: 'GET',
        url: '/api/dashboard',
        headers: bearer(d.me.token),
      });
      expect(dashboard.json().mine.spent).toBe(10.73);
      const told = await mailTo(mailer, d.me.email, returnTexts.refundedSubject(item.label));
      expect(told.text).toContain('refunded $52.55 to the card');
      expect(told.text).toContain('$3.55 is sales tax');

      const again = await act(t, admin, item.id, 'receive', { restock: true });
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe(returnTexts.cannotReceive('refunded'));
      expect(await available(t, pads.id)).toBe(20);
      expect((await orderRow(t, d.order.orderNumber)).refundedCents).toBe(5255);
    });

    it('parts not fit to sell again are refunded without going back on sale', async () => {
      const d = await deliveredCardOrder(t, admin, [{ priceCents: 1500, quantity: 1 }]);
      const item = await approvedReturn(t, admin, d, [{ index: 0, quantity: 1 }]);
      const res = await act(t, admin, item.id, 'receive', { restock: false });
      expect(res.json()).toMatchObject({ status: 'refunded', restocked: false, refund: 16.09 });
      expect(await available(t, d.parts[0]?.id ?? '')).toBe(19);
      const events = await t.database.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, d.order._id), eq(orderEvents.kind, 'return_received')));
      expect(events[0]?.detail).toContain('not restocked');
    });

    it('two admins receiving at once refund once', async () => {
      const d = await deliveredCardOrder(t, admin, [{ priceCents: 3000, quantity: 2 }]);
      const other = await adminOf(t);
      const item = await approvedReturn(t, admin, d, [{ index: 0, quantity: 2 }]);
      const results = await Promise.all([
        act(t, admin, item.id, 'receive', { restock: true }),
        act(t, other, item.id, 'receive', { restock: true }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await t.database.db.select().from(refunds).where(eq(refunds.returnId, item.id))).toHaveLength(1);
      expect((await orderRow(t, d.order.orderNumber)).refundedCents).toBe(6435);
      expect(await available(t, d.parts[0]?.id ?? '')).toBe(20);
      const refundedEvents = await t.database.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, d.order._id), eq(orderEvents.kind, 'return_refunded')));
      expect(refundedEvents).toHaveLength(1);
    });

    it('the tax shares of all returns never add up to more than the order’s tax', async () => {
      // $1.05 + $1.06 + $1.06 = $3.17; tax 7.25 % = 22.98 → 23 cents. Alone each line's share
      // rounds up to 8 cents (24 in all): the last return gets only the 7 cents left.
      const d = await deliveredCardOrder(t, admin, [
        { priceCents: 105, quantity: 1 },
        { priceCents: 106, quantity: 1 },
        { priceCents: 106, quantity: 1 },
      ]);
      const row = await orderRow(t, d.order.orderNumber);
      expect(row.taxCents).toBe(23);
      const shares: number[] = [];
      for (const index of [0, 1, 2]) {
        const asked = (
          await ask(t, d.me, d.order.orderNumber, {
            lines: [{ lineId: d.order.lines[index]?.lineId, quantity: 1 }],
            reason: 'changed_mind',
          })
        ).json() as Return;
        expectOk(await act(t, admin, asked.id, 'approve'), 'approve');
        const received = await act(t, admin, asked.id, 'receive', { restock: true });
        expectOk(received, 'receive');
        shares.push(Math.round((received.json() as Return).refundTax! * 100));
      }
      expect(shares).toEqual([8, 8, 7]);
      const after = await orderRow(t, d.order.orderNumber);
      expect(after.refundedCents).toBe(after.totalCents);
      // Everything went back: the payment is refunded in full now.
      const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, d.order._id));
      expect(payment?.status).toBe('refunded');
      expect((await ordersOf(t.app, d.me)).find((o) => o._id === d.order._id)?.refunded).toBe(3.4);
    });
  });

  describe('an order on account is credited back', () => {
    it('writes an account refund and lowers what the customer owes', async () => {
      const me = await signUp(t.app, { name: 'Fleet Buyer' });
      await t.database.db.insert(creditAccounts).values({ userId: me.userId, limitCents: 100_000 });
      const part = await createPart(t.database.db, { priceCents: 4000, availablequantity: 10 });
      expectOk(
        await t.app.inject({
          method: 'PUT',
          url: `/api/cart/items/${part.id}`,
          headers: bearer(me.token),
          payload: { quantity: 3 },
        }),
        'cart',
      );
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: bearer(me.token),
        payload: { address: DELIVERY_ADDRESS, payment: 'account' },
      });
      expectOk(placed, 'checkout', 201);
      const order = (await ordersOf(t.app, me)).find((o) => o._id === placed.json().insertedId);
      if (!order) throw new Error('no order');
      await deliver(t, admin, order.orderNumber);
      const credit = async () =>
        (await t.app.inject({ method: 'GET', url: '/api/credit', headers: bearer(me.token) })).json();
      // $120.00 + $8.70 tax.
      expect((await credit()).account).toMatchObject({ used: 128.7 });

      const item = await approvedReturn(t, admin, { me, order, parts: [part] }, [{ index: 0, quantity: 1 }]);
      const res = await act(t, admin, item.id, 'receive', { restock: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ refund: 42.9, refundTax: 2.9 });
      const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.returnId, item.id));
      expect(refund).toMatchObject({
        method: 'account',
        amountCents: 4290,
        taxCents: 290,
        providerRefundId: null,
      });
      expect((await credit()).account).toMatchObject({ used: 85.8 });
      const told = await mailTo(mailer, me.email, returnTexts.refundedSubject(item.label));
      expect(told.text).toContain('credited $42.90 on account');
    });
  });
});

describe('returns refunded through Stripe (the official SDK against a local fake)', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startStripeFake>>;
  let admin: Customer;

  beforeAll(async () => {
    fake = await startStripeFake();
    t = await createTestApp({
      mailer: captureMailer(),
      env: {
        ...stripeEnv(fake.url),
      },
    });
    admin = await adminOf(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** A card order paid through the fake Stripe, shipped and delivered. */
  async function stripeOrder(priceCents: number, quantity: number) {
    const me = await signUp(t.app);
    const part = await createPart(t.database.db, { priceCents, availablequantity: 10 });
    await t.app.inject({
      method: 'PUT',
      url: `/api/cart/items/${part.id}`,
      headers: bearer(me.token),
      payload: { quantity },
    });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: bearer(me.token),
      payload: { address: DELIVERY_ADDRESS, payment: 'card' },
    });
    expectOk(placed, 'checkout', 201);
    const orderId = placed.json().insertedId as string;
    expectOk(
      await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: bearer(me.token),
        payload: { orderId },
      }),
      'intent',
    );
    const intent = [...fake.intents.values()].find((i) => i.metadata.orderId === orderId);
    if (!intent) throw new Error('no intent');
    fake.succeed(intent.id);
    expectOk(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/payment/${orderId}`,
        headers: bearer(me.token),
        payload: { order: orderId, transactionId: intent.id },
      }),
      'payment',
    );
    const order = (await ordersOf(t.app, me)).find((o) => o._id === orderId);
    if (!order) throw new Error('no order');
    await deliver(t, admin, order.orderNumber);
    return { me, order, parts: [part], intentId: intent.id };
  }

  it('refunds each return as a partial refund under its own idempotency key', async () => {
    const d = await stripeOrder(1999, 3);
    const first = await approvedReturn(t, admin, d, [{ index: 0, quantity: 1 }]);
    const second = await approvedReturn(t, admin, d, [{ index: 0, quantity: 2 }]);
    expectOk(await act(t, admin, first.id, 'receive', { restock: true }), 'receive 1');
    expectOk(await act(t, admin, second.id, 'receive', { restock: false }), 'receive 2');
    const mine = [...fake.refunds.values()].filter((r) => r.payment_intent === d.intentId);
    expect(mine.map((r) => r.amount)).toEqual([1999, 3998]);
    expect(mine.map((r) => fake.refundKeys.get(r.id))).toEqual([
      `refund-return-${first.id}`,
      `refund-return-${second.id}`,
    ]);
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, d.order._id));
    expect(rows.map((r) => r.providerRefundId).sort()).toEqual(mine.map((r) => r.id).sort());
  });

  it('two receives at once call Stripe once', async () => {
    const d = await stripeOrder(2500, 2);
    const item = await approvedReturn(t, admin, d, [{ index: 0, quantity: 2 }]);
    const results = await Promise.all([
      act(t, admin, item.id, 'receive', { restock: true }),
      act(t, admin, item.id, 'receive', { restock: true }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === d.intentId)).toHaveLength(1);
  });

  it('when Stripe refuses, answers 402 with the reason and changes nothing; the next try goes through', async () => {
    const d = await stripeOrder(1500, 2);
    const item = await approvedReturn(t, admin, d, [{ index: 0, quantity: 1 }]);
    const partId = d.parts[0]?.id ?? '';
    expect(await available(t, partId)).toBe(8);
    fake.refuseRefunds = 'This charge is disputed.';
    try {
      const res = await act(t, admin, item.id, 'receive', { restock: true });
      expect(res.statusCode).toBe(402);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().detail).toBe(returnTexts.refundFailed('This charge is disputed.'));
    } finally {
      fake.refuseRefunds = undefined;
    }
    const [row] = await t.database.db.select().from(returns).where(eq(returns.id, item.id));
    expect(row).toMatchObject({ status: 'approved', receivedAt: null, refundCents: null, restocked: null });
    expect(await available(t, partId)).toBe(8);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.returnId, item.id))).toEqual([]);
    expect((await orderRow(t, d.order.orderNumber)).refundedCents).toBe(0);

    const retried = await act(t, admin, item.id, 'receive', { restock: true });
    expect(retried.statusCode).toBe(200);
    expect(await available(t, partId)).toBe(9);
  });
});

describe('taxShareCents', () => {
  it('is the lines’ share of the tax, rounded, and never more than what is left', () => {
    const order = { taxCents: 421, subtotalCents: 5800 };
    expect(taxShareCents(order, 2450, 0)).toBe(178);
    expect(taxShareCents(order, 5800, 0)).toBe(421);
    expect(taxShareCents(order, 5800, 400)).toBe(21);
    expect(taxShareCents(order, 100, 421)).toBe(0);
    expect(taxShareCents({ taxCents: 0, subtotalCents: 5800 }, 2450, 0)).toBe(0);
    expect(taxShareCents({ taxCents: 0, subtotalCents: 0 }, 0, 0)).toBe(0);
  });
});
