import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { messages } from '@pitstop/core/messages';
import { orderListTexts } from '@pitstop/core/order-list-texts';
import type { Part } from '@pitstop/core/parts';
import { shipmentTexts } from '@pitstop/core/shipment-texts';
import {
  baseURL,
  DELIVERY_ADDRESS,
  expectNoSeriousA11yViolations,
  registerCustomer,
  signInAs,
  useBrowser,
} from './fixtures.ts';

const browser = useBrowser();

describe('a customer in the dashboard', () => {
  it('sees only the Dashboard item', async () => {
    const page = await browser.newPage();
    const { email, password } = await registerCustomer('Menu Customer');
    await signInAs(page, email, password);
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: /dashboard/i });
    await expect
      .poll(() => menu.getByRole('link', { name: 'Dashboard', exact: true }).isVisible())
      .toBe(true);
    for (const item of ['All Orders', 'All User', 'Add User', 'Catalogue']) {
      expect(await menu.getByRole('link', { name: item, exact: true }).count()).toBe(0);
    }
  });

  it.each([
    '/dashboard/allorders',
    '/dashboard/alluser',
    '/dashboard/adduser',
    '/dashboard/parts',
    '/dashboard/parts/new',
  ])('is signed out and sent to /login from %s', async (url) => {
    const page = await browser.newPage();
    const { email, password } = await registerCustomer('Menu Customer');
    await signInAs(page, email, password);
    await page.goto(url);
    await page.waitForURL('**/login');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });
});

async function photoFile(color: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-admin-'));
  const file = path.join(dir, 'photo.png');
  await fs.writeFile(
    file,
    await sharp({ create: { width: 80, height: 60, channels: 3, background: color } })
      .png()
      .toBuffer(),
  );
  return file;
}

/** A customer with one paid order, made through the API as the payment page would. */
async function paidOrderFor(email: string, password: string): Promise<{ orderId: string; partName: string }> {
  const base = baseURL();
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  const token = signIn.headers.get('set-auth-token')!;
  const auth = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const part = ((await (await fetch(`${base}/api/parts?limit=100`)).json()) as Part[]).find(
    (p) => p.minquantity === 1,
  )!;
  const placed = await fetch(`${base}/api/order`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      email,
      name: 'Paying Customer',
      num: '555-0100',
      parts: part.name,
      quantity: 1,
      productId: part._id,
      address: DELIVERY_ADDRESS,
    }),
  });
  const { insertedId } = (await placed.json()) as { insertedId: string };
  const intent = await fetch(`${base}/api/create-payment-intent`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ orderId: insertedId }),
  });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const card = await fetch(`${base}/api/payments/sandbox/confirm`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ clientSecret, number: '4242424242424242', expiry: '12/39', cvc: '123' }),
  });
  const { transactionId } = (await card.json()) as { transactionId: string };
  await fetch(`${base}/api/payment/${insertedId}`, {
    method: 'PATCH',
    headers: auth,
    body: JSON.stringify({ order: insertedId, transactionId }),
  });
  return { orderId: insertedId, partName: part.name };
}

