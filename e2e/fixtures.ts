import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import type { Part } from '@pitstop/core/parts';

/** The flags this machine needs for headless Chromium (no sandbox as root, no network chatter). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const baseURL = () => inject('baseURL');

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** Quoted-printable (as nodemailer writes a text with "×" or long lines) back to text. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r\n/g, '\n');
}

/** A mail's (or a MIME part's) headers, read by name, and its body. */
function parsePart(raw: string, file: string): { header: (name: string) => string; body: string } {
  const split = /\r?\n\r?\n/.exec(raw);
  if (!split) throw new Error(`${file} has no header/body break`);
  const lines = raw
    .slice(0, split.index)
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/);
  const header = (name: string) =>
    lines
      .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}: `))
      ?.slice(name.length + 2)
      .trim() ?? '';
  return { header, body: raw.slice(split.index + split[0].length) };
}

/** The mails the shop under test wrote to its development outbox (no SMTP_URL), to `to`. */
export async function outboxMailsTo(to: string): Promise<OutboxMail[]> {
  const outbox = path.join(inject('dataDir'), 'outbox');
  const files = await fs.readdir(outbox).catch(() => [] as string[]);
  const mails = await Promise.all(
    files.sort().map(async (file) => {
      const raw = await fs.readFile(path.join(outbox, file), 'utf8');
      // The development outbox writes Unix line ends; SMTP-style ones are read the same way.
      const { header, body } = parsePart(raw, file);
      // A mail with attachments (an order's invoice PDF) is multipart: its text is the text/plain part.
      const boundary = /boundary="?([^";]+)"?/i.exec(header('Content-Type'))?.[1];
      const textPart = boundary
        ? raw
            .split(`--${boundary}`)
            .slice(1)
            .map((part) => part.replace(/^\r?\n/, ''))
            .find((part) => /^content-type: text\/plain/im.test(part.slice(0, part.search(/\r?\n\r?\n/))))
        : undefined;
      const content = textPart ? parsePart(textPart.replace(/\r?\n$/, ''), file) : { header, body };
      const text = /quoted-printable/i.test(content.header('Content-Transfer-Encoding'))
        ? decodeQuotedPrintable(content.body)
        : /base64/i.test(content.header('Content-Transfer-Encoding'))
          ? Buffer.from(content.body, 'base64').toString('utf8')
          : content.body.replace(/\r\n/g, '\n');
      return { to: header('To'), subject: header('Subject'), text };
    }),
  );
  return mails.filter((mail) => mail.to === to);
}

export interface PageOptions {
  width?: number;
  height?: number;
  /** Console errors a test provokes on purpose (a failed request it staged). */
  expectedConsoleErrors?: RegExp;
}

export interface BrowserFixture {
  browser: Browser;
  /** A fresh page (own context) that fails the test on any console error or page error. */
  newPage(options?: PageOptions): Promise<Page>;
}

/** One browser per test file; every page's console errors fail the test that made them. */
export function useBrowser(): BrowserFixture {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  let errors: string[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
    });
  });
  afterEach(async () => {
    const seen = errors;
    errors = [];
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    expect(seen, 'console errors on the page').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    get browser() {
      if (!browser) throw new Error('browser not started');
      return browser;
    },
    async newPage(options = {}) {
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({
        baseURL: baseURL(),
        viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        if (options.expectedConsoleErrors?.test(msg.text())) return;
        errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      // Public pages arrive rendered by the server and come alive a moment later: act once they
      // have, as a settled visitor would. Tests of that moment pass waitUntil 'commit'.
      const goto = page.goto.bind(page);
      page.goto = async (url, gotoOptions) => {
        const response = await goto(url, gotoOptions);
        if (gotoOptions?.waitUntil !== 'commit') {
          await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        }
        return response;
      };
      return page;
    },
  };
}

/** axe on the page as it stands: serious and critical violations fail. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // A colour still easing (a link that just became the current page fades to its new colours)
  // is measured mid-way by the contrast check: wait for finite transitions and animations to end
  // (spinners and other endless ones are left running).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
}

/** A new customer, registered through the API: only the journey under test goes through the UI. */
export async function registerCustomer(
  name: string,
  emailPrefix = 'cust',
): Promise<{ email: string; password: string; name: string }> {
  const email = `${emailPrefix}${randomUUID().replaceAll('-', '').slice(0, 10)}@example.com`;
  const password = 'secret-pass';
  const base = baseURL();
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name, email, password }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status}`);
  return { email, password, name };
}

/** GET /api/parts with a query ("?limit=6", or its parameters): the parts and the total count. */
export async function apiParts(
  query: string | Record<string, string>,
): Promise<{ parts: Part[]; total: number }> {
  const search = typeof query === 'string' ? query : `?${new URLSearchParams(query).toString()}`;
  const res = await fetch(`${baseURL()}/api/parts${search}`);
  return { parts: (await res.json()) as Part[], total: Number(res.headers.get('x-total-count')) };
}

