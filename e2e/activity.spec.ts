import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { activityTexts, auditActionNames } from '@pitstop/core/activity-texts';
import { baseURL, expectNoSeriousA11yViolations, signInAs, useBrowser } from './fixtures.ts';

const browser = useBrowser();
/** Set to a folder to keep what the screen looked like at each width. */
const shots = process.env.E2E_SCREENSHOTS;

describe('Dashboard → Activity', () => {
  it('an admin edits a price and finds it on Activity, at 1280 px and on a 360 px phone', async () => {
    const page = await browser.newPage();
    const key = await signInAs(page, 'admin@pitstop.com', 'pitstop-admin');
    const partNumber = `E2E-AUDIT-${Date.now()}`;
    const created = await fetch(`${baseURL()}/api/parts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({
        name: `E2E Audited Chain Kit ${partNumber}`,
        seller: 'Test Moto Supply',
        price: 41.5,
        img: '/images/parts/chains-sprockets.svg',
        description: 'A chain kit.',
        stock: 20,
        availablequantity: 10,
        minquantity: 1,
        brand: 'Honda',
        category: 'chains-sprockets',
        partNumber,
        specifications: [],
        fitment: [],
      }),
    });
    expect(created.status).toBe(200);
    const { insertedId } = (await created.json()) as { insertedId: string };

    await page.goto(`/dashboard/parts/${insertedId}/edit`);
    const price = page.getByLabel('Price ($)', { exact: true });
    await expect.poll(() => price.inputValue()).toBe('41.5');
    await price.fill('44.75');
    await page.getByRole('button', { name: 'Save part' }).click();
    await page.waitForURL('**/dashboard/parts');

    // From the dashboard's menu, by keyboard.
    const link = page
      .getByRole('navigation', { name: /dashboard/i })
      .getByRole('link', { name: activityTexts.navLink });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard/activity');
    const table = page.getByRole('table', { name: activityTexts.heading });
    const row = table
      .getByRole('row')
      .filter({ hasText: partNumber })
      .filter({ hasText: auditActionNames['part.update'] });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('price: 41.5 → 44.75');
    expect(await row.innerText()).toContain('admin@pitstop.com');
    await expectNoSeriousA11yViolations(page);
    if (shots) await page.screenshot({ path: path.join(shots, 'activity-1280.png'), fullPage: true });

    // Filtered to this part's edits, on a phone: each entry a card, nothing wider than the screen.
    const phone = await browser.newPage({ width: 360, height: 780 });
    await signInAs(phone, 'admin@pitstop.com', 'pitstop-admin');
    await phone.goto('/dashboard/activity');
    await phone.getByLabel(activityTexts.recordId, { exact: true }).fill(insertedId);
    await phone.getByLabel(activityTexts.recordId, { exact: true }).press('Enter');
    const cards = phone.getByRole('table', { name: activityTexts.heading }).getByRole('row');
    await expect.poll(async () => (await cards.allInnerTexts()).join('\n')).toContain('price: 41.5 → 44.75');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    if (shots) {
      await fs.mkdir(shots, { recursive: true });
      await phone.screenshot({ path: path.join(shots, 'activity-360.png'), fullPage: true });
    }
  });
});
