import { randomUUID } from 'node:crypto';
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

/** Signs in through the API (not the UI) and hands the page the access key, as the SPA keeps it. */
export async function signInAs(page: Page, email: string, password: string): Promise<string> {
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
  const { accessKey } = (await exchange.json()) as { accessKey: string };
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
