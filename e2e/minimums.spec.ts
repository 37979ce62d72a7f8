import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cartPageTexts } from '@pitstop/core/cart-texts';
import { cardAddLabel, minimumsTexts, stockWords } from '@pitstop/core/minimums-texts';
import type { Part, PartFacets } from '@pitstop/core/parts';
import {
  apiParts,
  baseURL,
  brandBox,
  brandCount,
  expectNoSeriousA11yViolations,
  useBrowser,
} from './fixtures.ts';

const browser = useBrowser();

/** A demo part whose minimum order is 5, with stock for several orders of it. */
async function partSoldInFives(): Promise<Part> {
  const { parts } = await apiParts('?limit=100&inStock=true');
  const part = parts.find((p) => p.minquantity === 5 && p.availablequantity >= 25);
  if (!part) throw new Error('the demo catalogue needs a part with a minimum order of 5 in stock');
  return part;
}

async function apiFacets(query: string): Promise<PartFacets> {
  const res = await fetch(`${baseURL()}/api/parts/facets${query}`);
  return (await res.json()) as PartFacets;
}

const cart = (page: Page) => page.getByRole('link', { name: /^Cart/ });
const status = (page: Page) => page.getByText(/^Showing \d/);
const cardNames = (page: Page) => page.getByRole('article').getByRole('heading').allInnerTexts();
/**
 * The list shows what the API answers for the same query: its total, and its first page of names.
 * Asked again on each poll, since other suites add parts while this one runs.
 */
async function expectSameAsApi(page: Page, query: string): Promise<void> {
  await expect
    .poll(async () => {
      const { total } = await apiParts(`?${query}`);
      const shown = (await status(page).isVisible()) ? await status(page).innerText() : '';
      return shown.endsWith(` of ${total} part${total === 1 ? '' : 's'}`);
    })
    .toBe(true);
  const { parts } = await apiParts(`?${query}&limit=12`);
  expect(await cardNames(page)).toEqual(parts.map((p) => p.name));
}

describe('minimums in plain sight', () => {
  for (const width of [1280, 360]) {
    it(`a card says "Minimum order 5" and "Add 5 to cart", and one press puts 5 in the cart (${width} px)`, async () => {
      const part = await partSoldInFives();
      const page = await browser.newPage({ width, height: 900 });
      // Its part number finds it first.
      await page.goto(`/parts?q=${encodeURIComponent(part.partNumber)}`);
      const card = page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: part.name, exact: true }) });
      await card.waitFor();
      const text = await card.innerText();
      expect(text).toContain(minimumsTexts.minimumOrder(5));
      // Stock in words; the count is for admins.
      expect(text).toContain(stockWords(part));
      expect(text).not.toContain(`Available: ${part.availablequantity}`);
      expect(text).not.toContain(minimumsTexts.adminCount(part.availablequantity));

      const add = card.getByRole('button', { name: cardAddLabel(part) });
      expect(await add.innerText()).toBe('Add 5 to cart');
      await expect.poll(() => cart(page).getAttribute('aria-label')).toBe('Cart');
      // By keyboard: the button is reachable and Enter presses it.
      await add.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => cart(page).getAttribute('aria-label')).toBe('Cart, 5 items');
      await expect
        .poll(() => card.getByRole('status').innerText())
        .toBe(cartPageTexts.addedNow(5, part.name, 5));
      if (width === 1280) await expectNoSeriousA11yViolations(page);

      // The cart's line holds the 5, and says the minimum and the stock in words too.
      await page.goto('/cart');
      const line = page.getByRole('article', { name: part.name });
      await line.waitFor();
      expect(await line.getByRole('spinbutton', { name: `Quantity of ${part.name}` }).inputValue()).toBe('5');
      const lineText = await line.innerText();
      expect(lineText).toContain(minimumsTexts.minimumOrder(5));
      expect(lineText).toContain(stockWords(part));

      // The part page says the same, in words, to a visitor: in the server's HTML too, which
      // every visitor gets (the admin's count is added in the browser only).
      const html = await (await fetch(`${baseURL()}/parts/${part._id}`)).text();
      expect(html).toContain(minimumsTexts.minimumOrder(5));
      expect(html).toContain(`>${stockWords(part)}<`);
      expect(html).not.toContain(minimumsTexts.adminCount(part.availablequantity));
      await page.goto(`/parts/${part._id}`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: part.name }).waitFor();
      expect(await main.getByText(minimumsTexts.minimumOrder(5), { exact: true }).count()).toBe(1);
      expect(await main.innerText()).not.toContain(minimumsTexts.adminCount(part.availablequantity));
    });
  }

  it('ticking two brands shows both brands’ parts, the URL keeps them, and Back restores each step', async () => {
    const page = await browser.newPage();
    await page.goto('/parts?category=brake-pads');
    await expectSameAsApi(page, 'category=brake-pads');

    await brandBox(page, 'Honda').check();
    await page.waitForURL('**/parts?brand=Honda&category=brake-pads');
    await expectSameAsApi(page, 'brand=Honda&category=brake-pads');

    // The second by keyboard: Space ticks the focused box.
    await brandBox(page, 'Yamaha').focus();
    await page.keyboard.press('Space');
    await page.waitForURL('**/parts?brand=Honda&brand=Yamaha&category=brake-pads');
    await expectSameAsApi(page, 'brand=Honda&brand=Yamaha&category=brake-pads');
    expect(await brandBox(page, 'Honda').isChecked()).toBe(true);
    expect(await brandBox(page, 'Yamaha').isChecked()).toBe(true);
    // Brands combine with OR: each brand's count is its own parts, whatever else is ticked.
    await expect
      .poll(async () => {
        const { brand } = await apiFacets('?brand=Honda&brand=Yamaha&category=brake-pads');
        const counts = await Promise.all(['Honda', 'Yamaha', 'Suzuki'].map((b) => brandCount(page, b)));
        return (
          counts.join() ===
          ['Honda', 'Yamaha', 'Suzuki'].map((b) => brand.find((x) => x.value === b)?.count ?? 0).join()
        );
      })
      .toBe(true);
    await expectNoSeriousA11yViolations(page);

    // The address alone brings the same view.
    const shared = await browser.newPage();
    await shared.goto(new URL(page.url()).pathname + new URL(page.url()).search);
    await expectSameAsApi(shared, 'brand=Honda&brand=Yamaha&category=brake-pads');
    expect(await brandBox(shared, 'Yamaha').isChecked()).toBe(true);
    expect(await brandBox(shared, 'Honda').isChecked()).toBe(true);

    await page.goBack();
    await page.waitForURL('**/parts?brand=Honda&category=brake-pads');
    await expectSameAsApi(page, 'brand=Honda&category=brake-pads');
    expect(await brandBox(page, 'Yamaha').isChecked()).toBe(false);
    await page.goBack();
    await page.waitForURL('**/parts?category=brake-pads');
    await expectSameAsApi(page, 'category=brake-pads');
    expect(await brandBox(page, 'Honda').isChecked()).toBe(false);
  });

  it('takes several brands behind the Filters button on a 360 px phone', async () => {
    const page = await browser.newPage({ width: 360, height: 780 });
    await page.goto('/parts?brand=Honda');
    await expectSameAsApi(page, 'brand=Honda');
    const toggle = page.getByRole('button', { name: 'Filters (1)' });
    await toggle.click();
    await brandBox(page, 'Suzuki').check();
    await page.waitForURL('**/parts?brand=Honda&brand=Suzuki');
    await expectSameAsApi(page, 'brand=Honda&brand=Suzuki');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
