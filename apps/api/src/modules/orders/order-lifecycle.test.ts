import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderTexts } from '@pitstop/core/messages';
import type { Order } from '@pitstop/core/orders';
import { openDatabase, type Database } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { createPart } from '../../seed/factories.js';
import type { Mail, Mailer } from '../../lib/mail.js';
import { createTestApp, useTestApp } from '../../test/app.js';
import { bearer, signUp, type Customer } from '../../test/accounts.js';
import { availableOf } from '../../test/catalogue.js';
import {
  checkoutCart,
  orderOf as orderOfCustomer,
  orderPart,
  partOrderBody,
  payByCard,
} from '../../test/orders.js';
import { expireUnpaidOrders } from './service.js';

/** Keeps what it is sent; `failing` makes every send throw, as a broken SMTP server would. */
const mailer: Mailer & { sent: Mail[]; failing: boolean } = {
  sent: [],
  failing: false,
  async send(mail) {
    if (this.failing) throw new Error('SMTP server is down');
    this.sent.push(mail);
  },
};

/** Order confirmations only (signing up mails a verification link too; paying, a receipt). */
const confirmationsTo = (who: { email: string }) =>
  mailer.sent.filter((m) => m.to === who.email && m.subject.startsWith('Your Pitstop Parts order PS-'));

const t = useTestApp({
  mailer,
  // The in-app job stays out of the way here (one hour); these tests run it by hand.
  env: { SALES_TAX_RATES: 'CA=7.25', ORDER_EXPIRY_INTERVAL_SECONDS: '3600' },
});

const available = (...ids: string[]) => availableOf(t.database.db, ...ids);

const checkoutOf = (who: Customer, cart: { partId: string; quantity: number }[]) =>
  checkoutCart(t.app, who, cart);

const orderOne = (who: Customer, partId: string, quantity: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: bearer(who.token),
    payload: partOrderBody(who, partId, { quantity }),
  });

const placed = (who: Customer, partId: string, quantity: number) =>
  orderPart(t.app, who, partId, { quantity });

const orderOf = (who: Customer, id: string) => orderOfCustomer(t.app, who, id);

/** Moves an order's deadline into the past, as if its hold time had gone by. */
async function pastDeadline(id: string): Promise<void> {
  await t.database.db
    .update(orders)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(orders.id, id));
}

const intent = (who: Customer, orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: bearer(who.token),
    payload: { orderId },
  });

const pay = (who: Customer, orderId: string) => payByCard(t.app, who, orderId);

