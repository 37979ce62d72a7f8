import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { headerSearchTexts } from '@pitstop/core/header-search';
import { partNumberTexts } from '@pitstop/core/part-number-texts';
import type { PartNumber } from '@pitstop/core/part-numbers';
import type { Part } from '@pitstop/core/parts';
import { baseURL, expectNoSeriousA11yViolations, signInAs, useBrowser } from './fixtures.ts';

const browser = useBrowser();
const ADMIN = { email: 'admin@pitstop.com', password: 'pitstop-admin' };
const editor = partNumberTexts.editor;

/** The admin's access key, through the API (only the journey under test goes through the UI). */
async function adminKey(): Promise<string> {
  const base = baseURL();
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(ADMIN),
  });
  const token = res.headers.get('set-auth-token');
  if (!res.ok || !token) throw new Error(`sign-in failed: ${res.status}`);
  const exchange = await fetch(`${base}/api/user/${encodeURIComponent(ADMIN.email)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ email: ADMIN.email }),
  });
  return ((await exchange.json()) as { accessKey: string }).accessKey;
}

/** A few letters and digits no other part of the run carries. */
const unique = () => randomBytes(3).toString('hex').toUpperCase();

function partBody(name: string, partNumber: string, numbers: PartNumber[] = []) {
  return {
    name,
    partNumber,
    seller: 'Pitstop Test Supply',
    price: 24.5,
    img: '/images/parts/mirrors.svg',
    description: 'Folding bar-end mirrors.',
    stock: 30,
    availablequantity: 20,
    minquantity: 1,
    brand: 'Yamaha',
    // Mirrors: no other suite counts them (search counts "brake", minimums brake pads, at the same
    // time on the same shop).
    category: 'mirrors',
    specifications: [],
    universal: false,
    fitment: [],
    numbers,
  };
}

async function createPart(key: string, body: ReturnType<typeof partBody>): Promise<string> {
  const res = await fetch(`${baseURL()}/api/parts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
  expect(res.ok, await res.clone().text()).toBe(true);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

async function getPart(id: string): Promise<Part & { numbers: PartNumber[] }> {
  const res = await fetch(`${baseURL()}/api/parts/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Part & { numbers: PartNumber[] };
}

/**
 * An old part and the part that replaces it: the old one's number is what a rider reads off the
 * part in their hand. `numbered` gives the new part its OEM number and the supersession through
 * the API; otherwise the admin adds them on the form.
 */
async function oldAndNew(key: string, numbered: boolean) {
  const tag = unique();
  const old = { number: `4C8-${tag}-00`, name: `Bar-end mirror set ${tag} (old)` };
  const oem = `B7B-${tag}-01`;
  const oldId = await createPart(key, partBody(old.name, old.number));
  const name = `Bar-end mirror set ${tag}`;
  const numbers: PartNumber[] = numbered
    ? [
        { kind: 'oem', brand: 'Yamaha', number: oem },
        { kind: 'supersedes', brand: null, number: old.number },
      ]
    : [];
  const newId = await createPart(key, partBody(name, `BS-${tag}`, numbers));
  // What a rider types: the old number as stamped, in lower case and with spaces for dashes.
  const typed = old.number.toLowerCase().replaceAll('-', ' ');
  return { oldId, newId, name, oldNumber: old.number, oem, typed };
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search parts' });

async function openSearch(page: Page, phone: boolean) {
  if (phone) await page.getByRole('button', { name: headerSearchTexts.openSearch }).click();
  await searchBox(page).focus();
}

/** Types into the header box and waits for the suggestions answered for the whole text. */
async function typeNumber(page: Page, text: string) {
  const answered = page.waitForResponse((res) => {
    const url = new URL(res.url());
    return url.pathname === '/api/search/suggest' && url.searchParams.get('q') === text;
  });
  await searchBox(page).pressSequentially(text, { delay: 30 });
  await (await answered).finished();
  await expect.poll(() => searchBox(page).getAttribute('aria-expanded')).toBe('true');
}

/** The number sections on a part page, and a copy from one of them. */
async function expectNumbersAndCopy(
  page: Page,
  pair: Awaited<ReturnType<typeof oldAndNew>>,
  keyboard: boolean,
) {
  const replaces = page.getByRole('region', { name: partNumberTexts.headings.supersedes });
  const oem = page.getByRole('region', { name: partNumberTexts.headings.oem });
  await expect.poll(() => replaces.isVisible()).toBe(true);
  expect(await replaces.innerText()).toContain(pair.oldNumber);
  // textContent: the maker is shown in capitals by its style.
  expect(await oem.textContent()).toContain('Yamaha');
  expect(await oem.innerText()).toContain(pair.oem);
  expect(await page.getByRole('region', { name: partNumberTexts.headings.interchange }).count()).toBe(0);

  const copy = oem.getByRole('button', { name: partNumberTexts.copy(pair.oem) });
  if (keyboard) {
    await copy.focus();
    await page.keyboard.press('Enter');
  } else {
    await copy.click();
  }
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: partNumberTexts.copied }).count())
    .toBe(1);
  expect(await copy.innerText()).toContain(partNumberTexts.copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pair.oem);
}

async function riderPage(width: number, height: number) {
  const page = await browser.newPage({ width, height });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
  return page;
}

describe.each([
  { width: 1280, height: 900, phone: false },
  { width: 360, height: 780, phone: true },
])('a part found by an old number at $width px', ({ width, height, phone }) => {
  it('the admin lists the numbers; the rider types the old number and lands on its replacement', async () => {
    const key = await adminKey();
    const pair = await oldAndNew(key, false);

    // The admin gives the new part its OEM number and the number it replaces, on its form.
    const admin = await browser.newPage({ width, height });
    await signInAs(admin, ADMIN.email, ADMIN.password);
    await admin.goto(`/dashboard/parts/${pair.newId}/edit`);
    const numbers = admin.getByRole('group', { name: editor.legend });
    await expect.poll(() => numbers.getByText(editor.none).isVisible()).toBe(true);
    await numbers.getByRole('button', { name: editor.add }).click();
    await admin.getByLabel(editor.brand(1), { exact: true }).fill('Yamaha');
    await admin.getByLabel(editor.number(1), { exact: true }).fill(pair.oem);
    await numbers.getByRole('button', { name: editor.add }).click();
    await admin.getByLabel(editor.kind(2), { exact: true }).selectOption({ label: 'Replaces' });
    await admin.getByLabel(editor.number(2), { exact: true }).fill(pair.oldNumber);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await admin.getByRole('button', { name: 'Save part' }).click();
    await admin.waitForURL('**/dashboard/parts');
    expect((await getPart(pair.newId)).numbers).toEqual([
      { kind: 'oem', brand: 'Yamaha', number: pair.oem },
      { kind: 'supersedes', brand: null, number: pair.oldNumber },
    ]);
    // The old part's page now answers with its replacement's address.
    const old = await fetch(`${baseURL()}/parts/${pair.oldId}`, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(new URL(old.headers.get('location') ?? '', baseURL()).pathname).toBe(`/parts/${pair.newId}`);

    // A rider types the number off the old part, as it comes.
    const page = await riderPage(width, height);
    await page.goto('/');
    await openSearch(page, phone);
    await typeNumber(page, pair.typed);
    const suggestion = page.getByRole('option').filter({ hasText: pair.name }).first();
    expect(await suggestion.innerText()).toContain(
      partNumberTexts.matched('supersedes', null, pair.oldNumber),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoSeriousA11yViolations(page);
    await suggestion.click();

    await page.waitForURL(`**/parts/${pair.newId}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(pair.name);
    await expectNumbersAndCopy(page, pair, false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoSeriousA11yViolations(page);

    // The old part's page, from a bookmark: the replacement's page, rendered by the server.
    await page.goto(`/parts/${pair.oldId}`);
    expect(new URL(page.url()).pathname).toBe(`/parts/${pair.newId}`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(pair.name);
  });
});

describe('a part found by an old number, by keyboard', () => {
  it('types the number, picks the suggestion with the arrow keys, and copies a number with Enter', async () => {
    const pair = await oldAndNew(await adminKey(), true);
    const page = await riderPage(1280, 900);
    await page.goto('/');

    // Tab from the top of the page to the header's search box.
    const inSearch = () => searchBox(page).evaluate((el) => el === document.activeElement);
    for (let presses = 0; presses < 30 && !(await inSearch()); presses++) await page.keyboard.press('Tab');
    expect(await inSearch()).toBe(true);
    await typeNumber(page, pair.typed);
    // The replacement comes first, saying why.
    await page.keyboard.press('ArrowDown');
    const active = await searchBox(page).getAttribute('aria-activedescendant');
    const option = page.locator(`[id="${active}"]`);
    expect(await option.innerText()).toContain(pair.name);
    expect(await option.innerText()).toContain(`Replaces ${pair.oldNumber}`);
    await page.keyboard.press('Enter');

    await page.waitForURL(`**/parts/${pair.newId}`);
    await expectNumbersAndCopy(page, pair, true);
    // The keyboard stays on the button it pressed.
    const copy = page.getByRole('button', { name: partNumberTexts.copy(pair.oem) });
    expect(await copy.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
