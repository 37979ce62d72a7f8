import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { oneClickTexts } from '@pitstop/core/one-click';
import type { Part } from '@pitstop/core/parts';
import { savedCardTexts } from '@pitstop/core/saved-cards';
import {
  apiParts,
  baseURL,
  expectNoSeriousA11yViolations,
  placeOrderByApi,
  registerCustomer,
  signInAs,
  useBrowser,
} from './fixtures.ts';

/*
 * Issue #28, items 4 and 5, as a customer goes through them: a card saved while paying, seen on
 * the profile; a part bought with one click (paid, with its arrival date, the stock taken), then
 * cancelled from its page with a full refund; a card whose bank asks to confirm lands on the
 * payment page with that said; 1-Click turned off takes the button away. At 1280 and 360 px.
 */

const browser = useBrowser();
/** Set to a folder to keep what the screen looked like at each width. */
const shots = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  await fs.mkdir(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, name), fullPage: true });
}

/** A part in stock with room to spare, from the middle of the first page (other suites take the ends). */
async function aPartInStock(index: number): Promise<Part> {
  const { parts } = await apiParts('?limit=24&offset=0');
  const part = parts.filter((p) => p.availablequantity >= p.minquantity * 3 + 5).at(index);
  if (!part) throw new Error('the demo catalogue needs a part in stock');
  return part;
}

async function stockOf(partId: string): Promise<number> {
  const res = await fetch(`${baseURL()}/api/parts/${partId}`);
  return ((await res.json()) as Part).availablequantity;
}

