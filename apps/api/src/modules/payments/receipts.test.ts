import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResult } from '@pitstop/core/checkout';
import type { PaymentInfo } from '@pitstop/core/payments';
import { receiptTexts } from '@pitstop/core/receipt-texts';
import { createPart } from '../../seed/factories.js';
import { creditAccounts, jobs, orderEvents, users } from '../../db/schema.js';
import type { Mail } from '../../lib/mail.js';
import { captureMailer, createTestApp, type TestApp } from '../../test/app.js';
import { bearer, signUp, type Customer } from '../../test/accounts.js';
import { pdfText } from '../../test/invoices.js';
import { DELIVERY_ADDRESS, partOrderBody } from '../../test/orders.js';
import { startStripeFake, stripeEnv, TEST_WEBHOOK_SECRET } from '../../test/stripe-fake.js';

/*
 * Issue #26 item 4: a card payment that succeeds (the customer's confirmation or Stripe's webhook)
 * marks the order paid, records it on the timeline, and queues the customer's receipt and the
 * shop's new-order notice, all in one transaction; an order on account tells the shop as it is
 * placed. Each mail goes once.
 */

const PUBLIC_URL = 'https://shop.example';

async function orderPart(t: TestApp, me: Customer, overrides: Record<string, unknown> = {}) {
  const part = await createPart(t.database.db, {
    name: 'Receipt Pads',
    priceCents: 2599,
    availablequantity: 20,
    minquantity: 1,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: bearer(me.token),
    payload: partOrderBody(me, part.id, { quantity: 2, ...overrides }),
  });
  if (res.statusCode !== 200) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return { part, placed: res.json() as CheckoutResult };
}

const eventsOf = (t: TestApp, orderId: string) =>
  t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));

/** The mail jobs written from an order when they run (receipt, notice), not yet or already sent. */
async function renderedJobsOf(t: TestApp, orderId: string): Promise<string[]> {
  const rows = await t.database.db.select({ payload: jobs.payload }).from(jobs);
  return rows
    .map((r) => r.payload as { render?: string; orderId?: string })
    .filter((p) => p.orderId === orderId && p.render)
    .map((p) => p.render ?? '')
    .sort();
}

const receiptsOf = (sent: Mail[], placed: CheckoutResult) =>
  sent.filter((m) => m.subject === receiptTexts.receiptSubject(placed.orderNumber));
const noticesOf = (sent: Mail[], placed: CheckoutResult) =>
  sent.filter((m) => m.subject.startsWith(`New order ${placed.orderNumber} to ship`));

