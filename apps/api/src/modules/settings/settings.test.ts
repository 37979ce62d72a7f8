import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_DELIVERY_SETTINGS,
  deliveryPromise,
  type DeliverySettings,
} from '@pitstop/core/delivery-promise';
import { deliveryTexts } from '@pitstop/core/delivery-texts';
import { receiptTexts } from '@pitstop/core/receipt-texts';
import { auditLog, orders } from '../../db/schema.js';
import { createPart } from '../../seed/factories.js';
import { bearer, signUp, signUpAdmin, type Customer } from '../../test/accounts.js';
import { captureMailer, useTestApp } from '../../test/app.js';
import { checkoutCart, DELIVERY_ADDRESS, orderOf, payByCard } from '../../test/orders.js';

const mailer = captureMailer();
const t = useTestApp({ mailer });
let admin: Customer;
let customer: Customer;

beforeAll(async () => {
  admin = await signUpAdmin(t, { name: 'Sam Admin' });
  customer = await signUp(t.app, { name: 'Asha Rider' });
});

/**
 * Settings whose promise moves only at midnight UTC: every day is a business day and every moment
 * is past the day's cut-off, so an order placed now ships tomorrow (UTC).
 */
const SETTLED: DeliverySettings = {
  cutoff: '00:00',
  timeZone: 'UTC',
  handlingDays: 0,
  businessDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  holidays: ['2027-12-25', '2027-01-01'],
  carriers: [
    { name: 'Ground', transitDays: 1, byState: { CA: 3 } },
    { name: 'Air', transitDays: 2, byState: { CA: 2 } },
  ],
};

const put = (who: Customer | null, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/delivery',
    headers: { ...(who ? bearer(who.token) : {}), 'x-request-id': `req-${randomUUID().slice(0, 8)}` },
    payload: payload as Record<string, unknown>,
  });
const read = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/settings/delivery' });
  expect(res.statusCode).toBe(200);
  return res.json() as DeliverySettings;
};
const auditRows = () =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.recordType, 'settings')));

describe('delivery settings', () => {
  it('answers the defaults to anyone before an admin saved any', async () => {
    expect(await read()).toEqual(DEFAULT_DELIVERY_SETTINGS);
  });

  it('lets only admins change them (401 signed out, 403 a customer) and changes nothing then', async () => {
    expect((await put(null, SETTLED)).statusCode).toBe(401);
    const refused = await put(customer, SETTLED);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(await read()).toEqual(DEFAULT_DELIVERY_SETTINGS);
    expect(await auditRows()).toHaveLength(0);
  });

  it('refuses bad input with 400 problem+json naming each field and its message', async () => {
    const res = await put(admin, {
      ...SETTLED,
      cutoff: '3 pm',
      handlingDays: 11,
      businessDays: [],
      holidays: ['2026-13-01', '2026-12-25', '2026-12-25'],
      carriers: [{ name: '', transitDays: 1, byState: { AK: 1 } }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const errors = (res.json() as { errors: { field: string; message: string }[] }).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'cutoff', message: deliveryTexts.cutoffInvalid },
        { field: 'handlingDays', message: deliveryTexts.daysRange },
        { field: 'businessDays', message: deliveryTexts.businessDaysRequired },
        { field: 'holidays.0', message: deliveryTexts.holidayInvalid },
        { field: 'holidays', message: deliveryTexts.holidayTwice },
        { field: 'carriers.0.name', message: deliveryTexts.carrierNameRequired },
        { field: 'carriers.0.byState.AK', message: deliveryTexts.stateOutsideArea },
      ]),
    );
    expect((await put(admin, { ...SETTLED, timeZone: 'Mars/Olympus' })).statusCode).toBe(400);
    expect(await read()).toEqual(DEFAULT_DELIVERY_SETTINGS);
  });

  it('saves an admin’s settings with an audit row of what changed, and everyone reads them', async () => {
    const res = await put(admin, SETTLED);
    expect(res.statusCode).toBe(200);
    // Holidays are kept in date order.
    const sorted = { ...SETTLED, holidays: ['2027-01-01', '2027-12-25'] };
    expect(res.json()).toEqual(sorted);
    expect(await read()).toEqual(sorted);

    const [row, ...more] = await auditRows();
    expect(more).toHaveLength(0);
    expect(row?.actorId).toBe(admin.userId);
    expect(row?.recordId).toBe('delivery');
    expect(row?.before).toMatchObject({ cutoff: '15:00', timeZone: 'America/New_York' });
    expect(row?.after).toMatchObject({ cutoff: '00:00', timeZone: 'UTC' });
    // Only what changed: handling days stayed 0.
    expect(row?.after).not.toHaveProperty('handlingDays');
  });

  it('keeps them in memory: a change behind the API’s back is not read per request', async () => {
    await t.database.db.execute(
      sql`update shop_settings set value = jsonb_set(value, '{cutoff}', '"09:00"') where key = 'delivery'`,
    );
    expect((await read()).cutoff).toBe('00:00');
    expect((await t.app.deliverySettings.get()).cutoff).toBe('00:00');
    // A save through the API is what everyone reads next, the store included.
    expect((await put(admin, { ...SETTLED, handlingDays: 1 })).statusCode).toBe(200);
    expect((await read()).handlingDays).toBe(1);
    expect((await t.app.deliverySettings.get()).handlingDays).toBe(1);
    expect((await put(admin, SETTLED)).statusCode).toBe(200);
    expect((await t.app.deliverySettings.get()).handlingDays).toBe(0);
  });
});

