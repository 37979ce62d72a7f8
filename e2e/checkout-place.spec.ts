import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkoutTexts } from '@pitstop/core/cart-texts';
import { addressLine2Texts, checkoutDraftTexts } from '@pitstop/core/checkout-place-texts';
import { messages } from '@pitstop/core/messages';
import { orderPageTexts } from '@pitstop/core/order-page-texts';
import type { Part } from '@pitstop/core/parts';
import {
  apiParts,
  expectNoSeriousA11yViolations,
  outboxMailsTo,
  payWith,
  registerCustomer,
  useBrowser,
} from './fixtures.ts';

/*
 * Issue #28, item 3, as a person goes through it: signed out, the cart's Checkout asks to log in
 * and comes back to the checkout (not the cart); the delivery address typed there, with its
 * apartment line, survives a reload; the order carries the apartment line to the payment page,
 * the order page and the confirmation mail.
 */

const browser = useBrowser();
const LINE2 = 'Apt 4B';

/** A part in stock with room to spare, from the end of the first page (other suites take the first ones). */
async function aPartInStock(): Promise<Part> {
  const { parts } = await apiParts('?limit=24&offset=0');
  const part = parts.filter((p) => p.availablequantity >= p.minquantity + 5).at(-4);
  if (!part) throw new Error('the demo catalogue needs a part in stock');
  return part;
}

/** The visitor's cart as the browser keeps it, with one line of the part at its minimum. */
async function visitorCartWith(page: Page, part: Part): Promise<void> {
  await page.goto('/cart');
  await page.evaluate((p) => {
    const line = {
      partId: p._id,
      name: p.name,
      img: p.img,
      unitPrice: p.price,
      quantity: p.minquantity,
      available: p.availablequantity,
      minquantity: p.minquantity,
    };
    localStorage.setItem('pitstop.cart', JSON.stringify({ items: [line] }));
  }, part);
  await page.reload();
  await page.getByRole('article', { name: part.name }).waitFor();
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

describe('checkout keeps your place', () => {
  it('signed out → Checkout → log in → back on the checkout; the address with its line 2 survives a reload and reaches the order', async () => {
    const part = await aPartInStock();
    const customer = await registerCustomer('Petra Place', 'place');
    const page = await browser.newPage();
    await visitorCartWith(page, part);

    // Checkout, signed out: the sign-in screen, which knows where to come back to.
    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL('**/login?from=%2Fcheckout');
    await field(page, 'Email').fill(customer.email);
    await field(page, 'Password').fill(customer.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();

    // Back on the checkout, with the browser's cart moved into the account's.
    await page.waitForURL('**/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    const lines = page.getByRole('table', { name: checkoutTexts.linesHeading });
    await lines.getByRole('rowheader', { name: part.name }).waitFor();

    // The address, typed with its apartment line.
    await field(page, checkoutTexts.fullName).fill('Petra Place');
    await field(page, checkoutTexts.street).fill('350 Mission St');
    await field(page, addressLine2Texts.label).fill(LINE2);
    await field(page, checkoutTexts.city).fill('San Francisco');
    await field(page, checkoutTexts.state).selectOption('CA');
    await field(page, checkoutTexts.zip).fill('94105');
    await field(page, checkoutTexts.phone).fill('(415) 555-0177');

    // A reload keeps it: the tab's sessionStorage, never a cookie the server sees.
    await page.reload();
    await page.getByText(checkoutDraftTexts.restored).waitFor();
    expect(await field(page, checkoutTexts.street).inputValue()).toBe('350 Mission St');
    expect(await field(page, addressLine2Texts.label).inputValue()).toBe(LINE2);
    expect(await field(page, checkoutTexts.zip).inputValue()).toBe('94105');
    expect(await field(page, checkoutTexts.state).inputValue()).toBe('CA');
    const cookies = await page.context().cookies();
    expect(cookies.map((c) => decodeURIComponent(c.value)).join(' ')).not.toContain('Mission');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: checkoutTexts.placeOrder }).click();
    await page.waitForURL(/\/payment\/[0-9a-f-]{36}$/);
    // Placed: the tab no longer keeps the address.
    expect(await page.evaluate(() => sessionStorage.getItem('pitstop.draft.checkout-address'))).toBeNull();
    await payWith(page, '4242 4242 4242 4242');
    await expect
      .poll(() => page.getByText(messages.paymentCompleted, { exact: false }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    const paid = page.getByRole('heading', { level: 1, name: /^Order PS-\d+ is paid$/ });
    await expect.poll(() => paid.isVisible()).toBe(true);
    const orderNumber = /PS-\d+/.exec(await paid.innerText())?.[0] ?? '';
    await expect.poll(() => page.locator('main').innerText()).toContain(`350 Mission St\n${LINE2}\n`);

    // The order's page shows the apartment line under the street.
    await page.goto(`/order/${orderNumber}`);
    const delivery = page.getByRole('region', { name: orderPageTexts.deliveryHeading, exact: true });
    await expect
      .poll(() => delivery.innerText())
      .toContain(`350 Mission St\n${LINE2}\nSan Francisco, CA 94105`);

    // And so does the confirmation mail.
    await expect
      .poll(async () => (await outboxMailsTo(customer.email)).map((m) => m.text).join('\n'))
      .toContain(`  350 Mission St\n  ${LINE2}\n  San Francisco, CA 94105`);
  });

  it('on a 360 px phone: the apartment line is there, reachable by keyboard after the street, with nothing wider than the screen', async () => {
    const part = await aPartInStock();
    const customer = await registerCustomer('Phil Phone', 'placephone');
    const page = await browser.newPage({ width: 360, height: 780 });
    await visitorCartWith(page, part);

    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL('**/login?from=%2Fcheckout');
    await field(page, 'Email').fill(customer.email);
    await field(page, 'Password').fill(customer.password);
    await field(page, 'Password').press('Enter');
    await page.waitForURL('**/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();

    await field(page, checkoutTexts.street).fill('1 Ferry Building');
    await field(page, checkoutTexts.street).press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe(
      'shipping address-line2',
    );
    await page.keyboard.type('Suite 12');
    await page.reload();
    expect(await field(page, addressLine2Texts.label).inputValue()).toBe('Suite 12');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