/** Pays an order through the API with a sandbox test card, keeping the card (as "Save this card" does). */
async function payAndSaveCardByApi(key: string, orderId: string, number: string): Promise<void> {
  const send = (method: string, url: string, body: unknown) =>
    fetch(`${baseURL()}/api${url}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    });
  const intent = (await (await send('POST', '/create-payment-intent', { orderId })).json()) as {
    clientSecret: string;
  };
  const card = await send('POST', '/payments/sandbox/confirm', {
    clientSecret: intent.clientSecret,
    number,
    expiry: '12/39',
    cvc: '123',
    saveCard: true,
  });
  const { transactionId } = (await card.json()) as { transactionId: string };
  expect((await send('PATCH', `/payment/${orderId}`, { order: orderId, transactionId })).status).toBe(200);
}

const oneClickButton = (page: Page, part: Part) =>
  page.getByRole('button', { name: oneClickTexts.buttonName(part.name) });

/** Waits until the page has asked for the customer's cards (the button's question) and had its answer. */
async function openPartPage(page: Page, part: Part): Promise<void> {
  const cards = page.waitForResponse((res) => res.url().endsWith('/api/cards') && res.ok());
  await page.goto(`/parts/${part._id}`);
  await cards;
}

async function noHorizontalOverflow(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

describe('saved cards and 1-Click', () => {
  it('saves the card while paying, buys with one click by keyboard (paid, arrival date, stock taken), then cancels for a refund', async () => {
    const part = await aPartInStock(6);
    const customer = await registerCustomer('Olive Oneclick', 'oneclick');
    const page = await browser.newPage();
    const key = await signInAs(page, customer.email, customer.password);
    // The checkout keeps the order's address as the default (the first one).
    const firstOrder = await placeOrderByApi(key, customer, part);

    // Pay, ticking "Save this card for next time".
    await page.goto(`/payment/${firstOrder}`);
    await page.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/39');
    await page.getByLabel('CVC', { exact: true }).fill('123');
    await page.getByRole('checkbox', { name: savedCardTexts.saveThisCard }).check();
    const pay = page.getByRole('button', { name: 'Pay', exact: true });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await pay.click();
    await page.getByRole('heading', { level: 1, name: /^Order PS-\d+ is paid$/ }).waitFor();

    // The profile shows it.
    await page.goto('/profile');
    const cards = page.getByRole('region', { name: savedCardTexts.heading });
    await cards.getByText('Visa ending in 4242').waitFor();
    expect(await cards.getByRole('checkbox', { name: oneClickTexts.toggle }).isChecked()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'one-click-profile-1280.png');

    // The part page offers 1-Click, saying where it ships and which card pays.
    await openPartPage(page, part);
    const button = oneClickButton(page, part);
    await button.waitFor();
    await page.getByText('Ships to 500 Howard St, paid with Visa ending in 4242.').waitFor();
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'one-click-part-1280.png');

    // By keyboard: from the quantity box, past Add to cart, to 1-Click.
    const before = await stockOf(part._id);
    await page.getByRole('spinbutton', { name: 'Quantity' }).first().focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      oneClickTexts.buttonName(part.name),
    );
    await page.keyboard.press('Enter');

    // Paid: the order's confirmation, with its arrival date; the stock went down by the minimum.
    await page.waitForURL(/\/payment\/[0-9a-f-]{36}$/);
    const paid = page.getByRole('heading', { level: 1, name: /^Order PS-\d+ is paid$/ });
    await paid.waitFor();
    await page.getByText(/^Arrives by /).waitFor();
    const orderNumber = /PS-\d+/.exec(await paid.innerText())?.[0] ?? '';
    expect(await stockOf(part._id)).toBe(before - part.minquantity);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'one-click-confirmation-1280.png');

    // Cancelled from its page: the whole amount goes back.
    await page.goto(`/order/${orderNumber}`);
    const payment = page.getByRole('region', { name: 'Payment', exact: true });
    page.once('dialog', (dialog) => void dialog.accept());
    await payment.getByRole('button', { name: oneClickTexts.cancelAndRefund }).click();
    await payment.getByText(/^Order cancelled\. \$[\d,.]+ is on its way back to your card\.$/).waitFor();
    await expect
      .poll(() => payment.getByRole('button', { name: oneClickTexts.cancelAndRefund }).count())
      .toBe(0);
    await expect.poll(() => stockOf(part._id)).toBe(before);
    await expectNoSeriousA11yViolations(page);
  });

  it('on a 360 px phone: a card whose bank asks to confirm lands on the payment page saying so; 1-Click off takes the button away', async () => {
    const part = await aPartInStock(8);
    const customer = await registerCustomer('Phoebe Phone', 'oneclickphone');
    const page = await browser.newPage({ width: 360, height: 780 });
    const key = await signInAs(page, customer.email, customer.password);
    await payAndSaveCardByApi(key, await placeOrderByApi(key, customer, part), '4242424242424242');

    // Add the card that asks for authentication on the profile (it becomes the newest).
    await page.goto('/profile');
    const cards = page.getByRole('region', { name: savedCardTexts.heading });
    await cards.getByText('Visa ending in 4242').waitFor();
    await cards.getByRole('button', { name: savedCardTexts.add }).click();
    const form = page.getByRole('form', { name: savedCardTexts.add });
    await form.getByLabel('Card number', { exact: true }).fill('4000 0027 6000 3184');
    await form.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/39');
    await form.getByLabel('CVC', { exact: true }).fill('123');
    await form.getByRole('button', { name: savedCardTexts.saveCard }).click();
    await cards.getByText(savedCardTexts.saved).waitFor();
    await cards.getByText('Visa ending in 3184').waitFor();
    await noHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'one-click-profile-360.png');

    await openPartPage(page, part);
    await page.getByText('Ships to 500 Howard St, paid with Visa ending in 3184.').waitFor();
    await noHorizontalOverflow(page);
    await shot(page, 'one-click-part-360.png');
    await oneClickButton(page, part).click();

    // The bank asks: the payment page says so above the card form, and the card pays there.
    await page.waitForURL(/\/payment\/[0-9a-f-]{36}\?confirm=1$/);
    await page.getByText(oneClickTexts.needsAuthentication).waitFor();
    await noHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'one-click-authenticate-360.png');
    await page.getByLabel('Card number', { exact: true }).fill('4000 0027 6000 3184');
    await page.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/39');
    await page.getByLabel('CVC', { exact: true }).fill('123');
    const pay = page.getByRole('button', { name: 'Pay', exact: true });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await pay.click();
    await page.getByRole('heading', { level: 1, name: /^Order PS-\d+ is paid$/ }).waitFor();
    await shot(page, 'one-click-confirmation-360.png');

    // Turned off on the profile: no button, and no set-up link either.
    await page.goto('/profile');
    await page.getByRole('checkbox', { name: oneClickTexts.toggle }).uncheck();
    await page.getByText(oneClickTexts.turnedOff).waitFor();
    await openPartPage(page, part);
    await page.getByRole('form', { name: 'Add to cart' }).waitFor();
    await page.waitForTimeout(300);
    expect(await oneClickButton(page, part).count()).toBe(0);
    expect(await page.getByRole('link', { name: oneClickTexts.setUp }).count()).toBe(0);
  });

  it('buys one cart line with 1-Click: that line leaves the cart, the other stays', async () => {
    const [lube, pads] = [await aPartInStock(10), await aPartInStock(12)];
    if (!lube || !pads || lube._id === pads._id) throw new Error('two parts in stock needed');
    const customer = await registerCustomer('Carla Cart', 'oneclickcart');
    const page = await browser.newPage();
    const key = await signInAs(page, customer.email, customer.password);
    await payAndSaveCardByApi(key, await placeOrderByApi(key, customer, lube), '4242424242424242');
    for (const part of [lube, pads]) {
      const put = await fetch(`${baseURL()}/api/cart/items/${part._id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ quantity: part.minquantity + 1 }),
      });
      expect(put.status).toBe(200);
    }

    await page.goto('/cart');
    const line = page.getByRole('article', { name: lube.name });
    const button = line.getByRole('button', { name: oneClickTexts.buttonName(lube.name) });
    await button.waitFor();
    // Said once for the cart, not under every line, and each line's button is described by it.
    const terms = oneClickTexts.cartTerms('Ships to 500 Howard St, paid with Visa ending in 4242.');
    await page.getByText(terms).waitFor();
    expect(await page.getByText(terms).count()).toBe(1);
    for (const part of [lube, pads]) {
      const each = page
        .getByRole('article', { name: part.name })
        .getByRole('button', { name: oneClickTexts.buttonName(part.name) });
      // No line repeats the terms under its own button.
      expect(await page.getByRole('article', { name: part.name }).getByText('Ships to').count()).toBe(0);
      expect(await each.evaluate((el) => el.getAttribute('aria-describedby'))).toBeTruthy();
      expect(
        await each.evaluate(
          (el) => document.getElementById(el.getAttribute('aria-describedby')!)?.textContent,
        ),
      ).toBe(terms);
    }
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'one-click-cart-1280.png');
    await button.click();

    await page.waitForURL(/\/payment\/[0-9a-f-]{36}$/);
    await page.getByText(`${lube.name} × ${lube.minquantity + 1}`).waitFor();
    await page.goto('/cart');
    await page.getByRole('article', { name: pads.name }).waitFor();
    expect(await page.getByRole('article', { name: lube.name }).count()).toBe(0);
  });
});
