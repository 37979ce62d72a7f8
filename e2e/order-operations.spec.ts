import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages, orderTexts } from '@pitstop/core/messages';
import { orderPageTexts } from '@pitstop/core/order-page-texts';
import type { Part } from '@pitstop/core/parts';
import { receiptTexts } from '@pitstop/core/receipt-texts';
import { returnActionTexts, returnFormTexts } from '@pitstop/core/return-texts';
import { shipmentTexts } from '@pitstop/core/shipment-texts';
import {
  baseURL,
  DELIVERY_ADDRESS,
  expectNoSeriousA11yViolations,
  fillDeliveryAddress,
  outboxMailsTo,
  payWith,
  registerCustomer,
  signInAs,
  useBrowser,
} from './fixtures.ts';

/*
 * Issue #26's whole job, as the rider and the shop owner do it: the part page's order form with an
 * address, paying, the receipt; the admin's order page, packing slip, a split shipment with a UPS
 * and a FedEx tracking number, delivery; the rider's tracking links, a return and its partial
 * refund; and a paid order's Delete refused.
 */

const browser = useBrowser();
const ADMIN = { email: 'admin@pitstop.com', password: 'pitstop-admin' };
const PHONE = { width: 360, height: 800 };

/** Parts in stock from the middle of the catalogue, so other files' counts never move. */
async function partsInStock(count: number, skip: number): Promise<Part[]> {
  const all = (await (await fetch(`${baseURL()}/api/parts?limit=100`)).json()) as Part[];
  const chosen = all
    .slice(skip)
    .filter((p) => p.availablequantity >= p.minquantity + 3)
    .slice(0, count);
  if (chosen.length < count) throw new Error('the demo catalogue needs parts in stock');
  return chosen;
}

async function call(key: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${baseURL()}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A three-line order through the cart and checkout, paid with the sandbox's 4242 card. */
async function paidThreeLineOrder(key: string, parts: Part[]): Promise<{ id: string; number: string }> {
  for (const part of parts) {
    const res = await call(key, 'PUT', `/cart/items/${part._id}`, { quantity: part.minquantity });
    expect(res.status).toBe(200);
  }
  const placed = await call(key, 'POST', '/checkout', { address: DELIVERY_ADDRESS, payment: 'card' });
  expect(placed.status).toBe(201);
  const { insertedId, orderNumber } = (await placed.json()) as { insertedId: string; orderNumber: string };
  const { clientSecret } = (await (
    await call(key, 'POST', '/create-payment-intent', { orderId: insertedId })
  ).json()) as { clientSecret: string };
  const { transactionId } = (await (
    await call(key, 'POST', '/payments/sandbox/confirm', {
      clientSecret,
      number: '4242424242424242',
      expiry: '12/39',
      cvc: '123',
    })
  ).json()) as { transactionId: string };
  const paid = await call(key, 'PATCH', `/payment/${insertedId}`, { order: insertedId, transactionId });
  expect(paid.status).toBe(200);
  return { id: insertedId, number: orderNumber };
}

async function expectNoSidewaysOverflow(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'page wider than the screen').toBeLessThanOrEqual(clientWidth);
}