describe('a card payment confirmed by the customer (sandbox)', () => {
  let t: TestApp;
  const mails = captureMailer();
  beforeAll(async () => {
    t = await createTestApp({
      mailer: mails,
      env: {
        SALES_TAX_RATES: 'CA=7.25',
        PUBLIC_URL,
        ORDER_NOTIFY_EMAILS: 'orders@pitstop.com, warehouse@pitstop.com',
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  async function pay(me: Customer, orderId: string) {
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(me.token),
      payload: { orderId },
    });
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      headers: bearer(me.token),
      payload: {
        clientSecret: intent.json().clientSecret,
        number: '4242424242424242',
        expiry: '12/39',
        cvc: '123',
      },
    });
    const { transactionId } = card.json() as { transactionId: string };
    const patch = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/payment/${orderId}`,
        headers: bearer(me.token),
        payload: { order: orderId, transactionId },
      });
    return { transactionId, patch };
  }

  it('mails the receipt: number, lines, totals, address, card and transaction, what happens next, the order page', async () => {
    const me = await signUp(t.app, { name: 'Asha Rider' });
    const { part, placed } = await orderPart(t, me);
    const { transactionId, patch } = await pay(me, placed.insertedId);
    expect((await patch()).json()).toEqual({ modifiedCount: 1 });
    await t.app.jobs.runDue();

    const [receipt, ...more] = receiptsOf(mails.sent, placed);
    expect(more).toHaveLength(0);
    expect(receipt?.to).toBe(me.email);
    const text = receipt?.text ?? '';
    expect(text).toContain(`${receiptTexts.isPaid(placed.orderNumber)}. This is your receipt.`);
    // 2 × 25.99 = 51.98; CA 7.25 % = 3.77.
    expect(text).toContain(`Receipt Pads (${part.partNumber}) × 2 at $25.99 = $51.98`);
    expect(text).toContain('Subtotal: $51.98\nSales tax: $3.77\nShipping: free\nTotal: $55.75');
    expect(text).toContain(
      'Delivery address:\n  Asha Rider\n  500 Howard St\n  San Francisco, CA 94105\n  (415) 555-0134',
    );
    expect(text).toMatch(/Payment: \$55\.75 by card on \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(text).toContain(`Transaction: ${transactionId}`);
    expect(text).toContain(receiptTexts.whatNext);
    expect(text).toContain(`Your order: ${PUBLIC_URL}/order/${placed.orderNumber}`);

    // The timeline says who paid, and how.
    const events = await eventsOf(t, placed.insertedId);
    expect(events.map((e) => [e.kind, e.actorName, e.detail])).toEqual([
      ['placed', 'Asha Rider (customer)', 'Waiting for card payment'],
      ['paid', 'Asha Rider (customer)', `Card payment ${transactionId}`],
    ]);

    // The payment page's answer carries what its confirmation shows.
    const info = (
      await t.app.inject({
        method: 'GET',
        url: `/api/payment/${placed.insertedId}`,
        headers: bearer(me.token),
      })
    ).json() as PaymentInfo;
    expect(info).toMatchObject({
      orderNumber: placed.orderNumber,
      paid: true,
      transactionId,
      address: DELIVERY_ADDRESS,
      tax: 3.77,
      price: 55.75,
    });
  });

  it("writes each mail of a run from its own order, when several orders' mails go out together", async () => {
    const [ana, ben] = await Promise.all([
      signUp(t.app, { name: 'Ana Batch' }),
      signUp(t.app, { name: 'Ben Batch' }),
    ]);
    const [a, b] = await Promise.all([
      orderPart(t, ana, { quantity: 1 }),
      orderPart(t, ben, { quantity: 3 }),
    ]);
    const [payA, payB] = await Promise.all([pay(ana, a.placed.insertedId), pay(ben, b.placed.insertedId)]);
    await Promise.all([payA.patch(), payB.patch()]);
    // Both orders' confirmations, receipts and notices, written side by side (one run, or two if
    // the runner woke in between): each must tell of its own order.
    await t.app.jobs.runDue();
    for (const [who, { placed }, quantity] of [
      [ana, a, 1],
      [ben, b, 3],
    ] as const) {
      const confirmation = mails.sent.filter(
        (m) => m.to === who.email && m.subject.includes(placed.orderNumber),
      );
      const [receipt] = receiptsOf(mails.sent, placed);
      const [notice] = noticesOf(mails.sent, placed);
      expect(confirmation.length).toBeGreaterThanOrEqual(2); // the confirmation and the receipt
      for (const mail of [...confirmation, receipt, notice]) {
        expect(mail?.text).toContain(placed.orderNumber);
        expect(mail?.text).toContain(`Receipt Pads (${placed.lines[0]!.partNumber}) × ${quantity} at $25.99`);
      }
      expect(receipt?.to).toBe(who.email);
      expect(notice?.text).toContain(`<${who.email}>`);
      // The confirmation carries its own order's invoice (the run reads the invoices together too).
      const [pdf, ...others] = confirmation.flatMap((m) => m.attachments ?? []);
      expect(others).toHaveLength(0);
      expect(pdfText(pdf!.content)).toContain(placed.orderNumber);
      expect(pdfText(pdf!.content)).toContain(placed.lines[0]!.partNumber);
    }
  });

  it('tells the shop at the ORDER_NOTIFY_EMAILS addresses, with what to pack and where it goes', async () => {
    const me = await signUp(t.app, { name: 'Asha Rider' });
    const { part, placed } = await orderPart(t, me);
    const { transactionId, patch } = await pay(me, placed.insertedId);
    // Not before it is paid: an unpaid card order is nothing to ship yet.
    await t.app.jobs.runDue();
    expect(noticesOf(mails.sent, placed)).toHaveLength(0);

    await patch();
    await t.app.jobs.runDue();
    const [notice, ...more] = noticesOf(mails.sent, placed);
    expect(more).toHaveLength(0);
    expect(notice?.to).toBe('orders@pitstop.com, warehouse@pitstop.com');
    expect(notice?.subject).toBe(receiptTexts.noticeSubject(placed.orderNumber, '$55.75', 'card'));
    const text = notice?.text ?? '';
    expect(text).toContain(`A new order is ready to ship: ${placed.orderNumber}`);
    expect(text).toContain(`by Asha Rider <${me.email}>`);
    expect(text).toContain(`Receipt Pads (${part.partNumber}) × 2`);
    expect(text).toContain(`Payment: Paid by card (transaction ${transactionId})`);
    expect(text).toContain('  500 Howard St\n  San Francisco, CA 94105');
    expect(text).toContain(`${PUBLIC_URL}/dashboard/orders/${placed.orderNumber}`);
  });

  it('mails nothing twice when the payment is recorded again', async () => {
    const me = await signUp(t.app);
    const { placed } = await orderPart(t, me);
    const { patch } = await pay(me, placed.insertedId);
    await patch();
    expect((await patch()).json()).toEqual({ modifiedCount: 0 });
    await t.app.jobs.runDue();
    expect(receiptsOf(mails.sent, placed)).toHaveLength(1);
    expect(noticesOf(mails.sent, placed)).toHaveLength(1);
    expect((await eventsOf(t, placed.insertedId)).filter((e) => e.kind === 'paid')).toHaveLength(1);
  });

  it('queues no receipt or notice for a payment that came after the order was cancelled', async () => {
    const me = await signUp(t.app);
    const { placed } = await orderPart(t, me);
    const { patch } = await pay(me, placed.insertedId);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/order/${placed.insertedId}/cancel`,
      headers: bearer(me.token),
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await patch()).statusCode).toBe(409);
    // Only the confirmation queued when it was placed.
    expect(await renderedJobsOf(t, placed.insertedId)).toEqual(['order-confirmation']);
    expect((await eventsOf(t, placed.insertedId)).map((e) => e.kind)).not.toContain('paid');
  });

  it('tells the shop as soon as an order on account is placed (it ships unpaid); no receipt', async () => {
    const me = await signUp(t.app, { name: 'Fleet Buyer' });
    await t.database.db.insert(creditAccounts).values({ userId: me.userId, limitCents: 100_000 });
    const { placed } = await orderPart(t, me, { payment: 'account' });
    await t.app.jobs.runDue();
    const [notice] = noticesOf(mails.sent, placed);
    expect(notice?.subject).toBe(receiptTexts.noticeSubject(placed.orderNumber, '$55.75', 'account'));
    expect(notice?.text).toMatch(/Payment: On account \(net 30\), invoice due \d{4}-\d\d-\d\d/);
    expect(receiptsOf(mails.sent, placed)).toHaveLength(0);
    // The confirmation says so too, with the order's page instead of a payment link.
    const confirmation = mails.sent.find(
      (m) => m.subject === receiptTexts.confirmationSubject(placed.orderNumber),
    );
    expect(confirmation?.text).toContain('Placed on account: The invoice of $55.75 is due by');
    expect(confirmation?.text).toContain(`${PUBLIC_URL}/order/${placed.orderNumber}`);
    expect(confirmation?.text).not.toContain('/payment/');
  });
});

