import { describe, expect, it } from 'vitest';
import { formatDollars } from '@pitstop/core/money';
import type { Part } from '@pitstop/core/parts';
import { pricingTexts } from '@pitstop/core/pricing-texts';
import {
  baseURL,
  DELIVERY_ADDRESS,
  expectNoSeriousA11yViolations,
  registerCustomer,
  signInAs,
  useBrowser,
} from './fixtures.ts';

/*
 * Issue #30, price tiers and sales: an admin makes a price list at Admin → Price lists and assigns
 * it to a customer; that customer sees the tier price with retail struck through on the part page,
 * while a visitor still sees retail. At 360 px an admin puts a part on sale by keyboard, and a
 * visitor sees the sale price struck through against retail.
 */
const browser = useBrowser();
const ADMIN = { email: 'admin@pitstop.com', password: 'pitstop-admin' };
const LIST = `E2E tier ${Date.now().toString(36)}`;

/** A part far from the first pages the other suites walk. */
async function aPart(offset: number): Promise<Part> {
  const res = await fetch(`${baseURL()}/api/parts?limit=1&offset=${offset}`);
  const [part] = (await res.json()) as Part[];
  if (!part) throw new Error('the demo catalogue needs more parts');
  return part;
}

describe('price tiers', () => {
  it('an admin makes a 20% price list and assigns it; the customer sees it, a visitor retail', async () => {
    const customer = await registerCustomer('Tia Tier', 'tier');
    const admin = await browser.newPage({ width: 1280, height: 900 });
    await signInAs(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/dashboard');
    await admin
      .getByRole('navigation', { name: /dashboard/i })
      .getByRole('link', { name: pricingTexts.priceListsNav })
      .click();
    await admin.waitForURL('**/dashboard/price-lists');
    await admin.getByRole('heading', { level: 1, name: pricingTexts.priceListsHeading }).waitFor();
    await admin.getByLabel(pricingTexts.name, { exact: true }).fill(LIST);
    await admin.getByRole('button', { name: pricingTexts.addRule }).click();
    await admin.getByLabel(pricingTexts.rulePercent, { exact: true }).fill('20');
    await admin.getByRole('button', { name: pricingTexts.create }).click();
    await admin.getByRole('heading', { level: 3, name: LIST }).waitFor();

    const assign = admin.getByRole('form', { name: pricingTexts.assignHeading });
    await assign.getByLabel(pricingTexts.assignList, { exact: true }).selectOption({ label: LIST });
    await assign.getByLabel(pricingTexts.assignEmail, { exact: true }).fill(customer.email);
    await assign.getByRole('button', { name: pricingTexts.assign }).click();
    await assign.getByText(pricingTexts.saved).waitFor();
    await admin.getByText(customer.email).waitFor();
    await expectNoSeriousA11yViolations(admin);

    const part = await aPart(30);
    const tierPrice = formatDollars(Math.round(part.price * 80) / 100);
    const page = await browser.newPage({ width: 1280, height: 900 });
    await signInAs(page, customer.email, customer.password);
    await page.goto(`/parts/${part._id}`);
    const price = page.locator('main p', { hasText: 'per unit' }).first();
    await expect.poll(() => price.innerText(), { timeout: 10_000 }).toContain(tierPrice);
    expect(await price.locator('s').innerText()).toContain(formatDollars(part.price));
    await expectNoSeriousA11yViolations(page);

    const visitor = await browser.newPage({ width: 1280, height: 900 });
    await visitor.goto(`/parts/${part._id}`);
    const retail = visitor.locator('main p', { hasText: 'per unit' }).first();
    await retail.waitFor();
    expect(await retail.innerText()).toContain(formatDollars(part.price));
    expect(await retail.locator('s').count()).toBe(0);
  });

  it('at 360 px an admin puts a part on sale by keyboard; a visitor sees retail struck through', async () => {
    const part = await aPart(45);
    const salePrice = Math.max(0.01, Math.floor(part.price * 50) / 100);
    const admin = await browser.newPage({ width: 360, height: 800 });
    await signInAs(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/dashboard/sales');
    await admin.getByRole('heading', { level: 1, name: pricingTexts.salesHeading }).waitFor();
    const local = (ms: number) => {
      const d = new Date(Date.now() + ms - new Date().getTimezoneOffset() * 60_000);
      return d.toISOString().slice(0, 16);
    };
    await admin.getByLabel(pricingTexts.salePart, { exact: true }).focus();
    await admin.keyboard.type(part.partNumber);
    await admin.keyboard.press('Tab');
    await admin.keyboard.type(String(salePrice));
    await admin.getByLabel(pricingTexts.saleStarts, { exact: true }).fill(local(-120_000));
    await admin.getByLabel(pricingTexts.saleEnds2, { exact: true }).fill(local(3_600_000));
    await admin.getByLabel(pricingTexts.saleEnds2, { exact: true }).press('Enter');
    const row = admin.getByRole('row').filter({ hasText: part.partNumber });
    await row.waitFor();
    expect(await row.innerText()).toContain(pricingTexts.saleRunning);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(admin);

    const visitor = await browser.newPage({ width: 360, height: 800 });
    await visitor.goto(`/parts/${part._id}`);
    const price = visitor.locator('main p', { hasText: 'per unit' }).first();
    await price.waitFor();
    expect(await price.innerText()).toContain(formatDollars(salePrice));
    expect(await price.locator('s').innerText()).toContain(formatDollars(part.price));

    // The sale ends when removed: the part is back at retail for everyone.
    await row.getByRole('button', { name: `${pricingTexts.endSale} ${part.partNumber}` }).click();
    await row.waitFor({ state: 'detached' });
    const after = (await (await fetch(`${baseURL()}/api/parts/${part._id}`)).json()) as Part;
    expect(after.price).toBe(part.price);
  });

  it('at 360 px a company owner uploads a certificate; an admin approves it and the company is tax exempt', async () => {
    const owner = await registerCustomer('Otto Owner', 'taxowner');
    const page = await browser.newPage({ width: 360, height: 800 });
    const key = await signInAs(page, owner.email, owner.password);
    const made = await fetch(`${baseURL()}/api/company`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({
        name: `Tax Fleet ${Date.now()}`,
        taxId: 'TX-42',
        billingAddress: DELIVERY_ADDRESS,
      }),
    });
    expect(made.status).toBeLessThan(300);
    await page.goto('/company/tax-exemption');
    await page.getByRole('heading', { level: 1, name: pricingTexts.taxHeading }).waitFor();
    await page.getByText(pricingTexts.taxNotExempt).waitFor();
    await page.getByLabel(pricingTexts.taxFile, { exact: true }).setInputFiles({
      name: 'resale-certificate.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n'),
    });
    await page.getByRole('button', { name: pricingTexts.taxUpload }).click();
    await page.getByText(pricingTexts.taxUploaded).waitFor();
    await page.getByText(pricingTexts.taxStatusNames.pending, { exact: false }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);

    const admin = await browser.newPage({ width: 360, height: 800 });
    await signInAs(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/dashboard/tax-exemptions');
    await admin.getByRole('heading', { level: 1, name: pricingTexts.taxAdminHeading }).waitFor();
    const row = admin.getByRole('row').filter({ hasText: 'resale-certificate.pdf' }).first();
    const company = (await made.json()) as { name?: string; company?: { name: string } };
    const name = company.name ?? company.company?.name ?? '';
    await row.getByRole('button', { name: `${pricingTexts.approve} ${name}` }).focus();
    await admin.keyboard.press('Enter');
    await row.waitFor({ state: 'detached' });
    await expectNoSeriousA11yViolations(admin);

    await page.reload();
    await page.getByText(pricingTexts.taxExempt).waitFor();
  });
});
