import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartPageTexts } from '@pitstop/core/cart-texts';
import type { Part } from '@pitstop/core/parts';
import {
  baseURL,
  DELIVERY_ADDRESS,
  expectNoSeriousA11yViolations,
  registerCustomer,
  signInAs,
  useBrowser,
} from './fixtures.ts';

const browser = useBrowser();

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
const ADMIN = { email: 'admin@pitstop.com', password: 'pitstop-admin' };

/**
 * Parts from the far end of the catalogue with stock to spare: other suites order and count the
 * first ones (and the cheapest), so this file's orders and cart never move their figures.
 */
async function partsFromTheEnd(count: number): Promise<Part[]> {
  const all = (await (await fetch(`${baseURL()}/api/parts?limit=100`)).json()) as Part[];
  const cheapest = [...all].sort((a, b) => a.price - b.price)[0];
  const chosen = all
    .slice(40)
    .filter((p) => p._id !== cheapest?._id && p.availablequantity >= p.minquantity + 3)
    .slice(-count);
  if (chosen.length < count) throw new Error(`the demo catalogue needs ${count} parts in stock at its end`);
  return chosen;
}

async function api(key: string, method: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${baseURL()}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return res.json();
}

interface Customer {
  email: string;
  password: string;
  name: string;
  orderId: string;
  ordered: Part;
}

/** A customer with one unpaid order (Make Payment, Cancel, Delete) and two lines in the cart. */
async function customerWithOrderAndCart(): Promise<Customer> {
  const customer = await registerCustomer('Phone Customer', 'phone');
  const [ordered, ...carted] = await partsFromTheEnd(3);
  // The API's sign-in, on a page that is thrown away: only the key is needed here.
  const scratch = await browser.newPage();
  const key = await signInAs(scratch, customer.email, customer.password);
  const { insertedId } = (await api(key, 'POST', '/order', {
    email: customer.email,
    name: customer.name,
    num: '555-0100',
    parts: ordered!.name,
    quantity: ordered!.minquantity,
    productId: ordered!._id,
    address: { ...DELIVERY_ADDRESS, name: customer.name },
  })) as { insertedId: string };
  for (const part of carted) {
    await api(key, 'PUT', `/cart/items/${encodeURIComponent(part._id)}`, { quantity: part.minquantity });
  }
  return { ...customer, orderId: insertedId, ordered: ordered! };
}

async function pageAs(who: { email: string; password: string }, size: typeof PHONE): Promise<Page> {
  const page = await browser.newPage(size);
  await signInAs(page, who.email, who.password);
  return page;
}

/** Nothing on the page reaches past its right edge: the page cannot be scrolled sideways. */
async function expectNoSidewaysOverflow(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'page wider than the screen').toBeLessThanOrEqual(clientWidth);
}

/**
 * Every button in `item` (and every link, where the links are buttons too: Make Payment, Review,
 * Edit) lies inside the screen and is a 44 × 44 px target.
 */
