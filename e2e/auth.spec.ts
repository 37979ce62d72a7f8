import { randomUUID } from 'node:crypto';
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { messages } from '@pitstop/core/messages';
import { baseURL, expectNoSeriousA11yViolations, fieldError, useBrowser } from './fixtures.ts';
import { GOOGLE_TEST_USER } from './oidc-provider.ts';

const browser = useBrowser();
const newEmail = () => `rider${randomUUID().replaceAll('-', '').slice(0, 10)}@example.com`;
const main = (page: Page) => page.getByRole('main');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function register(page: Page, email: string, password = 'secret-pass') {
  await page.getByLabel('Name', { exact: true }).fill('Journey Rider');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
}

describe('login form rules', () => {
  it.each([
    ['', 'secret1', 'Email', messages.emailRequired],
    ['Not-An-Email', 'secret1', 'Email', messages.emailInvalid],
    ['rider@pitstop.com', '', 'Password', messages.passwordRequired],
    ['rider@pitstop.com', '12345', 'Password', messages.passwordTooShort],
  ])('email %j, password %j → %s shows "%s"', async (email, password, label, message) => {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect.poll(() => fieldError(page, label)).toContain(message);
  });

  it('shows a wrong password as "Error: …" in red in place of the form, and comes back on Try again', async () => {
    const page = await browser.newPage({ expectedConsoleErrors: /status of 401/ });
    await page.goto('/login');
    await logIn(page, 'rider@pitstop.com', 'wrong-password');
    const error = main(page).getByText(/^Error: /);
    await expect.poll(() => error.innerText()).toMatch(/^Error: Wrong email or password/);
    // Computed colours may come back as lab(); let a canvas turn it into RGB.
    const [r, g, b] = await error.evaluate((el) => {
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.fillStyle = getComputedStyle(el).color;
      ctx.fillRect(0, 0, 1, 1);
      return Array.from(ctx.getImageData(0, 0, 1, 1).data);
    });
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(60);
    expect(b).toBeLessThan(60);
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    await main(page).getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.getByLabel('Password', { exact: true }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page);
  });

  it('forgot password asks for an email first, then says to check the mail', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect.poll(() => main(page).innerText()).toContain(messages.resetEmailMissing);
    await page.getByLabel('Email', { exact: true }).fill(newEmail());
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect.poll(() => main(page).innerText()).toContain(messages.resetMailSent);
  });
});

describe('register form rules', () => {
  it.each([
    [{ name: '' }, 'Name', messages.nameRequired],
    [{ email: '' }, 'Email', messages.emailRequired],
    [{ email: 'bad@' }, 'Email', messages.emailInvalid],
    [{ password: '', confirm: '' }, 'Password', messages.passwordRequired],
    [{ password: '123', confirm: '123' }, 'Password', messages.registerPasswordTooShort],
    [{ confirm: 'different-pass' }, 'Confirm password', messages.passwordMismatch],
  ])('%o → %s shows "%s"', async (input, label, message) => {
    const page = await browser.newPage();
    await page.goto('/register');
    const v = { name: 'Asha', email: newEmail(), password: 'secret-pass', confirm: 'secret-pass', ...input };
    await page.getByLabel('Name', { exact: true }).fill(v.name);
    await page.getByLabel('Email', { exact: true }).fill(v.email);
    await page.getByLabel('Password', { exact: true }).fill(v.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(v.confirm);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => fieldError(page, label)).toContain(message);
  });

  it('says so when the email is already registered', async () => {
    const page = await browser.newPage({ expectedConsoleErrors: /status of 422|status of 400/ });
    await page.goto('/register');
    await register(page, 'rider@pitstop.com');
    await expect
      .poll(() =>
        main(page)
          .getByText(/^Error: /)
          .innerText(),
      )
      .toMatch(/already registered/);
  });
});

