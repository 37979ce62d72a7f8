import { addressTexts } from '@pitstop/core/address-texts';
import { describe, expect, it } from 'vitest';
import { checkoutTexts } from '@pitstop/core/cart-texts';
import { messages } from '@pitstop/core/messages';
import { receiptTexts } from '@pitstop/core/receipt-texts';
import { formatDollars } from '@pitstop/core/money';
import type { Part } from '@pitstop/core/parts';
import { cardAddLabel } from '@pitstop/core/minimums-texts';
import {
  baseURL,
  expectNoSeriousA11yViolations,
  fieldError,
  outboxMailsTo,
  payWith,
  registerCustomer,
  signInAs,
  useBrowser,
} from './fixtures.ts';

const browser = useBrowser();

/** Three parts of the first catalogue page with stock to spare (other files order some too). */
async function threeParts(): Promise<Part[]> {
  const res = await fetch(`${baseURL()}/api/parts?limit=12&offset=0`);
  expect(res.status).toBe(200);
  const parts = ((await res.json()) as Part[]).filter((p) => p.availablequantity >= p.minquantity + 3);
  // The last ones: the cart suite walks the first four.
  const chosen = parts.slice(-3);
  if (chosen.length < 3) throw new Error('the demo catalogue needs three parts in stock');
  return chosen;
}

