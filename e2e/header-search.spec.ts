import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { headerSearchTexts } from '@pitstop/core/header-search';
import type { Suggestions } from '@pitstop/core/parts';
import type { Vehicle } from '@pitstop/core/fitment';
import { vehicleParams } from '@pitstop/core/vehicle-fit';
import { apiParts, baseURL, expectNoSeriousA11yViolations, useBrowser } from './fixtures.ts';

const browser = useBrowser();

/** A bike the demo catalogue has a chain kit for and no brake pads. */
const MT07: Vehicle = { year: 2019, make: 'Yamaha', model: 'MT-07' };
const MT07_LABEL = '2019 Yamaha MT-07';

async function apiSuggestions(q: string, bike: Vehicle): Promise<Suggestions> {
  const query = new URLSearchParams({ q, ...vehicleParams(bike) });
  const res = await fetch(`${baseURL()}/api/search/suggest?${query.toString()}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Suggestions;
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search parts' });
/** The catalogue's status line: what a view shows, or that it shows nothing. */
const status = (page: Page) => page.getByText(/^(Showing \d|No parts )/);

/** Year → Make → Model on the home page, then "Show parts": the bike is the garage's active one. */
async function chooseBikeOnHome(page: Page, bike: Vehicle) {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Find parts for your bike' });
  const make = form.getByLabel('Make', { exact: true });
  const model = form.getByLabel('Model', { exact: true });
  await form.getByLabel('Year', { exact: true }).selectOption(String(bike.year));
  await expect.poll(() => make.isEnabled()).toBe(true);
  await make.selectOption(bike.make);
  await expect.poll(() => model.isEnabled()).toBe(true);
  await model.selectOption(bike.model);
  await form.getByRole('button', { name: 'Show parts' }).click();
  await page.waitForURL((url) => url.pathname === '/parts' && url.searchParams.get('model') === bike.model);
}

/** Types into the header box and waits for the list to settle on the answer for the whole text. */
async function typeAndWaitForSuggestions(page: Page, text: string) {
  const box = searchBox(page);
  const answered = page.waitForResponse((res) => {
    const url = new URL(res.url());
    return url.pathname === '/api/search/suggest' && url.searchParams.get('q') === text;
  });
  await box.fill('');
  await box.pressSequentially(text, { delay: 30 });
  await (await answered).finished();
  await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
  const group = page.getByRole('group', { name: headerSearchTexts.suggestionPartsFor(MT07) });
  // The list shows this text's answer (the previous one stays up until it arrives).
  const expected = await apiSuggestions(text, MT07);
  await expect
    .poll(async () => (await group.getByRole('option').allInnerTexts()).map((t) => t.split('\n')[0]))
    .toEqual(expected.parts.map((p) => p.name));
  return { group, expected };
}

/** Each suggested part's mark is the API's fits flag for the bike. */
async function expectMarks(page: Page, text: string) {
  const { group, expected } = await typeAndWaitForSuggestions(page, text);
  const options = await group.getByRole('option').allInnerTexts();
  expected.parts.forEach((part, i) => {
    expect(options[i]).toContain(part.fits ? headerSearchTexts.fits : headerSearchTexts.doesNotFit);
  });
  return expected;
}

describe.each([
  { width: 1280, height: 900, phone: false },
  { width: 360, height: 780, phone: true },
])('the header search at $width px', ({ width, height, phone }) => {
  it('with a bike chosen: marks what fits, says nothing fits, and one click shows other bikes', async () => {
    const page = await browser.newPage({ width, height });
    await chooseBikeOnHome(page, MT07);

    // Any page: the header searches for the garage's bike.
    await page.goto('/about');
    const box = searchBox(page);
    if (phone) {
      // Behind a named button that opens it with focus in the box; Escape closes it again.
      const open = page.getByRole('button', { name: headerSearchTexts.openSearch });
      expect(await box.isVisible()).toBe(false);
      await open.click();
      await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Escape');
      expect(await open.getAttribute('aria-expanded')).toBe('false');
      await expect.poll(() => open.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await box.isVisible()).toBe(false);
      await page.keyboard.press('Enter');
      await expect.poll(() => box.isVisible()).toBe(true);
      await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    } else {
      expect(await box.isVisible()).toBe(true);
      await box.focus();
    }

    // A text with parts for this bike and for others: each says which.
    const chains = await expectMarks(page, 'chain');
    expect(chains.parts.some((p) => p.fits)).toBe(true);
    expect(chains.parts.some((p) => !p.fits)).toBe(true);
    expect(chains.parts[0]?.fits).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoSeriousA11yViolations(page);

    // "brak pad": pads for other bikes only, each marked so.
    const pads = await expectMarks(page, 'brak pad');
    expect(pads.parts.length).toBeGreaterThan(0);
    expect(pads.parts.every((p) => p.fits === false)).toBe(true);

    // The arrow keys walk the suggestions; Escape closes the list and keeps the text; Enter searches it.
    await page.keyboard.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${active}"]`).innerText()).toContain(pads.parts[0]!.name);
    await page.keyboard.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await box.inputValue()).toBe('brak pad');
    await page.keyboard.press('Enter');

    await page.waitForURL('**/parts?q=brak+pad&year=2019&make=Yamaha&model=MT-07');
    await expect
      .poll(() => status(page).innerText())
      .toBe(`No parts for your ${MT07_LABEL} match “brak pad”.`);
    const { total: elsewhere } = await apiParts('?q=brak+pad');
    expect(elsewhere).toBeGreaterThan(0);
    const others = page.getByRole('link', { name: headerSearchTexts.otherBikes(elsewhere) });
    await expect.poll(() => others.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoSeriousA11yViolations(page);

    await others.click();
    await page.waitForURL('**/parts?q=brak+pad');
    await expect
      .poll(() => status(page).innerText())
      .toBe(`Showing 1–${Math.min(elsewhere, 12)} of ${elsewhere} parts`);
    const cards = page.getByRole('main').getByRole('article');
    await expect.poll(() => cards.count()).toBe(Math.min(elsewhere, 12));
    // Every card still speaks of the rider's bike: none of these fits it.
    for (const text of await cards.allInnerTexts()) expect(text).toContain(`Does not fit your ${MT07_LABEL}`);
    expect(await box.inputValue()).toBe('brak pad');
  });
});

describe('the header on the narrowest phones', () => {
  it.each([320, 360])('keeps the logo and its three buttons on one row at %i px', async (width) => {
    const page = await browser.newPage({ width, height: 640 });
    await page.goto('/');
    const header = page.getByRole('banner');
    const logo = header.getByRole('link', { name: /Pitstop Parts/ });
    const buttons = [
      header.getByRole('button', { name: headerSearchTexts.openSearch }),
      header.getByRole('link', { name: /^Cart/ }),
      header.getByRole('button', { name: 'Menu' }),
    ];
    const logoBox = await logo.boundingBox();
    for (const button of buttons) {
      const box = await button.boundingBox();
      // One row: each button sits level with the logo, inside the screen, at least 44 px wide.
      expect(Math.abs(box!.y + box!.height / 2 - (logoBox!.y + logoBox!.height / 2))).toBeLessThan(8);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      expect(box!.width).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
});