describe('journeys', () => {
  it('a visitor sent to /login from a guarded page registers and comes back there; logout clears the token', async () => {
    const page = await browser.newPage();
    await page.goto('/order');
    await page.waitForURL('**/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    // The link carries where the visitor was going (issue #28), so registering comes back there.
    await page.waitForURL((url) => url.pathname === '/register');
    expect(new URL(page.url()).searchParams.get('from')).toBe('/order');
    await register(page, newEmail());
    await page.waitForURL('**/order');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    for (const label of ['My Orders', 'Profile', 'Dashboard']) {
      await expect
        .poll(() => nav(page).getByRole('link', { name: label, exact: true }).isVisible())
        .toBe(true);
    }
    await expectNoSeriousA11yViolations(page);

    await nav(page).getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await expect
      .poll(() => nav(page).getByRole('link', { name: 'Log In', exact: true }).isVisible())
      .toBe(true);
    await page.goto('/profile');
    await page.waitForURL('**/login');
  });

  it('the demo customer logs in and returns to the part they wanted', async () => {
    const page = await browser.newPage();
    const part = (
      (await (await fetch(`${baseURL()}/api/parts?limit=1`)).json()) as { _id: string; name: string }[]
    )[0]!;
    await page.goto(`/parts/${part._id}`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Log in to order' }).click();
    await page.waitForURL('**/login');
    await logIn(page, 'rider@pitstop.com', 'pitstop-rider');
    await page.waitForURL(`**/parts/${part._id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(part.name);
    await expect.poll(() => page.getByRole('button', { name: 'Place Order' }).isVisible()).toBe(true);
  });

  it('a customer opening an admin page is signed out and sent to /login', async () => {
    const page = await browser.newPage();
    await page.goto('/register');
    await register(page, newEmail());
    await page.waitForURL(`${baseURL()}/`);
    await page.goto('/dashboard/alluser');
    await page.waitForURL('**/login');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    expect(await page.getByRole('heading', { name: 'All User' }).count()).toBe(0);
  });

  it('the admin sees the admin menu and the All User page', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await logIn(page, 'admin@pitstop.com', 'pitstop-admin');
    await page.waitForURL(`${baseURL()}/`);
    await page.goto('/dashboard/alluser');
    await expect.poll(() => page.getByRole('heading', { name: 'All User' }).isVisible()).toBe(true);
    for (const item of ['All Orders', 'All User', 'Add User']) {
      await expect
        .poll(() => page.getByRole('link', { name: item, exact: true }).first().isVisible())
        .toBe(true);
    }
  });

  it('profile rules, then a saved photo shows in the navbar', async () => {
    const page = await browser.newPage();
    await page.goto('/register');
    await register(page, newEmail());
    await page.waitForURL(`${baseURL()}/`);
    await nav(page).getByRole('link', { name: 'Profile', exact: true }).click();
    await page.waitForURL('**/profile');
    // The address changes at once; the screen follows once its code has arrived (a transition
    // keeps the last screen, whose registration form also has a Name field, on show meanwhile).
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();

    await page.getByLabel('Name', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => fieldError(page, 'Name')).toContain(messages.nameRequired);
    await expect.poll(() => fieldError(page, 'Photo')).toContain(messages.imgRequired);

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-photo-'));
    const photo = path.join(dir, 'me.png');
    await fs.writeFile(
      photo,
      await sharp({ create: { width: 48, height: 48, channels: 3, background: '#b91c1c' } })
        .png()
        .toBuffer(),
    );
    await page.getByLabel('Name', { exact: true }).fill('Photo Rider');
    await page.getByLabel('Photo', { exact: true }).setInputFiles(photo);
    await page.getByLabel('Occupation', { exact: true }).selectOption('Job Holder');
    await page.getByRole('button', { name: 'Save profile' }).click();
    const avatar = nav(page).getByRole('img', { name: 'Photo Rider' });
    await expect
      .poll(() => avatar.getAttribute('src'), { timeout: 15_000 })
      .toMatch(/^\/uploads\/[a-f0-9]{64}-48x48\.webp$/);
    await expect.poll(() => main(page).innerText()).toContain('Job Holder');
    await fs.rm(dir, { recursive: true, force: true });
  });
});

describe('Google sign-in', () => {
  it('signs in through the OpenID provider and lands back signed in', async () => {
    // The provider's development login page asks for a web font this machine cannot reach.
    const page = await browser.newPage({ expectedConsoleErrors: /ERR_NAME_NOT_RESOLVED|status of 404/ });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL(/127\.0\.0\.1:\d+\/interaction\//);
    await page.locator('input[name=login]').fill(GOOGLE_TEST_USER.login);
    await page.locator('input[name=password]').fill('any-password');
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/\/interaction\//);
    await page.locator('button[type=submit]').click();
    await page.waitForURL(`${baseURL()}/`, { timeout: 20_000 });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    await expect
      .poll(() => nav(page).getByRole('img', { name: GOOGLE_TEST_USER.name }).isVisible())
      .toBe(true);
  });
});