describe('checkout', () => {
  it('a visitor fills a cart, signs in, checks out to California, pays, and sees one paid order of three parts', async () => {
    const parts = await threeParts();
    const customer = await registerCustomer('Cass Checkout', 'checkout');
    const page = await browser.newPage();

    // As a visitor: one of each part, at its minimum order. The page is rendered on the server;
    // a click before it has come alive would be lost.
    await page.goto('/parts', { waitUntil: 'networkidle' });
    const cart = page.getByRole('link', { name: /^Cart/ });
    await expect.poll(() => cart.getAttribute('aria-label')).toBe('Cart');
    let count = 0;
    for (const part of parts) {
      await page.getByRole('button', { name: cardAddLabel(part) }).click();
      count += part.minquantity;
      await expect
        .poll(() => cart.getAttribute('aria-label'))
        .toBe(`Cart, ${count} ${count === 1 ? 'item' : 'items'}`);
    }

    // Signed in, the browser's cart has moved to the account's: three lines.
    await signInAs(page, customer.email, customer.password);
    await page.goto('/cart');
    await page.getByRole('heading', { level: 1, name: 'Your cart' }).waitFor();
    for (const part of parts) await page.getByRole('article', { name: part.name }).waitFor();
    expect(await page.getByRole('article').count()).toBe(3);
    await expect.poll(() => cart.getAttribute('aria-label')).toBe(`Cart, ${count} items`);

    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL('**/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    const lines = page.getByRole('table', { name: checkoutTexts.linesHeading });
    for (const part of parts) {
      const row = lines.getByRole('row').filter({ hasText: part.name });
      await row.waitFor();
      const cents = Math.round(part.price * 100) * part.minquantity;
      expect(await row.innerText()).toContain(formatDollars(cents / 100));
    }

    // Alaska is refused as soon as it is chosen; then a Californian address.
    const state = page.getByLabel(checkoutTexts.state, { exact: true });
    await state.selectOption('AK');
    await expect
      .poll(() => fieldError(page, checkoutTexts.state))
      .toBe(addressTexts.stateNotServed('Alaska'));
    await page.getByLabel(checkoutTexts.fullName, { exact: true }).fill('Cass Checkout');
    await page.getByLabel(checkoutTexts.street, { exact: true }).fill('1 Market St');
    await page.getByLabel(checkoutTexts.city, { exact: true }).fill('San Francisco');
    await state.selectOption('CA');
    await page.getByLabel(checkoutTexts.zip, { exact: true }).fill('94105');
    await page.getByLabel(checkoutTexts.phone, { exact: true }).fill('(415) 555-0100');
    await expect.poll(() => fieldError(page, checkoutTexts.state)).toBe('');

    // The tax for California (SALES_TAX_RATES=CA=7.25 in global-setup) before the order is placed.
    const subtotalCents = parts.reduce((sum, p) => sum + Math.round(p.price * 100) * p.minquantity, 0);
    const taxCents = Math.round((subtotalCents * 725) / 10_000);
    const summary = page.getByRole('region', { name: checkoutTexts.summaryHeading });
    await expect.poll(() => summary.innerText()).toContain('Sales tax (California, 7.25%)');
    const text = await summary.innerText();
    expect(text).toContain(formatDollars(subtotalCents / 100));
    expect(text).toContain(formatDollars(taxCents / 100));
    expect(text).toContain(checkoutTexts.freeShipping);
    expect(text).toContain(formatDollars((subtotalCents + taxCents) / 100));
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: checkoutTexts.placeOrder }).click();
    await page.waitForURL(/\/payment\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Pay for your order of 3 parts' }).waitFor();
    const main = page.locator('main');
    await expect.poll(() => main.innerText()).toContain(formatDollars((subtotalCents + taxCents) / 100));
    for (const part of parts) expect(await main.innerText()).toContain(`${part.name} × ${part.minquantity}`);
    // The order emptied the cart.
    await expect.poll(() => cart.getAttribute('aria-label')).toBe('Cart');

    await payWith(page, '4242 4242 4242 4242');
    await expect
      .poll(() => page.getByText(messages.paymentCompleted, { exact: false }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);

    // The page says which order is paid and what happens next, with a link to the order's page.
    const paid = page.getByRole('heading', { level: 1, name: /^Order PS-\d+ is paid$/ });
    await expect.poll(() => paid.isVisible()).toBe(true);
    const orderNumber = /PS-\d+/.exec(await paid.innerText())?.[0] ?? '';
    expect(await page.getByText(receiptTexts.whatNext).isVisible()).toBe(true);
    expect(
      await page.getByRole('link', { name: receiptTexts.viewOrder(orderNumber) }).getAttribute('href'),
    ).toBe(`/order/${orderNumber}`);

    // The confirmation mail (every line, the total and the address), and the receipt.
    const total = `Total: ${formatDollars((subtotalCents + taxCents) / 100)}`;
    await expect
      .poll(async () => (await outboxMailsTo(customer.email)).map((m) => m.subject))
      .toEqual(
        expect.arrayContaining([
          receiptTexts.confirmationSubject(orderNumber),
          receiptTexts.receiptSubject(orderNumber),
        ]),
      );
    const mails = await outboxMailsTo(customer.email);
    const mail = mails.find((m) => m.subject === receiptTexts.confirmationSubject(orderNumber))!;
    for (const part of parts) {
      expect(mail.text).toContain(`${part.name} (${part.partNumber}) × ${part.minquantity}`);
    }
    expect(mail.text).toContain(total);
    expect(mail.text).toContain('1 Market St\n  San Francisco, CA 94105');
    const receipt = mails.find((m) => m.subject === receiptTexts.receiptSubject(orderNumber))!;
    expect(receipt.text).toContain(total);
    expect(receipt.text).toContain(receiptTexts.whatNext);
    expect(receipt.text).toMatch(/Transaction: pi_sandbox_/);

    await page.getByRole('link', { name: 'My Orders', exact: true }).first().click();
    await page.waitForURL('**/order');
    await expect
      .poll(() => page.getByRole('heading', { name: `${messages.totalOrders} 1` }).isVisible())
      .toBe(true);
    const row = page.getByRole('row').filter({ hasText: parts[0]!.name });
    await expect.poll(() => row.innerText()).toContain('Paid');
    expect(await row.getByRole('listitem').allInnerTexts()).toEqual(
      parts.map((part) => `${part.name} × ${part.minquantity}`),
    );
    expect(await row.innerText()).toContain(formatDollars((subtotalCents + taxCents) / 100));
    expect(await row.getByRole('link', { name: /^Review / }).count()).toBe(3);
  });
});