describe('orders a shop can run on', () => {
  it('the rider orders from the part page with an address, pays, gets the receipt and opens the order page', async () => {
    const rider = await registerCustomer('Ria Rider', 'ria');
    const page = await browser.newPage();
    await signInAs(page, rider.email, rider.password);
    const [part] = await partsInStock(1, 20);

    await page.goto(`/parts/${part!._id}`);
    await page.getByLabel('Phone number', { exact: true }).fill('(415) 555-0142');
    await fillDeliveryAddress(page);
    await page.getByLabel('Quantity', { exact: true }).fill(String(part!.minquantity));
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect.poll(() => page.getByText(messages.orderBooked).isVisible()).toBe(true);
    const booked = await page.locator('main').innerText();
    const number = /PS-\d+/.exec(booked)?.[0];
    expect(number, booked).toBeTruthy();

    await page.getByRole('link', { name: receiptTexts.payNowLabel(number!) }).click();
    await page.waitForURL(/\/payment\//);
    await payWith(page, '4242 4242 4242 4242');
    await expect
      .poll(() => page.getByText(receiptTexts.isPaid(number!)).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expectNoSeriousA11yViolations(page);

    // The receipt: number, the part, the address and what happens next.
    await expect
      .poll(async () => (await outboxMailsTo(rider.email)).map((m) => m.subject))
      .toContain(receiptTexts.receiptSubject(number!));
    const receipt = (await outboxMailsTo(rider.email)).find(
      (m) => m.subject === receiptTexts.receiptSubject(number!),
    )!;
    expect(receipt.text).toContain(part!.name);
    expect(receipt.text).toContain(DELIVERY_ADDRESS.street);
    expect(receipt.text).toContain(receiptTexts.whatNext);

    await page.getByRole('link', { name: receiptTexts.viewOrder(number!) }).click();
    await page.waitForURL(`**/order/${number!}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: orderPageTexts.title(number!) }).isVisible())
      .toBe(true);
    const shown = await page.locator('main').innerText();
    expect(shown).toContain(DELIVERY_ADDRESS.street);
    expect(shown).toContain(part!.name);
    await expectNoSeriousA11yViolations(page);
  });

  it('the admin packs and ships two lines by UPS and the third by FedEx; the rider follows both, returns one and is refunded', async () => {
    const rider = await registerCustomer('Sam Splitter', 'split');
    const scratch = await browser.newPage();
    const riderKey = await signInAs(scratch, rider.email, rider.password);
    // From 36 on: the orders suite counts the stock of the parts from 25 (its own stretch), and
    // this journey's return puts a unit back.
    const parts = await partsInStock(3, 36);
    const order = await paidThreeLineOrder(riderKey, parts);

    // The admin finds the order by its number on All Orders and opens its page.
    const admin = await browser.newPage();
    const adminKey = await signInAs(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/dashboard/allorders');
    const find = admin.getByLabel('Order number', { exact: true });
    await find.fill(order.number);
    await find.press('Enter');
    const found = admin.getByRole('link', { name: order.number, exact: true });
    await expect.poll(() => found.count()).toBe(1);
    await found.click();
    await admin.waitForURL(`**/dashboard/orders/${order.number}`);
    const main = admin.locator('main');
    await expect.poll(() => main.innerText()).toContain(DELIVERY_ADDRESS.street);
    expect(await main.innerText()).toContain(rider.email);

    // The packing slip: on paper, the address and every part number to pick, no prices.
    expect(await admin.getByRole('button', { name: orderPageTexts.printSlip }).isVisible()).toBe(true);
    await admin.emulateMedia({ media: 'print' });
    const paper = await admin.locator('body').innerText();
    expect(paper).toContain(orderPageTexts.slipTitle);
    expect(paper).toContain(DELIVERY_ADDRESS.street);
    for (const part of parts) expect(paper).toContain(part.partNumber);
    expect(paper).not.toContain('$');
    await admin.emulateMedia({ media: 'screen' });

    // First parcel: the first two lines by UPS; the third waits.
    await admin.getByLabel(shipmentTexts.quantityLabel(parts[2]!.name), { exact: true }).fill('0');
    await admin.getByLabel(shipmentTexts.carrier, { exact: true }).selectOption('ups');
    await admin.getByLabel(shipmentTexts.trackingNumber, { exact: true }).fill('1Z 999 AA1 01 2345 6784');
    await admin.getByRole('button', { name: shipmentTexts.submit }).click();
    await expect
      .poll(() => admin.getByRole('link', { name: /^Track 1Z999AA10123456784 with UPS/ }).isVisible())
      .toBe(true);
    // Second parcel: the rest, by FedEx. A number that is not FedEx's is refused, by field.
    await admin.getByLabel(shipmentTexts.carrier, { exact: true }).selectOption('fedex');
    const tracking = admin.getByLabel(shipmentTexts.trackingNumber, { exact: true });
    await tracking.fill('1Z 999 AA1 01 2345 6784');
    await admin.getByRole('button', { name: shipmentTexts.submit }).click();
    await expect.poll(() => main.innerText()).toContain('That is not a FedEx tracking number.');
    await tracking.fill('1234 5678 9012');
    await admin.getByRole('button', { name: shipmentTexts.submit }).click();
    await expect
      .poll(() => admin.getByRole('link', { name: /^Track 123456789012 with FedEx/ }).isVisible())
      .toBe(true);
    await admin.getByRole('button', { name: shipmentTexts.markDelivered }).click();
    await expect
      .poll(async () => (await (await call(adminKey, 'GET', `/orders/${order.number}`)).json()).status)
      .toBe('delivered');
    await expectNoSeriousA11yViolations(admin);

    // Each parcel mailed the rider its tracking link.
    await expect
      .poll(async () => (await outboxMailsTo(rider.email)).map((m) => m.text).join('\n'))
      .toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect((await outboxMailsTo(rider.email)).map((m) => m.text).join('\n')).toContain(
      'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    );

    // The rider, on a phone: My Orders shows both tracking links; the order page takes a return.
    const phone = await browser.newPage(PHONE);
    await signInAs(phone, rider.email, rider.password);
    await phone.goto('/order');
    await expect
      .poll(() => phone.getByRole('link', { name: /^Track 1Z999AA10123456784 with UPS/ }).isVisible())
      .toBe(true);
    expect(await phone.getByRole('link', { name: /^Track 123456789012 with FedEx/ }).isVisible()).toBe(true);
    await expectNoSidewaysOverflow(phone);
    await phone.getByRole('link', { name: order.number }).first().click();
    await phone.waitForURL(`**/order/${order.number}`);
    await phone.getByRole('button', { name: returnFormTexts.open }).click();
    const first = parts[0]!;
    await phone.getByLabel(`${first.partNumber} ${first.name}`, { exact: true }).fill('1');
    await phone.getByLabel('Wrong part', { exact: true }).check();
    await phone.getByRole('button', { name: returnFormTexts.submit }).click();
    const label = `${order.number}-R1`;
    await expect.poll(() => phone.getByText(returnFormTexts.requested(label)).isVisible()).toBe(true);
    await expectNoSidewaysOverflow(phone);
    await expectNoSeriousA11yViolations(phone);

    // The admin approves it, receives the part back into stock, and the refund goes to the card.
    await admin.goto('/dashboard/returns');
    await admin.getByRole('button', { name: returnActionTexts.approveLabel(label) }).click();
    await expect.poll(() => admin.getByText(returnActionTexts.approved(label)).isVisible()).toBe(true);
    await admin.getByRole('button', { name: returnActionTexts.receiveLabel(label) }).click();
    await admin.getByLabel(returnActionTexts.restockYes, { exact: true }).check();
    await admin.getByRole('button', { name: /^Mark received and refund / }).click();
    await expect.poll(() => admin.getByText(/received and \$[\d.,]+ refunded/).isVisible()).toBe(true);

    const detail = (await (await call(riderKey, 'GET', `/orders/${order.number}`)).json()) as {
      refunded: number;
      total: number;
      refunds: { amount: number; method: string }[];
    };
    expect(detail.refunds).toHaveLength(1);
    expect(detail.refunds[0]!.method).toBe('card');
    expect(detail.refunded).toBeGreaterThan(0);
    expect(detail.refunded).toBeLessThan(detail.total);

    await phone.reload();
    await expect.poll(() => phone.locator('main').innerText()).toContain(orderPageTexts.refunded);
    expect(await phone.locator('main').innerText()).toContain(`$${detail.refunded.toFixed(2)}`);

    // A paid order is never deleted: All Orders offers no Delete, and the API says why (409).
    const refused = await call(adminKey, 'DELETE', `/order/${order.id}`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { detail: string }).detail).toBe(orderTexts.paidCannotDeleteAdmin);
  });
});
