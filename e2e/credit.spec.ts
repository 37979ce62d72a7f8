import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkoutTexts } from '@pitstop/core/cart-texts';
import { checkoutPaymentTexts, creditAdminTexts, creditPageTexts } from '@pitstop/core/credit-texts';
import { creditTexts } from '@pitstop/core/messages';
import { formatDollars } from '@pitstop/core/money';
import type { Part } from '@pitstop/core/parts';
import {
  baseURL,
  expectNoSeriousA11yViolations,
  outboxMailsTo,
  registerCustomer,
  signInAs,
  useBrowser,
} from './fixtures.ts';

const browser = useBrowser();

/** A part of the catalogue with stock to spare, cheap enough to fit a small limit. */
async function onePart(): Promise<Part> {
  // Past the first page, which the cart and checkout suites (running beside this one) order from.
  const res = await fetch(`${baseURL()}/api/parts?limit=24&offset=40`);
  expect(res.status).toBe(200);
  const parts = ((await res.json()) as Part[]).filter(
    (p) => p.availablequantity >= p.minquantity + 2 && p.price * p.minquantity < 500,
  );
  const part = parts[Math.floor(parts.length / 2)];
  if (!part) throw new Error('the demo catalogue needs a part in stock under $500');
  return part;
}

describe('credit and pay on account', () => {
  it('a fleet applies for credit, an admin approves it, and the customer checks out on account', async () => {
    const business = `Rapid Couriers ${randomUUID().slice(0, 8)}`;
    const customer = await registerCustomer('Dana Fleet', 'fleet');

    // The customer applies at /credit.
    const page = await browser.newPage();
    const accessKey = await signInAs(page, customer.email, customer.password);
    await page.goto('/about');
    await page.getByRole('link', { name: creditPageTexts.applyLink }).click();
    await page.waitForURL('**/credit');
    await page.getByRole('heading', { level: 1, name: creditPageTexts.heading }).waitFor();
    const form = page.getByRole('form', { name: creditPageTexts.heading });
    await form.waitFor();
    await page.getByLabel(creditPageTexts.businessName, { exact: true }).fill(business);
    await page.getByLabel(creditPageTexts.contactName, { exact: true }).fill('Dana Fleet');
    expect(await page.getByLabel(creditPageTexts.email, { exact: true }).inputValue()).toBe(customer.email);
    await page.getByLabel(creditPageTexts.phone, { exact: true }).fill('(415) 555-0199');
    // A mistyped EIN is caught before sending.
    await page.getByLabel(creditPageTexts.ein, { exact: true }).fill('12-34567');
    await page.getByLabel(creditPageTexts.yearsInBusiness, { exact: true }).fill('6');
    await page.getByLabel(creditPageTexts.requestedLimit, { exact: true }).fill('2500');
    await page.getByRole('button', { name: creditPageTexts.submit }).click();
    await page.getByText(creditTexts.einInvalid).waitFor();
    await page.getByLabel(creditPageTexts.ein, { exact: true }).fill('12-3456789');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: creditPageTexts.submit }).click();
    await page.getByRole('heading', { name: creditPageTexts.pendingHeading }).waitFor();

    // An admin approves it from the dashboard with a smaller limit.
    const admin = await browser.newPage();
    await signInAs(admin, 'admin@pitstop.com', 'pitstop-admin');
    await admin.goto('/dashboard');
    await admin.getByRole('link', { name: creditAdminTexts.heading }).click();
    await admin.waitForURL('**/dashboard/credit');
    const row = admin.getByRole('row').filter({ hasText: business });
    await row.waitFor();
    expect(await row.innerText()).toContain('12-3456789');
    const limit = admin.getByLabel(creditAdminTexts.limitLabel(business), { exact: true });
    expect(await limit.inputValue()).toBe('2500');
    await limit.fill('1000');
    await admin.getByRole('button', { name: creditAdminTexts.approveLabel(business) }).click();
    await admin.getByText(creditAdminTexts.approved(business, '$1,000.00')).waitFor();
    await expectNoSeriousA11yViolations(admin);

    // The applicant is mailed the decision.
    await expect
      .poll(async () => (await outboxMailsTo(customer.email)).map((m) => m.subject), { timeout: 15_000 })
      .toContain(creditTexts.approvedSubject);

    // The customer's /credit now shows the limit.
    await page.goto('/credit');
    await page.getByRole('heading', { name: creditPageTexts.approvedHeading }).waitFor();

    // A part in the cart (through the API: the cart is not the journey here), then checkout.
    const part = await onePart();
    const put = await fetch(`${baseURL()}/api/cart/items/${part._id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessKey}` },
      body: JSON.stringify({ quantity: part.minquantity }),
    });
    expect(put.status).toBe(200);
    const before = part.availablequantity;

    await page.goto('/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByLabel(checkoutTexts.fullName, { exact: true }).fill('Dana Fleet');
    await page.getByLabel(checkoutTexts.street, { exact: true }).fill('1 Depot Way');
    await page.getByLabel(checkoutTexts.city, { exact: true }).fill('Oakland');
    await page.getByLabel(checkoutTexts.state, { exact: true }).selectOption('CA');
    await page.getByLabel(checkoutTexts.zip, { exact: true }).fill('94607');
    await page.getByLabel(checkoutTexts.phone, { exact: true }).fill('(510) 555-0142');
    const onAccount = page.getByRole('radio', { name: checkoutPaymentTexts.account });
    await onAccount.waitFor();
    expect(await page.getByText(checkoutPaymentTexts.accountHint('$1,000.00')).count()).toBe(1);
    await onAccount.check();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: checkoutTexts.placeOrder }).click();

    // No card step: the checkout ends on the order's confirmation, which says it is on account,
    // with its due date and its page; My Orders lists it so.
    const placed = page.getByRole('heading', { name: /^Order PS-\d+ is placed on account$/ });
    await expect.poll(() => placed.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await placed.evaluate((el) => el === document.activeElement)).toBe(true);
    const orderNumber = /PS-\d+/.exec(await placed.innerText())?.[0] ?? '';
    expect(await page.getByText(/The invoice of \$[\d,.]+ is due by/).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: `View order ${orderNumber}` }).getAttribute('href')).toBe(
      `/order/${orderNumber}`,
    );
    await page.getByRole('link', { name: 'My Orders', exact: true }).first().click();
    await page.waitForURL('**/order');
    const order = page.getByRole('row').filter({ hasText: part.name });
    await expect.poll(() => order.innerText(), { timeout: 15_000 }).toContain('On account');

    // The stock is reserved and the limit is used by the order's total (7.25 % California tax).
    const subtotalCents = Math.round(part.price * 100) * part.minquantity;
    const totalCents = subtotalCents + Math.round((subtotalCents * 725) / 10_000);
    const credit = await fetch(`${baseURL()}/api/credit`, {
      headers: { authorization: `Bearer ${accessKey}` },
    });
    expect((await credit.json()).account).toMatchObject({
      limit: 1000,
      used: totalCents / 100,
      remaining: (100_000 - totalCents) / 100,
    });
    const after = await fetch(`${baseURL()}/api/parts/${part._id}`);
    expect(((await after.json()) as Part).availablequantity).toBe(before - part.minquantity);
    expect(await order.innerText()).toContain(formatDollars(totalCents / 100));
  });
});