describe('the promised date of an order', () => {
  /** What the settings promise for California now (one of the two around a midnight). */
  const expected = () =>
    deliveryPromise({ now: new Date(), settings: SETTLED, state: 'CA', inStock: true })?.arrivesOn;

  it('is computed at checkout, stored, and in the checkout’s and the order’s answers and mails', async () => {
    expect((await put(admin, SETTLED)).statusCode).toBe(200);
    const part = await createPart(t.database.db, { availablequantity: 10, minquantity: 1 });
    const before = expected();
    const orderId = await checkoutCart(t.app, customer, [{ partId: part.id, quantity: 1 }]);
    const after = expected();
    const [row] = await t.database.db
      .select({ promisedOn: orders.promisedOn })
      .from(orders)
      .where(eq(orders.id, orderId));
    // The fastest carrier to CA is Air (2 days) from tomorrow.
    expect([before, after]).toContain(row?.promisedOn);
    const tomorrowPlus2 = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    expect(row?.promisedOn).toBe(tomorrowPlus2);

    const order = await orderOf(t.app, customer, orderId);
    expect(order.promisedOn).toBe(row?.promisedOn);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.orderNumber}`,
      headers: bearer(customer.token),
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ promisedOn: row?.promisedOn });

    // The confirmation and, once paid, the receipt say it.
    await payByCard(t.app, customer, orderId);
    await t.app.jobs.runDue();
    const arrives = deliveryTexts.arrivesBy(row!.promisedOn!);
    const mails = mailer.sent.filter((m) => m.to === customer.email && m.subject.includes(order.orderNumber));
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        receiptTexts.confirmationSubject(order.orderNumber),
        receiptTexts.receiptSubject(order.orderNumber),
      ]),
    );
    for (const mail of mails) expect(mail.text).toContain(arrives);
  });

  it('moves the promise of an order paid after the cut-off it counted on, never earlier', async () => {
    expect((await put(admin, SETTLED)).statusCode).toBe(200);
    const part = await createPart(t.database.db, { availablequantity: 10, minquantity: 1 });
    const promisedOn = async (orderId: string) =>
      (
        await t.database.db
          .select({ promisedOn: orders.promisedOn })
          .from(orders)
          .where(eq(orders.id, orderId))
      )[0]?.promisedOn;

    // Placed "yesterday": its promise counted on a cut-off long gone when the money comes.
    const late = await checkoutCart(t.app, customer, [{ partId: part.id, quantity: 1 }]);
    await t.database.db.update(orders).set({ promisedOn: '2020-01-02' }).where(eq(orders.id, late));
    const before = expected();
    await payByCard(t.app, customer, late);
    const moved = await promisedOn(late);
    expect([before, expected()]).toContain(moved);
    const order = await orderOf(t.app, customer, late);
    expect(order.promisedOn).toBe(moved);
    // Its receipt says the new date.
    await t.app.jobs.runDue();
    const receipt = mailer.sent.find(
      (m) => m.to === customer.email && m.subject === receiptTexts.receiptSubject(order.orderNumber),
    );
    expect(receipt?.text).toContain(deliveryTexts.arrivesBy(moved!));

    // A promise later than today's stands: paying never brings it forward.
    const early = await checkoutCart(t.app, customer, [{ partId: part.id, quantity: 1 }]);
    await t.database.db.update(orders).set({ promisedOn: '2099-01-02' }).where(eq(orders.id, early));
    await payByCard(t.app, customer, early);
    expect(await promisedOn(early)).toBe('2099-01-02');
  });

  it('is promised by the part page’s order form too, and answered with the order', async () => {
    const part = await createPart(t.database.db, { availablequantity: 10, minquantity: 1 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(customer.token),
      payload: {
        email: customer.email,
        name: 'Asha Rider',
        num: '(415) 555-0134',
        parts: 'x',
        quantity: 1,
        productId: part.id,
        address: { ...DELIVERY_ADDRESS, state: 'NY', city: 'New York', zip: '10001' },
      },
    });
    expect(res.statusCode).toBe(200);
    // New York: Ground's default of 1 day from tomorrow.
    expect((res.json() as { promisedOn: string }).promisedOn).toBe(
      new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
    );
  });
});
