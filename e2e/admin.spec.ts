import { describe, expect, it } from 'vitest';
import { baseURL, signInAs, useBrowser } from './fixtures.ts';

const browser = useBrowser();

async function registerCustomer(): Promise<{ email: string; password: string }> {
  const email = `cust${Math.random()
    .toString(36)
    .slice(2, 12)
    .replace(/[^a-z0-9]/g, '')}@example.com`;
  const password = 'secret-pass';
  const base = baseURL();
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: 'Menu Customer', email, password }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status}`);
  return { email, password };
}

describe('a customer in the dashboard', () => {
  it('sees only the Dashboard item', async () => {
    const page = await browser.newPage();
    const { email, password } = await registerCustomer();
    await signInAs(page, email, password);
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: /dashboard/i });
    await expect
      .poll(() => menu.getByRole('link', { name: 'Dashboard', exact: true }).isVisible())
      .toBe(true);
    for (const item of ['All Orders', 'All User', 'Add User', 'Catalogue']) {
      expect(await menu.getByRole('link', { name: item, exact: true }).count()).toBe(0);
    }
  });

  it.each([
    '/dashboard/allorders',
    '/dashboard/alluser',
    '/dashboard/adduser',
    '/dashboard/parts',
    '/dashboard/parts/new',
  ])('is signed out and sent to /login from %s', async (url) => {
    const page = await browser.newPage();
    const { email, password } = await registerCustomer();
    await signInAs(page, email, password);
    await page.goto(url);
    await page.waitForURL('**/login');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });
});