describe('an admin walks every table and form', () => {
  it('ships a paid order with its tracking number, offers no Delete for it, makes an admin, deletes a user and adds one', async () => {
    const customer = await registerCustomer('Menu Customer');
    const { partName } = await paidOrderFor(customer.email, customer.password);
    const page = await browser.newPage();
    await signInAs(page, 'admin@pitstop.com', 'pitstop-admin');

    await page.goto('/dashboard');
    await expect
      .poll(() =>
        page
          .getByText(/revenue/i)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'All Orders', exact: true }).click();
    const what = `order of ${partName} for ${customer.email}`;
    // The spec's Shipped opens the order's ship form: a parcel needs its carrier and tracking number.
    const ship = page.getByRole('link', { name: `Ship ${what}` });
    await expect.poll(() => ship.isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await ship.click();
    const tracking = page.getByLabel(shipmentTexts.trackingNumber);
    await expect.poll(() => tracking.isVisible()).toBe(true);
    await tracking.fill('1Z 999 AA1 01 2345 6784');
    await page.getByRole('button', { name: shipmentTexts.submit }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Shipment 1 of PS-' }).isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByRole('link', { name: /^Track 1Z999AA10123456784 with UPS/ }).isVisible())
      .toBe(true);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'All Orders', exact: true }).click();
    await expect
      .poll(() => page.getByRole('button', { name: `Mark ${what} delivered` }).isVisible())
      .toBe(true);
    const listed = await (
      await fetch(`${baseURL()}/api/order?email=${encodeURIComponent(customer.email)}`, {
        headers: {
          authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}`,
        },
      })
    ).json();
    expect(listed[0].status).toBe('shipped');
    expect(listed[0].shipments[0].trackingNumber).toBe('1Z999AA10123456784');

    // A paid order is never deleted: All Orders offers no Delete for it (the API refuses it, 409).
    expect(await page.getByRole('button', { name: `Delete ${what}` }).count()).toBe(0);

    await page.getByRole('link', { name: 'All User', exact: true }).click();
    await page.getByRole('button', { name: 'Make Menu Customer admin' }).first().click();
    await expect.poll(() => page.getByText(messages.madeAdmin).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    page.once('dialog', (dialog) => void dialog.accept());
    const before = await page.getByRole('button', { name: 'Delete Menu Customer' }).count();
    await page.getByRole('button', { name: 'Delete Menu Customer' }).first().click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Delete Menu Customer' }).count())
      .toBe(before - 1);

    await page.getByRole('link', { name: 'Add User', exact: true }).click();
    const newEmail = `added${Date.now()}@example.com`;
    await page.getByLabel('Name', { exact: true }).fill('Added Person');
    await page.getByLabel('Email', { exact: true }).fill(newEmail);
    await page.getByLabel('Occupation', { exact: true }).selectOption('Student');
    await page.getByLabel('Photo', { exact: true }).setInputFiles(await photoFile('#0f766e'));
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect
      .poll(() => page.getByText(`We mailed ${newEmail}`).isVisible(), { timeout: 15_000 })
      .toBe(true);
  });

  it('cancels a paid order with "Cancel and refund": the card is refunded and the order shows cancelled', async () => {
    const customer = await registerCustomer('Refunded Customer', 'refund');
    const { orderId, partName } = await paidOrderFor(customer.email, customer.password);
    const page = await browser.newPage();
    const key = await signInAs(page, 'admin@pitstop.com', 'pitstop-admin');

    await page.goto(`/dashboard/allorders?email=${encodeURIComponent(customer.email)}`);
    const what = `order of ${partName} for ${customer.email}`;
    const cancel = page.getByRole('button', { name: `Cancel and refund ${what}` });
    await cancel.waitFor();
    let question = '';
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await cancel.click();

    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: orderListTexts.adminCancelled(partName, customer.email, true) })
          .isVisible(),
      )
      .toBe(true);
    expect(question).toContain("refunded to the customer's card");
    const row = page.getByRole('row').filter({ hasText: customer.email });
    await expect.poll(() => row.innerText()).toContain('Cancelled');
    expect(await row.innerText()).toContain('Refunded');
    expect(await row.getByRole('button', { name: /^(Cancel|Ship) / }).count()).toBe(0);
    const [listed] = (await (
      await fetch(`${baseURL()}/api/order?email=${encodeURIComponent(customer.email)}`, {
        headers: { authorization: `Bearer ${key}` },
      })
    ).json()) as { _id: string; status: string; refundedAt: string | null }[];
    expect(listed).toMatchObject({ _id: orderId, status: 'cancelled' });
    expect(listed?.refundedAt).toBeTruthy();
    await expectNoSeriousA11yViolations(page);
  });

  it('adds a part with a photo, a specification and a fitment row, then edits it', async () => {
    const page = await browser.newPage();
    await signInAs(page, 'admin@pitstop.com', 'pitstop-admin');
    await page.goto('/dashboard/parts');
    await page.getByRole('link', { name: 'Add part' }).click();
    const name = `E2E Clutch Plate Set ${Date.now()}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Part number', { exact: true }).fill(`E2E-${Date.now()}`);
    await page.getByLabel('Seller', { exact: true }).fill('Test Moto Supply');
    await page.getByLabel('Price ($)', { exact: true }).fill('39.99');
    await page.getByLabel('Brand', { exact: true }).selectOption('Bajaj');
    await page.getByLabel('Category', { exact: true }).selectOption('clutch-plates');
    await page.getByLabel('Description', { exact: true }).fill('Friction plates for the Pulsar 150.');
    await page.getByLabel('Photo', { exact: true }).setInputFiles(await photoFile('#b45309'));
    await page.getByLabel('Stock', { exact: true }).fill('40');
    await page.getByLabel('Available quantity', { exact: true }).fill('30');
    await page.getByLabel('Minimum order quantity', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Add specification' }).click();
    await page.getByLabel('Spec key 1', { exact: true }).fill('Plates');
    await page.getByLabel('Spec value 1', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'Add fitment' }).click();
    await page.getByLabel('Make 1', { exact: true }).fill('Bajaj');
    await page.getByLabel('Model 1', { exact: true }).fill('Pulsar 150');
    await page.getByLabel('From year 1', { exact: true }).fill('2019');
    await page.getByLabel('To year 1', { exact: true }).fill('2024');
    await page.getByLabel('Note 1', { exact: true }).fill('Not for the Pulsar 150 Neon');
    // The photo uploads as soon as it is chosen; its preview shows once it is stored.
    await expect
      .poll(() => page.getByRole('img', { name: 'Chosen for this part' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await page.getByRole('button', { name: 'Add part', exact: true }).click();
    await page.waitForURL('**/dashboard/parts');
    const edit = page.getByRole('link', { name: `Edit ${name}` });
    await expect.poll(() => edit.isVisible()).toBe(true);

    await edit.click();
    // The fitment row loads with its note and default quantity; the edit picks a position.
    await expect
      .poll(() => page.getByLabel('Note 1', { exact: true }).inputValue())
      .toBe('Not for the Pulsar 150 Neon');
    expect(await page.getByLabel('Quantity per bike 1', { exact: true }).inputValue()).toBe('1');
    await page.getByLabel('Position 1', { exact: true }).selectOption('Left');
    await page.getByLabel('Price ($)', { exact: true }).fill('35.50');
    await page.getByRole('button', { name: 'Save part' }).click();
    await page.waitForURL('**/dashboard/parts');
    const found = (
      (await (await fetch(`${baseURL()}/api/parts?q=${encodeURIComponent(name)}`)).json()) as Part[]
    )[0]!;
    expect(found).toMatchObject({ name, price: 35.5, brand: 'Bajaj', minquantity: 2 });
    expect(found.img).toMatch(/^\/uploads\/[a-f0-9]{64}-\d+x\d+\.webp$/);
    expect(found.specifications).toEqual([{ key: 'Plates', value: '5' }]);
    expect(found.universal).toBe(false);
    expect(found.fitment).toEqual([
      {
        make: 'Bajaj',
        model: 'Pulsar 150',
        yearFrom: 2019,
        yearTo: 2024,
        position: 'left',
        quantity: 1,
        note: 'Not for the Pulsar 150 Neon',
      },
    ]);
  });
});