const cancel = (who: Customer | undefined, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/order/${id}/cancel`,
    headers: who ? bearer(who.token) : {},
  });

describe('order confirmation mail', () => {
  it('lists every line, the totals and the delivery address after a checkout', async () => {
    const pads = await createPart(t.database.db, {
      name: 'Mail Pads',
      priceCents: 1999,
      availablequantity: 10,
    });
    const chain = await createPart(t.database.db, {
      name: 'Mail Chain',
      priceCents: 4550,
      availablequantity: 5,
    });
    const me = await signUp(t.app);
    const id = await checkoutOf(me, [
      { partId: pads.id, quantity: 3 },
      { partId: chain.id, quantity: 1 },
    ]);

    await t.app.jobs.runDue();
    const mails = confirmationsTo(me);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const order = await orderOf(me, id);
    expect(mail?.subject).toBe(`Your Pitstop Parts order ${order.orderNumber}`);
    const text = mail?.text ?? '';
    expect(text).toContain(`(order ${order.orderNumber})`);
    expect(text).toContain(`Mail Pads (${pads.partNumber}) × 3 at $19.99 = $59.97`);
    expect(text).toContain(`Mail Chain (${chain.partNumber}) × 1 at $45.50 = $45.50`);
    // 105.47 + CA 7.25 % (7.65) = 113.12
    expect(text).toContain('Subtotal: $105.47');
    expect(text).toContain('Sales tax: $7.65');
    expect(text).toContain('Total: $113.12');
    expect(text).toContain(
      'Delivery address:\n  Asha Rider\n  500 Howard St\n  San Francisco, CA 94105\n  (415) 555-0134',
    );
    // The deadline and where to pay.
    const deadline = order.expiresAt ?? '';
    expect(text).toContain(`held for you until ${deadline.slice(0, 10)} ${deadline.slice(11, 16)} UTC`);
    expect(text).toContain(`/payment/${id}`);
  });

  it('confirms the part page’s one-part order the same way: number, tax, address, deadline', async () => {
    const part = await createPart(t.database.db, {
      name: 'Spec Filter',
      priceCents: 1250,
      availablequantity: 9,
    });
    const me = await signUp(t.app);
    const id = await placed(me, part.id, 2);
    await t.app.jobs.runDue();
    const order = await orderOf(me, id);
    const [mail] = confirmationsTo(me);
    expect(mail?.subject).toBe(`Your Pitstop Parts order ${order.orderNumber}`);
    const text = mail?.text ?? '';
    expect(text).toContain(`Spec Filter (${part.partNumber}) × 2 at $12.50 = $25.00`);
    // 25.00 + CA 7.25 % (1.81) = 26.81
    expect(text).toContain('Sales tax: $1.81');
    expect(text).toContain('Total: $26.81');
    expect(text).toContain('Delivery address:\n  Asha Rider\n  500 Howard St');
    expect(text).toContain(`/payment/${id}`);
  });

  it('a failing mail never fails the order (the mail waits for a retry: see jobs.test.ts)', async () => {
    const part = await createPart(t.database.db, { priceCents: 1000, availablequantity: 4 });
    const me = await signUp(t.app);
    mailer.failing = true;
    try {
      const id = await checkoutOf(me, [{ partId: part.id, quantity: 2 }]);
      expect((await orderOf(me, id)).status).toBe('unpaid');
      const single = await orderOne(me, part.id, 1);
      expect(single.statusCode).toBe(200);
      await t.app.jobs.runDue();
    } finally {
      mailer.failing = false;
    }
    expect(await available(part.id)).toEqual([1]);
    expect(confirmationsTo(me)).toHaveLength(0);
  });
});

describe('reservations expire', () => {
  it('shows the deadline (the hold time after the order) on My Orders and the payment page', async () => {
    const part = await createPart(t.database.db, { availablequantity: 5 });
    const me = await signUp(t.app);
    const id = await placed(me, part.id, 1);
    const order = await orderOf(me, id);
    expect(order.expiresAt).toEqual(expect.any(String));
    const held = Date.parse(order.expiresAt ?? '') - Date.parse(order.createdAt);
    expect(Math.abs(held - 30 * 60_000)).toBeLessThan(5_000);
    expect(order.cancelReason).toBeNull();

    const info = await t.app.inject({ method: 'GET', url: `/api/payment/${id}`, headers: bearer(me.token) });
    expect(info.json()).toMatchObject({ status: 'unpaid', expiresAt: order.expiresAt });

    // Paid: no deadline any more.
    await pay(me, id);
    expect((await orderOf(me, id)).expiresAt).toBeNull();
    const paidInfo = await t.app.inject({
      method: 'GET',
      url: `/api/payment/${id}`,
      headers: bearer(me.token),
    });
    expect(paidInfo.json()).toMatchObject({ status: 'paid', expiresAt: null });
  });

  it('cancels an order past its deadline and returns every line’s stock; others are untouched', async () => {
    const a = await createPart(t.database.db, { availablequantity: 10 });
    const b = await createPart(t.database.db, { availablequantity: 10 });
    const me = await signUp(t.app);
    const late = await checkoutOf(me, [
      { partId: a.id, quantity: 2 },
      { partId: b.id, quantity: 3 },
    ]);
    const onTime = await placed(me, a.id, 1);
    const paidLate = await placed(me, b.id, 4);
    await pay(me, paidLate);
    expect(await available(a.id, b.id)).toEqual([7, 3]);
    await pastDeadline(late);
    await pastDeadline(paidLate);

    const { orderIds } = await expireUnpaidOrders(t.database.db);
    expect(orderIds).toContain(late);
    expect(orderIds).not.toContain(onTime);
    expect(orderIds).not.toContain(paidLate);
    expect(await available(a.id, b.id)).toEqual([9, 6]);

    const cancelled = await orderOf(me, late);
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'expired', expiresAt: null });
    expect(Date.parse(cancelled.cancelledAt ?? '')).toBeGreaterThan(Date.parse(cancelled.createdAt));
    expect((await orderOf(me, onTime)).status).toBe('unpaid');
    // A paid order is never expired, whatever its old deadline says.
    expect((await orderOf(me, paidLate)).status).toBe('paid');

    // Nothing comes back twice.
    expect((await expireUnpaidOrders(t.database.db)).orderIds).not.toContain(late);
    expect(await available(a.id, b.id)).toEqual([9, 6]);
  });

  it('two runners at once return the stock exactly once', async () => {
    const part = await createPart(t.database.db, { availablequantity: 100 });
    const me = await signUp(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await placed(me, part.id, 1 + (i % 3)));
    expect(await available(part.id)).toEqual([76]);
    await t.database.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(inArray(orders.id, ids));

    // On PostgreSQL the second runner is another process's pool: its own connections.
    let other: Database | undefined;
    if (t.database.kind === 'postgres') {
      const result = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${result.rows[0]?.name ?? ''}`;
      other = await openDatabase({
        databaseUrl: url.toString(),
        pgliteDir: 'unused',
        poolMax: 4,
        log: { error: () => {}, warn: () => {}, info: () => {} },
      });
    }
    try {
      const runs = await Promise.all([
        expireUnpaidOrders(t.database.db, 5),
        expireUnpaidOrders((other ?? t.database).db, 5),
        expireUnpaidOrders(t.database.db, 5),
        expireUnpaidOrders((other ?? t.database).db, 5),
        expireUnpaidOrders(t.database.db),
      ]);
      const claimed = runs.flatMap((r) => r.orderIds).filter((id) => ids.includes(id));
      expect([...claimed].sort()).toEqual([...ids].sort());
      expect(new Set(claimed).size).toBe(claimed.length);
    } finally {
      await other?.close();
    }
    expect(await available(part.id)).toEqual([100]);
    const rows = await t.database.db
      .select({ status: orders.status, reason: orders.cancelReason })
      .from(orders)
      .where(inArray(orders.id, ids));
    expect(rows.every((r) => r.status === 'cancelled' && r.reason === 'expired')).toBe(true);
  });

  it('refuses to take payment for an order past its deadline, swept or not', async () => {
    const part = await createPart(t.database.db, { availablequantity: 5 });
    const me = await signUp(t.app);
    const id = await placed(me, part.id, 1);
    const { clientSecret } = (await intent(me, id)).json();
    await pastDeadline(id);

    // Not yet swept: no new intent, no card step.
    const late = await intent(me, id);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(orderTexts.expired);
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      headers: bearer(me.token),
      payload: { clientSecret, number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' },
    });
    expect(card.statusCode).toBe(409);
    expect(card.json().detail).toBe(orderTexts.expired);

    // Swept: cancelled, and recording a payment is refused with the same reason.
    await expireUnpaidOrders(t.database.db);
    const again = await intent(me, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(orderTexts.expired);
    const record = await t.app.inject({
      method: 'PATCH',
      url: `/api/payment/${id}`,
      headers: bearer(me.token),
      payload: { transactionId: 'pi_sandbox_whatever' },
    });
    expect(record.statusCode).toBe(409);
    expect(record.json().detail).toBe(orderTexts.expired);
    expect((await orderOf(me, id)).status).toBe('cancelled');
  });

  it('runs inside the server on its interval, and stops when the server closes', async () => {
    const fast = await createTestApp({ env: { ORDER_EXPIRY_INTERVAL_SECONDS: '0.1' } });
    try {
      const part = await createPart(fast.database.db, { availablequantity: 6 });
      const me = await signUp(fast.app);
      const res = await fast.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: bearer(me.token),
        payload: partOrderBody(me, part.id, { quantity: 2 }),
      });
      const id = res.json().insertedId as string;
      const stock = async () => (await availableOf(fast.database.db, part.id))[0];
      expect(await stock()).toBe(4);
      await fast.database.db
        .update(orders)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(orders.id, id));
      await expect
        .poll(
          async () => (await fast.database.db.select().from(orders).where(eq(orders.id, id)))[0]?.status,
          {
            timeout: 10_000,
            interval: 100,
          },
        )
        .toBe('cancelled');
      expect(await stock()).toBe(6);
    } finally {
      await fast.close();
    }
  });
});

