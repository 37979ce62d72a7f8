import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { brandsTexts, type Brand } from '@pitstop/core/brands';
import type { Part } from '@pitstop/core/parts';
import {
  apiParts,
  baseURL,
  brandBox,
  expectNoSeriousA11yViolations,
  signInAs,
  useBrowser,
} from './fixtures.ts';

/*
 * Issue #29, brands are data: an admin adds the aftermarket brand EBC with its logo, gives a new
 * part that brand, and a rider finds the part by ticking EBC in the catalogue's filters, on a
 * 1280 px screen, on a 360 px phone and by keyboard. A brand with parts cannot be deleted.
 */
const browser = useBrowser();
const ADMIN = { email: 'admin@pitstop.com', password: 'pitstop-admin' };
// Clutch plates: the minimums suite counts brake pads at the same time, on the same shop.
const PART_NAME = `EBC Kevlar Clutch Kit CK1184 ${Date.now()}`;

async function logoFile(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-brands-'));
  const file = path.join(dir, 'ebc-logo.png');
  await fs.writeFile(
    file,
    await sharp({ create: { width: 160, height: 64, channels: 3, background: '#d97706' } })
      .png()
      .toBuffer(),
  );
  return file;
}

async function brandsFromApi(): Promise<Brand[]> {
  return (await (await fetch(`${baseURL()}/api/brands`)).json()) as Brand[];
}

describe('brands', () => {
  it('an admin adds EBC (aftermarket, with a logo) from Admin → Brands, and gives a part that brand', async () => {
    // The refused delete at the end is a 409 the browser reports.
    const page = await browser.newPage({
      width: 1280,
      height: 900,
      expectedConsoleErrors: /409 \(Conflict\)/,
    });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: /dashboard/i })
      .getByRole('link', { name: 'Brands' })
      .click();
    await page.waitForURL('**/dashboard/brands');
    await page.getByRole('heading', { level: 1, name: brandsTexts.heading }).waitFor();
    // The six makers are there from the start.
    await page.getByRole('cell', { name: 'Honda', exact: true }).first().waitFor();

    // Keyboard: type the name, Tab to the kind, arrow to Aftermarket.
    await page.getByLabel(brandsTexts.name, { exact: true }).fill('EBC');
    await page.getByRole('radio', { name: 'OEM' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: 'Aftermarket' }).isChecked()).toBe(true);
    await page.getByLabel(brandsTexts.logo, { exact: true }).setInputFiles(await logoFile());
    // The logo uploads as soon as it is chosen; its preview shows once it is stored.
    await page.getByRole('img', { name: brandsTexts.logoChosen }).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: brandsTexts.add, exact: true }).click();
    await page.getByText(brandsTexts.added('EBC')).waitFor();

    const ebc = (await brandsFromApi()).find((b) => b.name === 'EBC');
    expect(ebc).toMatchObject({
      name: 'EBC',
      slug: 'ebc',
      kind: 'aftermarket',
      featured: false,
      partCount: 0,
    });
    expect(ebc?.logo).toMatch(/^\/uploads\/[a-f0-9]{64}-\d+x\d+\.webp$/);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('img', { name: brandsTexts.logoAlt('EBC') }) });
    await row.waitFor();
    expect(await row.getByText('Aftermarket').isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // A part of that brand, through the part form's brand choice.
    await page.goto('/dashboard/parts/new');
    await page.getByLabel('Name', { exact: true }).fill(PART_NAME);
    await page.getByLabel('Part number', { exact: true }).fill(`CK1184-${Date.now()}`);
    await page.getByLabel('Seller', { exact: true }).fill('Pitstop Aftermarket');
    await page.getByLabel('Price ($)', { exact: true }).fill('42.00');
    await page.getByLabel('Brand', { exact: true }).selectOption('EBC');
    await page.getByLabel('Category', { exact: true }).selectOption('clutch-plates');
    await page
      .getByLabel('Description', { exact: true })
      .fill('Kevlar friction plates for a wet multi-plate clutch.');
    await page.getByLabel('Photo', { exact: true }).setInputFiles(await logoFile());
    await page.getByLabel('Stock', { exact: true }).fill('20');
    await page.getByLabel('Available quantity', { exact: true }).fill('20');
    await page.getByLabel('Minimum order quantity', { exact: true }).fill('1');
    await page.getByRole('img', { name: 'Chosen for this part' }).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Add part', exact: true }).click();
    await page.waitForURL('**/dashboard/parts');
    const { parts } = await apiParts({ brand: 'EBC' });
    expect(parts.map((p: Part) => p.name)).toEqual([PART_NAME]);

    // The brand now has a part: deleting it is refused, and the list says why.
    await page.goto('/dashboard/brands');
    await page.getByRole('button', { name: brandsTexts.deleteLabel('EBC') }).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: brandsTexts.deleteLabel('EBC') }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: brandsTexts.inUse('EBC', 1) })
      .waitFor();
    expect((await brandsFromApi()).find((b) => b.name === 'EBC')?.partCount).toBe(1);
  });

  it('a rider filters the catalogue by EBC at 1280 px, by keyboard', async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await page.goto('/parts?category=clutch-plates');
    const box = brandBox(page, 'EBC');
    await box.waitFor();
    await box.focus();
    await page.keyboard.press('Space');
    await page.waitForURL('**/parts?brand=EBC&category=clutch-plates');
    await page.getByRole('heading', { name: PART_NAME }).waitFor();
    expect(await box.isChecked()).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });

  it('a rider filters by EBC behind the Filters button on a 360 px phone', async () => {
    const page = await browser.newPage({ width: 360, height: 780 });
    await page.goto('/parts');
    await page.getByRole('button', { name: 'Filters', exact: false }).first().click();
    await brandBox(page, 'EBC').check();
    await page.waitForURL('**/parts?brand=EBC');
    await page.getByRole('heading', { name: PART_NAME }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('a stale link naming a brand the shop does not carry shows the same view without it', async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    const res = await page.goto('/parts?brand=Nope&category=clutch-plates');
    expect(new URL(page.url()).search).toBe('?category=clutch-plates');
    expect(res?.status()).toBe(200);
    await brandBox(page, 'EBC').waitFor();
  });

  it('Admin → Brands fits a 360 px phone', async () => {
    const page = await browser.newPage({ width: 360, height: 780 });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard/brands');
    await page.getByRole('button', { name: brandsTexts.edit('EBC') }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: brandsTexts.edit('EBC') }).click();
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value))
      .toBe('EBC');
  });
});