describe('new-order notices without ORDER_NOTIFY_EMAILS', () => {
  let t: TestApp;
  const mails = captureMailer();
  beforeAll(async () => {
    t = await createTestApp({ mailer: mails });
  });
  afterAll(async () => {
    await t.close();
  });

  it('go to every admin (as they are when it is sent), and to nobody while there is none', async () => {
    const buyer = await signUp(t.app);
    await t.database.db.insert(creditAccounts).values({ userId: buyer.userId, limitCents: 100_000 });
    const { placed: unseen } = await orderPart(t, buyer, { payment: 'account' });
    await t.app.jobs.runDue();
    expect(noticesOf(mails.sent, unseen)).toHaveLength(0);

    const sam = await signUp(t.app);
    const kim = await signUp(t.app);
    for (const admin of [sam, kim]) {
      await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
    }
    const { placed } = await orderPart(t, buyer, { payment: 'account' });
    await t.app.jobs.runDue();
    const [notice] = noticesOf(mails.sent, placed);
    expect(notice?.to.split(', ').sort()).toEqual([sam.email, kim.email].sort());
  });
});

describe('a card payment Stripe confirms by webhook', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startStripeFake>>;
  const mails = captureMailer();
  const webhookSecret = TEST_WEBHOOK_SECRET;
  const stripe = new Stripe('sk_test_local');

  beforeAll(async () => {
    fake = await startStripeFake();
    t = await createTestApp({
      mailer: mails,
      env: {
        PUBLIC_URL,
        ORDER_NOTIFY_EMAILS: 'orders@pitstop.com',
        ...stripeEnv(fake.url),
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('marks it paid by the shop, with one receipt and one notice, however often the news comes', async () => {
    const me = await signUp(t.app);
    const { placed } = await orderPart(t, me);
    await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(me.token),
      payload: { orderId: placed.insertedId },
    });
    const intent = [...fake.intents.values()].find((i) => i.metadata.orderId === placed.insertedId)!;
    const succeeded = fake.succeed(intent.id);
    const event = (id: string) => {
      const payload = JSON.stringify({
        id,
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: succeeded },
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
        },
        payload,
      });
    };
    expect((await event('evt_receipt_1')).statusCode).toBe(200);
    expect((await event('evt_receipt_1')).statusCode).toBe(200);
    // The same news under another id, and the customer's own confirmation after it.
    expect((await event('evt_receipt_2')).statusCode).toBe(200);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/payment/${placed.insertedId}`,
      headers: bearer(me.token),
      payload: { order: placed.insertedId, transactionId: intent.id },
    });
    expect(patch.json()).toEqual({ modifiedCount: 0 });
    await t.app.jobs.runDue();

    const receipts = receiptsOf(mails.sent, placed);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain(`Transaction: ${intent.id}`);
    expect(noticesOf(mails.sent, placed).map((m) => m.to)).toEqual(['orders@pitstop.com']);
    const paid = (await eventsOf(t, placed.insertedId)).filter((e) => e.kind === 'paid');
    expect(paid.map((e) => [e.actorName, e.actorId])).toEqual([['System', null]]);
  });
});
