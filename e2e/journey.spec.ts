import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { messages } from '@pitstop/core/messages';
import type { Part } from '@pitstop/core/parts';
import {
  baseURL,
  expectNoSeriousA11yViolations,
  fillDeliveryAddress,
  payWith,
  useBrowser,
} from './fixtures.ts';

const browser = useBrowser();

async function register(page: Page): Promise<string> {
  const email = `journey${randomUUID().replaceAll('-', '').slice(0, 10)}@example.com`;
  await page.goto('/register');
  await page.getByLabel('Name', { exact: true }).fill('Jo Journey');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-pass');
  await page.getByLabel('Confirm password', { exact: true }).fill('secret-pass');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL(`${baseURL()}/`);
  return email;
}

async function order(page: Page, part: Part): Promise<void> {
  await page.goto(`/parts/${part._id}`);
  await page.getByLabel('Phone number', { exact: true }).fill('(415) 555-0142');
  await fillDeliveryAddress(page);
  await page.getByLabel('Quantity', { exact: true }).fill(String(part.minquantity));
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect.poll(() => page.getByText(messages.orderBooked).isVisible()).toBe(true);
}

async function cheapestPart(): Promise<Part> {
  const all = (await (await fetch(`${baseURL()}/api/parts?limit=100`)).json()) as Part[];
  return all.filter((p) => p.availablequantity > p.minquantity + 5).sort((a, b) => a.price - b.price)[0]!;
}

describe('the whole journey', () => {
  it('register → order → pay with 4242 → paid with its transaction id → review with a photo → review on the part page', async () => {
    const page = await browser.newPage();
    await register(page);
    const part = await cheapestPart();
    await order(page, part);

    await page.getByRole('link', { name: 'My Orders', exact: true }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: `${messages.totalOrders} 1` }).isVisible())
      .toBe(true);
    await page.getByRole('link', { name: `Make Payment for order of ${part.name}` }).click();
    await page.waitForURL(/\/payment\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByRole('note').innerText()).toMatch(/Test mode/);
    await expect.poll(() => page.locator('main').innerText()).toContain(part.name);
    await expectNoSeriousA11yViolations(page);

    await payWith(page, '4242 4242 4242 4242');
    const done = page.getByText(messages.paymentCompleted, { exact: false });
    await expect.poll(() => done.isVisible(), { timeout: 15_000 }).toBe(true);
    const transaction = await page.locator('main').innerText();
    const transactionId = /pi_sandbox_[a-f0-9]+/.exec(transaction)?.[0];
    expect(transactionId).toBeTruthy();

    await page.getByRole('link', { name: 'My Orders', exact: true }).first().click();
    const row = page.getByRole('row').filter({ hasText: part.name });
    await expect.poll(() => row.innerText()).toContain('Paid');
    expect(await row.innerText()).toContain(transactionId!);
    expect(await row.getByRole('button', { name: /Delete/ }).count()).toBe(0);

    await row.getByRole('link', { name: /Review/ }).click();
    await page.waitForURL(/\/addreview\?/);
    await expect.poll(() => page.getByRole('heading', { name: 'Add review' }).isVisible()).toBe(true);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-review-'));
    const photo = path.join(dir, 'bike.png');
    await fs.writeFile(
      photo,
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1e3a8a' } })
        .png()
        .toBuffer(),
    );
    const text = `Fits perfectly ${randomUUID().slice(0, 6)}`;
    // The radios are drawn as stars: a person clicks the fifth star (its label).
    await page
      .locator('label')
      .filter({ has: page.getByLabel('5 stars') })
      .click();
    expect(await page.getByLabel('5 stars').isChecked()).toBe(true);
    await page.getByLabel('Descriptions', { exact: true }).fill(text);
    await page.getByLabel('Photo', { exact: true }).setInputFiles(photo);
    await page.getByRole('button', { name: 'Add Review' }).click();
    await expect.poll(() => page.getByText(messages.reviewAdded).isVisible(), { timeout: 15_000 }).toBe(true);
    await fs.rm(dir, { recursive: true, force: true });

    await page.goto(`/parts/${part._id}`);
    await expect.poll(() => page.getByText(text).isVisible()).toBe(true);
  });

  it('a declined card (4000 0000 0000 0002) shows the provider’s message in red and leaves the order unpaid', async () => {
    const page = await browser.newPage({ expectedConsoleErrors: /status of 402/ });
    await register(page);
    const part = await cheapestPart();
    await order(page, part);
    await page.goto('/order');
    await page.getByRole('link', { name: `Make Payment for order of ${part.name}` }).click();
    await payWith(page, '4000 0000 0000 0002');
    const alert = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await expect.poll(() => alert.isVisible()).toBe(true);
    const [r, g, b] = await alert.evaluate((el) => {
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.fillStyle = getComputedStyle(el).color;
      ctx.fillRect(0, 0, 1, 1);
      return Array.from(ctx.getImageData(0, 0, 1, 1).data);
    });
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(60);
    expect(b).toBeLessThan(60);
    await page.goto('/order');
    await expect
      .poll(() => page.getByRole('link', { name: `Make Payment for order of ${part.name}` }).isVisible())
      .toBe(true);
  });
});