/** A call to the API as the account whose access key is `key` (a setup step, not the journey). */
export function apiAs(key: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${baseURL()}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** apiAs's JSON answer; throws with the answer when the step was refused. */
export async function apiJson<T>(key: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await apiAs(key, method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Signs in through the API and exchanges the session for the SPA's access key (setup, not the journey). */
export async function accessKeyOf(email: string, password: string): Promise<string> {
  const base = baseURL();
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  const token = res.headers.get('set-auth-token');
  if (!res.ok || !token) throw new Error(`sign-in failed: ${res.status}`);
  const exchange = await fetch(`${base}/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ email }),
  });
  return ((await exchange.json()) as { accessKey: string }).accessKey;
}

/** Signs in through the API (not the UI) and hands the page the access key, as the SPA keeps it. */
export async function signInAs(page: Page, email: string, password: string): Promise<string> {
  const accessKey = await accessKeyOf(email, password);
  await page.addInitScript((key) => localStorage.setItem('accessToken', key), accessKey);
  return accessKey;
}

/** The message(s) a form shows for a field: FormField ties them to the input with aria-describedby. */
export async function fieldError(page: Page, label: string): Promise<string> {
  const input = page.getByLabel(label, { exact: true });
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts: string[] = [];
  for (const id of ids) {
    const el = page.locator(`[id="${id}"]`);
    if (await el.count()) texts.push((await el.textContent()) ?? '');
  }
  return texts.join(' ');
}

/** Pays on the open payment page with a test card (expiry 12/39, CVC 123), once Pay is enabled. */
export async function payWith(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number', { exact: true }).fill(number);
  await page.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/39');
  await page.getByLabel('CVC', { exact: true }).fill('123');
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect.poll(() => pay.isEnabled()).toBe(true);
  await pay.click();
}

/** A delivery address in California, as a rider types it at checkout or on the part page. */
export const DELIVERY_ADDRESS = {
  name: 'Asha Rider',
  street: '500 Howard St',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  phone: '(415) 555-0134',
};

/**
 * Types a delivery address into a form's Street address, City, State and ZIP code, as a rider
 * does (the part page's order form, whose name and phone are its own fields, or the checkout).
 */
export async function fillDeliveryAddress(page: Page, address = DELIVERY_ADDRESS): Promise<void> {
  await page.getByLabel('Street address', { exact: true }).fill(address.street);
  await page.getByLabel('City', { exact: true }).fill(address.city);
  await page.getByLabel('State', { exact: true }).selectOption(address.state);
  await page.getByLabel('ZIP code', { exact: true }).fill(address.zip);
}

/** Places a one-part order at the part's minimum through the API (key: the signed-in access key). */
export async function placeOrderByApi(
  key: string,
  customer: { email: string; name: string },
  part: Pick<Part, '_id' | 'name' | 'minquantity'>,
): Promise<string> {
  const placed = await fetch(`${baseURL()}/api/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({
      email: customer.email,
      name: customer.name,
      num: '555-0100',
      parts: part.name,
      quantity: part.minquantity,
      productId: part._id,
      address: { ...DELIVERY_ADDRESS, name: customer.name },
    }),
  });
  expect(placed.status).toBe(200);
  return ((await placed.json()) as { insertedId: string }).insertedId;
}

/** Pays an order through the API with the sandbox's 4242 card, as the payment page does. */
export async function payOrderByApi(key: string, orderId: string): Promise<void> {
  const send = (method: string, path: string, body: unknown) =>
    fetch(`${baseURL()}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    });
  const { clientSecret } = (await (await send('POST', '/create-payment-intent', { orderId })).json()) as {
    clientSecret: string;
  };
  const card = await send('POST', '/payments/sandbox/confirm', {
    clientSecret,
    number: '4242424242424242',
    expiry: '12/39',
    cvc: '123',
  });
  const { transactionId } = (await card.json()) as { transactionId: string };
  const paid = await send('PATCH', `/payment/${orderId}`, { order: orderId, transactionId });
  expect(paid.status).toBe(200);
}

/** A brand's checkbox in the catalogue's filters, named "Honda (12)" or so. */
export const brandBox = (page: Page, brand: string) =>
  page.getByRole('region', { name: 'Brand' }).getByRole('checkbox', { name: brand });

/** The number a brand's checkbox shows, "Honda (12)" → 12. */
export async function brandCount(page: Page, brand: string): Promise<number> {
  const label = page
    .getByRole('region', { name: 'Brand' })
    .locator('label', { has: page.getByRole('checkbox', { name: brand }) });
  return Number(/\((\d+)\)/.exec(await label.innerText())?.[1]);
}