async function expectActionsReachable(
  page: Page,
  item: Locator,
  names: string[],
  { links = true } = {},
): Promise<void> {
  const width = page.viewportSize()!.width;
  const actions = links ? item.getByRole('button').or(item.getByRole('link')) : item.getByRole('button');
  const found: string[] = [];
  for (const action of await actions.all()) {
    const name = (await action.getAttribute('aria-label')) ?? (await action.innerText());
    found.push(name);
    const box = await action.boundingBox();
    expect(box, `${name} is laid out`).not.toBeNull();
    expect(box!.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${name} ends on screen`).toBeLessThanOrEqual(width);
    expect(box!.height, `${name} is tall enough to tap`).toBeGreaterThanOrEqual(44);
    expect(box!.width, `${name} is wide enough to tap`).toBeGreaterThanOrEqual(44);
  }
  for (const name of names) expect(found).toContain(name);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
}

/** A list's layout: a real table on wide screens, a card per row (the table restyled) on phones. */
async function tableDisplay(table: Locator): Promise<{ table: string; row: string; header: number }> {
  return table.evaluate((el) => ({
    table: getComputedStyle(el).display,
    row: getComputedStyle(el.querySelector('tbody tr')!).display,
    header: el.querySelector('thead th')!.getBoundingClientRect().height,
  }));
}

/** The first data row of a table (the header row is row 0). */
const firstItem = (table: Locator) => table.getByRole('row').nth(1);

let customer: Customer;

beforeAll(async () => {
  customer = await customerWithOrderAndCart();
});

describe('the signed-in lists on a 360 px phone', () => {
  it('My Orders: a card per order with Make Payment, Cancel and Delete on screen', async () => {
    const page = await pageAs(customer, PHONE);
    await page.goto('/order');
    const table = page.getByRole('table', { name: 'Your orders' });
    await firstItem(table).waitFor();
    const label = customer.ordered.name;
    await expectActionsReachable(page, firstItem(table), [
      `Make Payment for order of ${label}`,
      `Cancel order of ${label}`,
      `Delete order of ${label}`,
    ]);
    // Every field is on the card, not just the first columns.
    const card = await firstItem(table).innerText();
    for (const text of [customer.email, 'Make Payment', 'Pay by']) expect(card).toContain(text);
    expect((await tableDisplay(table)).row).not.toBe('table-row');
    await expectNoSidewaysOverflow(page);
    await expectNoSeriousA11yViolations(page);
  });

  it('All Orders: the first order shows its Delete on screen', async () => {
    const page = await pageAs(ADMIN, PHONE);
    await page.goto(`/dashboard/allorders?email=${encodeURIComponent(customer.email)}`);
    const table = page.getByRole('table', { name: 'All orders' });
    await firstItem(table).waitFor();
    await expectActionsReachable(page, firstItem(table), [
      `Cancel order of ${customer.ordered.name} for ${customer.email}`,
      `Delete order of ${customer.ordered.name} for ${customer.email}`,
    ]);
    expect(await firstItem(table).innerText()).toContain('Unpaid');
    await expectNoSidewaysOverflow(page);
    await expectNoSeriousA11yViolations(page);
  });

  it('All User: Make Admin and Delete on screen, for the first user and for a customer', async () => {
    const page = await pageAs(ADMIN, PHONE);
    await page.goto('/dashboard/alluser');
    const table = page.getByRole('table', { name: 'All users' });
    await firstItem(table).waitFor();
    await expectActionsReachable(page, firstItem(table), []);
    const row = table.getByRole('row').filter({ hasText: customer.email });
    await row.scrollIntoViewIfNeeded();
    await expectActionsReachable(page, row, [`Make ${customer.name} admin`, `Delete ${customer.name}`]);
    await expectNoSidewaysOverflow(page);
    await expectNoSeriousA11yViolations(page);
  });

  it('the catalogue: the first part shows Edit and Delete on screen', async () => {
    const page = await pageAs(ADMIN, PHONE);
    await page.goto('/dashboard/parts');
    const table = page.getByRole('table', { name: 'Catalogue' });
    await firstItem(table).waitFor();
    const name = (await firstItem(table).getByRole('link').first().getAttribute('aria-label'))!.replace(
      /^Edit /,
      '',
    );
    await expectActionsReachable(page, firstItem(table), [`Edit ${name}`, `Delete ${name}`]);
    await expectNoSidewaysOverflow(page);
    await expectNoSeriousA11yViolations(page);
  });

  it('the cart: the first line shows −, +, and Remove on screen', async () => {
    const page = await pageAs(customer, PHONE);
    await page.goto('/cart');
    const line = page.getByRole('article').first();
    await line.waitFor();
    const name = await line.getByRole('heading').innerText();
    await expectActionsReachable(
      page,
      line,
      [cartPageTexts.decrease(name), cartPageTexts.increase(name), cartPageTexts.removeLabel(name)],
      { links: false },
    );
    await expectNoSidewaysOverflow(page);
    await expectNoSeriousA11yViolations(page);
  });
});

describe('the signed-in lists at 1280 px', () => {
  it.each([
    ['customer', '/order', 'Your orders'],
    ['admin', '/dashboard/allorders', 'All orders'],
    ['admin', '/dashboard/alluser', 'All users'],
    ['admin', '/dashboard/parts', 'Catalogue'],
  ] as const)('shows the %s table at %s with its actions on screen', async (who, url, caption) => {
    const page = await pageAs(who === 'admin' ? ADMIN : customer, DESKTOP);
    await page.goto(url);
    const table = page.getByRole('table', { name: caption });
    await firstItem(table).waitFor();
    expect(await table.isVisible()).toBe(true);
    const display = await tableDisplay(table);
    expect(display.table).toBe('table');
    expect(display.row).toBe('table-row');
    expect(display.header).toBeGreaterThan(20);
    await expectActionsReachable(page, firstItem(table), []);
    await expectNoSidewaysOverflow(page);
  });
});

describe('every signed-in screen fits a 360 px phone', () => {
  it.each([
    ['customer', 'the payment page', (): string => `/payment/${customer.orderId}`],
    ['customer', 'the dashboard', (): string => '/dashboard'],
    ['admin', "the admin's dashboard", (): string => '/dashboard'],
    ['customer', 'the profile', (): string => '/profile'],
    [
      'customer',
      'add review',
      (): string => `/addreview?order=${customer.orderId}&part=${customer.ordered._id}`,
    ],
    ['customer', 'the cart', (): string => '/cart'],
    ['customer', 'checkout', (): string => '/checkout'],
    ['admin', 'add user', (): string => '/dashboard/adduser'],
    ['admin', 'the new part editor', (): string => '/dashboard/parts/new'],
    ['admin', 'the part editor', (): string => `/dashboard/parts/${customer.ordered._id}/edit`],
  ] as const)('%s: %s', async (who, _screen, url) => {
    const page = await pageAs(who === 'admin' ? ADMIN : customer, PHONE);
    await page.goto(url());
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoSidewaysOverflow(page);
    // Every field's box and every button stays inside the screen too.
    const outside = await page.evaluate(() =>
      Array.from(document.querySelectorAll('main input, main select, main textarea, main button'))
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.left < 0 || box.right > window.innerWidth))
        .map(({ el }) => el.getAttribute('aria-label') ?? el.id ?? el.tagName),
    );
    expect(outside).toEqual([]);
  });
});
