import { describe, expect, it } from 'vitest';
import type { Order } from '@pitstop/core/orders';
import type { Part } from '@pitstop/core/parts';
import { quickOrderTexts as t } from '@pitstop/core/quick-order-texts';
import {
  apiParts,
  baseURL,
  expectNoSeriousA11yViolations,
  placeOrderByApi,
  registerCustomer,
  signInAs,
  useBrowser,
} from './fixtures.ts';

const browser = useBrowser();

/** Two demo parts with stock for a few orders at their minimum. */
async function twoParts(): Promise<[Part, Part]> {
  const { parts } = await apiParts('?limit=60&inStock=true');
  const fit = parts.filter((p) => p.availablequantity >= p.minquantity * 4);
  if (fit.length < 2) throw new Error('the demo catalogue needs two parts in stock');
  return [fit[0]!, fit[1]!];
}

describe('quick order', () => {
  for (const width of [1280, 360]) {
    it(`pasted part numbers resolve line by line and "Add all to cart" adds the good ones (${width} px)`, async () => {
      const [a, b] = await twoParts();
      const customer = await registerCustomer('Quick Buyer', 'quick');
      const page = await browser.newPage({ width, height: 900 });
      await signInAs(page, customer.email, customer.password);
      await page.goto('/quick-order');
      await page.getByRole('heading', { level: 1, name: t.heading }).waitFor();

      // The second part written as search reads it: lower case, no dashes or spaces.
      const loose = b.partNumber.toLowerCase().replace(/[^a-z0-9]/g, '');
      const box = page.getByLabel(t.textLabel);
      await box.fill(
        `part number,quantity\n${a.partNumber}, ${a.minquantity}\nNO-SUCH-PART-404, 1\n${loose}`,
      );
      const results = page.getByRole('list', { name: t.resultsLabel });
      await expect.poll(() => page.getByText(t.summary(2, 1)).isVisible(), { timeout: 10_000 }).toBe(true);
      const items = results.getByRole('listitem');
      expect(await items.count()).toBe(3);
      expect(await items.nth(0).innerText()).toContain(a.name);
      expect(await items.nth(1).innerText()).toContain(t.unknownNumber);
      expect(await items.nth(2).innerText()).toContain(b.name);
      if (width === 1280) await expectNoSeriousA11yViolations(page);

      // By keyboard: the button is reachable and Enter presses it.
      const addAll = page.getByRole('button', { name: t.addAll });
      await expect.poll(() => addAll.isEnabled()).toBe(true);
      await addAll.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByText(t.added(2)).isVisible(), { timeout: 10_000 }).toBe(true);
      const count = a.minquantity + b.minquantity;
      await expect
        .poll(() => page.getByRole('link', { name: /^Cart/ }).getAttribute('aria-label'))
        .toBe(`Cart, ${count} items`);
      // Nothing runs off the side of a phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  it('Reorder on the order page puts the order’s parts back in the cart (1280 px)', async () => {
    const [part] = await twoParts();
    const customer = await registerCustomer('Re Order', 'reorder');
    const page = await browser.newPage({ width: 1280, height: 900 });
    const key = await signInAs(page, customer.email, customer.password);
    const orderId = await placeOrderByApi(key, customer, part);
    const res = await fetch(`${baseURL()}/api/order/${encodeURIComponent(customer.email)}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const order = ((await res.json()) as Order[]).find((o) => o._id === orderId)!;
    await page.goto(`/order/${order.orderNumber}`);
    const reorder = page.getByRole('button', { name: t.reorderLabel(order.orderNumber) });
    await reorder.waitFor();
    await reorder.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText(t.reorderAdded(1)).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect
      .poll(() => page.getByRole('link', { name: /^Cart/ }).getAttribute('aria-label'))
      .toBe(`Cart, ${part.minquantity} ${part.minquantity === 1 ? 'item' : 'items'}`);
    await expectNoSeriousA11yViolations(page);
  });
});