describe('POST /api/order/:id/cancel', () => {
  it('cancels one’s own unpaid order with its time and puts the stock back, once', async () => {
    const a = await createPart(t.database.db, { availablequantity: 8 });
    const b = await createPart(t.database.db, { availablequantity: 8 });
    const me = await signUp(t.app);
    const id = await checkoutOf(me, [
      { partId: a.id, quantity: 2 },
      { partId: b.id, quantity: 5 },
    ]);
    expect(await available(a.id, b.id)).toEqual([6, 3]);

    const res = await cancel(me, id);
    expect(res.statusCode).toBe(200);
    const order = res.json() as Order;
    expect(order).toMatchObject({
      _id: id,
      status: 'cancelled',
      cancelReason: 'customer',
      expiresAt: null,
      paid: false,
    });
    expect(order.lines).toHaveLength(2);
    expect(Date.parse(order.cancelledAt ?? '')).toBeGreaterThanOrEqual(Date.parse(order.createdAt));
    expect(await available(a.id, b.id)).toEqual([8, 8]);
    expect(await orderOf(me, id)).toMatchObject({ status: 'cancelled', cancelledAt: order.cancelledAt });

    // Again: nothing changes, nothing comes back twice — nor from the expiry job or a delete.
    const again = await cancel(me, id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'cancelled', cancelledAt: order.cancelledAt });
    await pastDeadline(id);
    expect((await expireUnpaidOrders(t.database.db)).orderIds).not.toContain(id);

    // A cancelled order cannot be paid.
    const pay = await intent(me, id);
    expect(pay.statusCode).toBe(409);
    expect(pay.json().detail).toBe(orderTexts.cancelled);

    // Its owner may clear it away (the spec's DELETE); no stock comes back a second time.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${id}`,
      headers: bearer(me.token),
    });
    expect(deleted.json()).toEqual({ deletedCount: 1 });
    expect(await available(a.id, b.id)).toEqual([8, 8]);
  });

  it('answers 404 for another customer’s order or none, 409 for a paid one, 401 for a visitor', async () => {
    const part = await createPart(t.database.db, { availablequantity: 10 });
    const me = await signUp(t.app);
    const you = await signUp(t.app);
    const mine = await placed(me, part.id, 2);

    const theirs = await cancel(you, mine);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().detail).toBe(orderTexts.notFound);
    expect((await cancel(me, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await cancel(me, 'not-an-id')).statusCode).toBe(400);
    expect((await cancel(undefined, mine)).statusCode).toBe(401);
    expect((await orderOf(me, mine)).status).toBe('unpaid');

    await pay(me, mine);
    const paid = await cancel(me, mine);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().detail).toBe(orderTexts.paidCannotCancel);
    expect((await orderOf(me, mine)).status).toBe('paid');
    expect(await available(part.id)).toEqual([8]);
  });
});
