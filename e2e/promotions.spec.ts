import { describe, expect, it } from 'vitest';
import { checkoutTexts } from '@pitstop/core/cart-texts';
import { formatDollars } from '@pitstop/core/money';
import type { Part } from '@pitstop/core/parts';
import { promotionsTexts } from '@pitstop/core/promotions-texts';
import {
  baseURL,
  expectNoSeriousA11yViolations,
  fieldError,
  registerCustomer,
  signInAs,
  useBrowser,
} from './fixtures.ts';

/*
 * Issue #30, discount codes: an admin makes a code at Admin → Promotions; a customer enters it at
 * checkout (a wrong code is refused under the field), sees the discount line and the total, and
 * places the order; the admin's list counts the use. At 1280 px, and at 360 px by keyboard.
 */
const browser = useBrowser();
const ADMIN = { email: 'admin@pitstop.com', password: 'pitstop-admin' };
const CODE = `E2E${Date.now().toString(36).toUpperCase()}`;

/** One part with stock to spare, away from the first page the other suites walk. */
async function aPart(offset: number): Promise<Part> {
  const res = await fetch(`${baseURL()}/api/parts?limit=12&offset=${offset}`);
  const parts = ((await res.json()) as Part[]).filter((p) => p.availablequantity >= p.minquantity + 5);
  const part = parts[0];
  if (!part) throw new Error('the demo catalogue needs a part in stock');
  return part;
}

/** A signed-in customer with one part in the cart, at its minimum. */
async function customerWithCart(page: Parameters<typeof signInAs>[0], part: Part) {
  const customer = await registerCustomer('Dee Discount', 'promo');
  const key = await signInAs(page, customer.email, customer.password);
  const res = await fetch(`${baseURL()}/api/cart/items/${part._id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ quantity: part.minquantity }),
  });
  expect(res.status).toBe(200);
  return customer;
}

describe('discount codes', () => {
  it('an admin makes a 20% code; a customer applies it at checkout and orders with it; the list counts the use', async () => {
    const admin = await browser.newPage({ width: 1280, height: 900 });
    await signInAs(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/dashboard');
    await admin
      .getByRole('navigation', { name: /dashboard/i })
      .getByRole('link', { name: promotionsTexts.navLink })
      .click();
    await admin.waitForURL('**/dashboard/promotions');
    await admin.getByRole('heading', { level: 1, name: promotionsTexts.heading }).waitFor();
    await admin.getByLabel(promotionsTexts.code, { exact: true }).fill(CODE);
    await admin.getByLabel(promotionsTexts.percentOff, { exact: true }).fill('20');
    await admin.getByLabel(promotionsTexts.totalLimit, { exact: true }).fill('5');
    await admin.getByRole('button', { name: promotionsTexts.add, exact: true }).click();
    await admin.getByText(promotionsTexts.added(CODE)).waitFor();
    const row = admin.getByRole('row').filter({ hasText: CODE });
    await row.waitFor();
    expect(await row.innerText()).toContain('0 of 5');
    await expectNoSeriousA11yViolations(admin);

    // The shop answers the wrong code with a 400: the browser reports it.
    const page = await browser.newPage({
      width: 1280,
      height: 900,
      expectedConsoleErrors: /400 \(Bad Request\)/,
    });
    const part = await aPart(12);
    await customerWithCart(page, part);
    await page.goto('/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    const field = page.getByLabel(promotionsTexts.fieldLabel, { exact: true });
    await field.fill('NOT-A-CODE');
    await page.getByRole('button', { name: promotionsTexts.apply, exact: true }).click();
    await expect.poll(() => fieldError(page, promotionsTexts.fieldLabel)).toBe(promotionsTexts.unknown);

    await field.fill(CODE.toLowerCase());
    await page.getByRole('button', { name: promotionsTexts.apply, exact: true }).click();
    const subtotalCents = Math.round(part.price * 100) * part.minquantity;
    const discountCents = Math.floor((subtotalCents * 2000 + 5000) / 10_000);
    const summary = page.getByRole('region', { name: checkoutTexts.summaryHeading });
    await summary.getByText(promotionsTexts.summaryLine(CODE)).waitFor();
    expect(await summary.innerText()).toContain(formatDollars(discountCents / 100));
    await expectNoSeriousA11yViolations(page);

    // A saved address is not there yet: the customer types one.
    await page.getByLabel(checkoutTexts.fullName, { exact: true }).fill('Dee Discount');
    await page.getByLabel(checkoutTexts.street, { exact: true }).fill('1 Market St');
    await page.getByLabel(checkoutTexts.city, { exact: true }).fill('San Francisco');
    await page.getByLabel(checkoutTexts.state, { exact: true }).selectOption('CA');
    await page.getByLabel(checkoutTexts.zip, { exact: true }).fill('94105');
    await page.getByLabel(checkoutTexts.phone, { exact: true }).fill('(415) 555-0100');
    const taxCents = Math.round(((subtotalCents - discountCents) * 725) / 10_000);
    const totalText = formatDollars((subtotalCents - discountCents + taxCents) / 100);
    await expect.poll(() => summary.innerText()).toContain(totalText);
    await page.getByRole('button', { name: checkoutTexts.placeOrder }).click();
    await page.waitForURL(/\/payment\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.locator('main').innerText()).toContain(totalText);

    await admin.reload();
    await expect.poll(() => admin.getByRole('row').filter({ hasText: CODE }).innerText()).toContain('1 of 5');
  });

  it('at 360 px the code is applied by keyboard (Enter) and the checkout still fits', async () => {
    const page = await browser.newPage({ width: 360, height: 780 });
    await customerWithCart(page, await aPart(24));
    await page.goto('/checkout');
    const field = page.getByLabel(promotionsTexts.fieldLabel, { exact: true });
    await field.focus();
    await page.keyboard.type(CODE);
    await page.keyboard.press('Enter');
    await page.getByText(promotionsTexts.summaryLine(CODE)).waitFor();
    // Enter applied the code; it placed nothing.
    expect(page.url()).toMatch(/\/checkout$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: promotionsTexts.remove }).click();
    await expect.poll(() => page.getByText(promotionsTexts.summaryLine(CODE)).count()).toBe(0);
  });

  it('Admin → Promotions fits a 360 px phone', async () => {
    const page = await browser.newPage({ width: 360, height: 780 });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard/promotions');
    await page.getByRole('button', { name: promotionsTexts.edit(CODE) }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: promotionsTexts.edit(CODE) }).click();
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value))
      .toBe(CODE);
  });
});
