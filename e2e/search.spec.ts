import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PARTS_WEB_PAGE } from '@pitstop/core/catalogue';
import type { PartFacets } from '@pitstop/core/parts';
import {
  apiParts,
  baseURL,
  brandBox,
  brandCount,
  expectNoSeriousA11yViolations,
  useBrowser,
} from './fixtures.ts';

const browser = useBrowser();

async function apiFacets(query: string): Promise<PartFacets> {
  const res = await fetch(`${baseURL()}/api/parts/facets${query}`);
  return (await res.json()) as PartFacets;
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search parts' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Search parts' });
const cardNames = (page: Page) => page.getByRole('article').getByRole('heading').allInnerTexts();
const status = (page: Page) => page.getByText(/^Showing \d/);
const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

describe('catalogue search', () => {
  it('offers suggestions for "brak", and Enter searches the typed text: brake pads', async () => {
    const page = await browser.newPage();
    await page.goto('/parts');
    const box = searchBox(page);
    await box.pressSequentially('brak', { delay: 40 });

    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
    const parts = suggestions(page).getByRole('group', { name: 'Parts' }).getByRole('option');
    await expect.poll(() => parts.count()).toBeGreaterThan(0);
    expect(await parts.first().innerText()).toMatch(/Brake Pads/i);
    await expectNoSeriousA11yViolations(page);

    await box.press('Enter');

    await page.waitForURL('**/parts?q=brak');
    const { parts: found, total } = await apiParts(`?q=brak&limit=${PARTS_WEB_PAGE}`);
    await expect
      .poll(() => status(page).innerText())
      .toBe(`Showing 1–${Math.min(total, PARTS_WEB_PAGE)} of ${total} parts`);
    const names = await cardNames(page);
    expect(names).toEqual(found.map((p) => p.name));
    expect(names[0]).toMatch(/Brake Pads/);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await box.inputValue()).toBe('brak');
  });

  it('searches what was typed when Enter comes at once, before any suggestion for it', async () => {
    const page = await browser.newPage();
    await page.goto('/parts');
    const box = searchBox(page);
    // Let suggestions for "chain" show, then type on and press Enter without waiting.
    await box.pressSequentially('chain');
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
    await box.press('ArrowDown');
    await box.pressSequentially(' lube');
    await box.press('Enter');

    await page.waitForURL('**/parts?q=chain+lube');
    await expect.poll(() => status(page).isVisible()).toBe(true);
  });

  it('picks a bike from the suggestions with the keyboard: the catalogue shows what fits it', async () => {
    const page = await browser.newPage();
    await page.goto('/parts');
    const box = searchBox(page);
    await box.focus();
    // The suggestions of "R15 V" stay up until those of "R15 V3" arrive (no flicker), and on a
    // busy machine the typing outlasts the debounce: wait for the answer to the whole text, and
    // for the list to settle on it, before reading its last bike.
    const answered = page.waitForResponse((res) => {
      const url = new URL(res.url());
      return url.pathname === '/api/search/suggest' && url.searchParams.get('q') === 'R15 V3';
    });
    await page.keyboard.type('R15 V3');
    await (await answered).finished();
    const bikes = suggestions(page).getByRole('group', { name: 'Bikes' }).getByRole('option');
    await expect
      .poll(async () => {
        const before = await bikes.allInnerTexts();
        await new Promise((resolve) => setTimeout(resolve, 300));
        const after = await bikes.allInnerTexts();
        return before.length > 0 && before.join('\n') === after.join('\n');
      })
      .toBe(true);
    const bike = await bikes.last().innerText();

    // Up from the box wraps to the last option, the last bike; Escape closes, Down reopens.
    await page.keyboard.press('ArrowUp');
    const active = await box.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${active}"]`).innerText()).toBe(bike);
    await page.keyboard.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');

    const [year, make, ...model] = bike.split(' ');
    await page.waitForURL(
      (url) =>
        url.searchParams.get('year') === year &&
        url.searchParams.get('make') === make &&
        url.searchParams.get('model') === model.join(' '),
    );
    await expect.poll(() => page.getByText(`Parts that fit ${bike}`).isVisible()).toBe(true);
    const { total } = await apiParts(new URL(page.url()).search);
    const endsWith = total === 1 ? `of 1 part` : `of ${total} parts`;
    await expect.poll(async () => (await status(page).innerText()).endsWith(endsWith)).toBe(true);

    await page.getByRole('link', { name: `Show parts for every bike, not only the ${bike}` }).click();
    await expect.poll(() => page.getByText(`Parts that fit ${bike}`).count()).toBe(0);
  });

  it('narrows by a brand facet to the count it showed; the URL shows the same in a new page; Back restores', async () => {
    const page = await browser.newPage();
    await page.goto('/parts?q=brake');
    const { total: before } = await apiParts('?q=brake');
    await expect.poll(async () => (await status(page).innerText()).endsWith(`of ${before} parts`)).toBe(true);
    const firstView = await cardNames(page);

    const { brand } = await apiFacets('?q=brake');
    const honda = brand.find((b) => b.value === 'Honda')!;
    await expect.poll(() => brandCount(page, 'Honda')).toBe(honda.count);
    await brandBox(page, 'Honda').check();

    await page.waitForURL('**/parts?q=brake&brand=Honda');
    await expect
      .poll(() => status(page).innerText())
      .toBe(
        `Showing 1–${Math.min(honda.count, PARTS_WEB_PAGE)} of ${honda.count} part${honda.count === 1 ? '' : 's'}`,
      );
    const narrowed = await cardNames(page);
    for (const text of await page.getByRole('article').allInnerTexts()) expect(text).toMatch(/Honda/);

    // The address alone brings the same view to someone else.
    const shared = await browser.newPage();
    await shared.goto(pathAndQuery(page));
    await expect.poll(() => status(shared).innerText()).toBe(await status(page).innerText());
    expect(await cardNames(shared)).toEqual(narrowed);
    expect(await brandBox(shared, 'Honda').isChecked()).toBe(true);

    await page.goBack();
    await page.waitForURL('**/parts?q=brake');
    await expect.poll(async () => (await status(page).innerText()).endsWith(`of ${before} parts`)).toBe(true);
    expect(await cardNames(page)).toEqual(firstView);
    expect(await searchBox(page).inputValue()).toBe('brake');
  });

  it('moves through numbered pages by link and keyboard, and Back returns to the last page', async () => {
    const page = await browser.newPage();
    // Other suites add parts while this one runs: the total shown is the catalogue's count at
    // some moment of the walk, one of those the API has answered. The count is read before the
    // page too, so a part added or deleted while it renders still leaves its total among them.
    const totals = new Set([(await apiParts('')).total]);
    await page.goto('/parts?sort=price_asc');
    totals.add((await apiParts('')).total);
    const showing = (range: string) =>
      expect
        .poll(async () => {
          const text = await status(page).innerText();
          const prefix = `Showing ${range} of `;
          if (!text.startsWith(prefix) || !text.endsWith(' parts')) return text;
          totals.add((await apiParts('')).total);
          const shown = Number(text.slice(prefix.length, -' parts'.length));
          return totals.has(shown) ? 'as the catalogue counts' : text;
        })
        .toBe('as the catalogue counts');
    await showing('1–12');
    const pages = page.getByRole('navigation', { name: 'Pages' });

    await pages.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL('**/parts?sort=price_asc&page=2');
    await showing('13–24');
    const second = await apiParts('?sort=price_asc&limit=12&offset=12');
    expect(await cardNames(page)).toEqual(second.parts.map((p) => p.name));

    await pages.getByRole('link', { name: 'Page 3' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/parts?sort=price_asc&page=3');
    await showing('25–36');
    expect(await pages.getByRole('link', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');

    await page.goBack();
    await showing('13–24');

    // A filter change starts again from page 1.
    await page.getByLabel('In stock only').check();
    await page.waitForURL('**/parts?inStock=true&sort=price_asc');
  });

  it('says "Did you mean" for a misspelt search, and the suggestion finds parts', async () => {
    const page = await browser.newPage();
    await page.goto('/parts?q=brkae+pads');
    await expect.poll(() => page.getByText('No parts match “brkae pads”.').isVisible()).toBe(true);
    const { didYouMean } = await apiFacets('?q=brkae+pads');
    expect(didYouMean).toBeTruthy();
    const link = page.getByRole('link', { name: didYouMean! });
    await expect.poll(() => link.isVisible()).toBe(true);
    expect(await link.locator('..').innerText()).toBe(`Did you mean ${didYouMean}?`);
    await expectNoSeriousA11yViolations(page);

    await link.click();
    await expect.poll(() => status(page).isVisible()).toBe(true);
    expect(await page.getByRole('article').count()).toBeGreaterThan(0);
    expect(await searchBox(page).inputValue()).toBe(didYouMean);
  });

  it('keeps the filters behind a "Filters" button at 360 px', async () => {
    const page = await browser.newPage({ width: 360, height: 780 });
    await page.goto('/parts?brand=Honda');
    await expect.poll(() => status(page).isVisible()).toBe(true);
    const toggle = page.getByRole('button', { name: 'Filters (1)' });
    const brands = page.getByRole('region', { name: 'Brand' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await brands.isVisible()).toBe(false);

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => brands.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('radio', { name: '4 stars and up' }).check();
    await page.waitForURL('**/parts?brand=Honda&minRating=4');
  });
});

describe('the price range, on the slow path', () => {
  it('applies a typed maximum once when Apply is clicked straight away, so one Back undoes it', async () => {
    const page = await browser.newPage();
    await page.goto('/parts?q=brake');
    await page.getByLabel(/max/i).first().fill('30');
    // The click blurs the box (which applies) and then applies again: still one history entry.
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('maxPrice')).toBe('30');
    await page.reload();
    await expect.poll(() => new URL(page.url()).searchParams.get('maxPrice')).toBe('30');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('maxPrice')).toBeNull();
    expect(new URL(page.url()).searchParams.get('q')).toBe('brake');
  });
});
