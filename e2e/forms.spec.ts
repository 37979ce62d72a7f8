// No lost clicks (issue #9): every form acts on the FIRST press of its button. Each test leaves
// a field focused after emptying it, then clicks the button once with a real mouse click, which
// blurs the field before the button's mouseup. A message that appeared on that blur used to push
// the button down, so the click landed beside it and nothing happened until a second click.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CSV_COLUMNS, catalogueIoTexts } from '@pitstop/core/catalogue-io';
import { messages } from '@pitstop/core/messages';
import type { Part } from '@pitstop/core/parts';
import { searchTexts } from '@pitstop/core/search';
import { fitmentTexts } from '@pitstop/core/vehicle-fit';
import {
  baseURL,
  fieldError,
  fillDeliveryAddress,
  payOrderByApi,
  placeOrderByApi,
  registerCustomer,
  signInAs,
  useBrowser,
} from './fixtures.ts';

const browser = useBrowser();
const ADMIN = { email: 'admin@pitstop.com', password: 'pitstop-admin' };
const PASSWORD = 'secret-pass';
/**
 * Tall enough that no page here scrolls. On a scrolled page Chrome's scroll anchoring may move the
 * page up by a message's height as it appears above the button, hiding the lost click that a
 * person with the button already on screen meets.
 */
const UNSCROLLED = { width: 1280, height: 2400 };

const tmp = fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-forms-'));
afterAll(async () => {
  await fs.rm(await tmp, { recursive: true, force: true });
});

const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });

/**
 * Opens a server-rendered public page and waits until it has come alive: typed into before
 * hydration, a control's change would never reach React (as ssr.spec.ts waits).
 */
async function openPublic(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle' });
}

/** A signed-in page for a new customer, and that customer's API token. */
async function customerPage(): Promise<{ page: Page; email: string; name: string; token: string }> {
  const customer = await registerCustomer('Form Rider', 'forms');
  const page = await browser.newPage(UNSCROLLED);
  const token = await signInAs(page, customer.email, customer.password);
  return { page, email: customer.email, name: customer.name, token };
}

async function adminPage(): Promise<Page> {
  const page = await browser.newPage(UNSCROLLED);
  await signInAs(page, ADMIN.email, ADMIN.password);
  return page;
}

async function orderablePart(): Promise<Part> {
  const all = (await (await fetch(`${baseURL()}/api/parts?limit=100`)).json()) as Part[];
  const part = all.find((p) => p.availablequantity > p.minquantity + 5);
  if (!part) throw new Error('no orderable part in the demo catalogue');
  return part;
}

async function ordersOf(email: string, token: string): Promise<unknown[]> {
  const res = await fetch(`${baseURL()}/api/order/${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as unknown[];
}

/**
 * Empties a field the way a person does (focus, clear), checks it kept the focus, then presses
 * the button ONCE: the click blurs the field first, as a real one does.
 */
async function emptyThenClickOnce(field: Locator, button: Locator): Promise<void> {
  await field.focus();
  await field.fill('');
  expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
  await expect.poll(() => button.isEnabled()).toBe(true);
  await button.click();
}

/** Every field's message, each read from the element its aria-describedby names. */
async function expectMessages(page: Page, expected: Record<string, string>): Promise<void> {
  for (const [field, message] of Object.entries(expected)) {
    await expect
      .poll(() => fieldError(page, field), { message: `message under ${field}` })
      .toContain(message);
    expect(await label(page, field).getAttribute('aria-invalid')).toBe('true');
  }
}

/** The message tied to a control that is not found by a label (the rating's radio group). */
async function describedText(page: Page, control: Locator): Promise<string> {
  const ids = ((await control.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(' ');
}

describe('every form acts on the first click', () => {
  it('order form (/parts/:id): an emptied Name and an empty Phone number both show their message', async () => {
    const { page, email, name, token } = await customerPage();
    const part = await orderablePart();
    await page.goto(`/parts/${part._id}`);
    const nameField = label(page, 'Name');
    await expect.poll(() => nameField.inputValue()).toBe(name);
    await label(page, 'Quantity').fill(String(part.minquantity));

    await emptyThenClickOnce(nameField, page.getByRole('button', { name: 'Place Order' }));

    await expectMessages(page, { Name: messages.nameRequired, 'Phone number': messages.numberRequired });
    expect(await page.getByText(messages.orderBooked).count()).toBe(0);
    expect(await ordersOf(email, token)).toEqual([]);
  });

  it('order form (/parts/:id): with every field valid, one click books the order', async () => {
    const { page, email, name, token } = await customerPage();
    const part = await orderablePart();
    await page.goto(`/parts/${part._id}`);
    await expect.poll(() => label(page, 'Name').inputValue()).toBe(name);
    await label(page, 'Phone number').fill('(415) 555-0142');
    await fillDeliveryAddress(page);
    // The last field typed keeps the focus when Place Order is pressed.
    await label(page, 'Quantity').fill(String(part.minquantity));

    await page.getByRole('button', { name: 'Place Order' }).click();

    await expect.poll(() => page.getByText(messages.orderBooked).isVisible()).toBe(true);
    expect(await ordersOf(email, token)).toHaveLength(1);
  });

  it('add review: an emptied Name, and every other required field, show their messages', async () => {
    const { page, name, email, token } = await customerPage();
    const part = await orderablePart();
    // Reviews follow purchases: the part was ordered and paid.
    await payOrderByApi(token, await placeOrderByApi(token, { email, name }, part));
    await page.goto(`/addreview?part=${part._id}`);
    const nameField = label(page, 'Name');
    await expect.poll(() => nameField.inputValue()).toBe(name);

    await emptyThenClickOnce(nameField, page.getByRole('button', { name: 'Add Review' }));

    await expectMessages(page, {
      Name: messages.nameRequired,
      Descriptions: messages.descriptionsRequired,
      Photo: messages.imgRequired,
    });
    await expect
      .poll(() => describedText(page, page.getByRole('group', { name: 'Rating' })))
      .toContain('Choose a rating');
    expect(await page.getByText(messages.reviewAdded).count()).toBe(0);
  });

  it('profile: an emptied Name and the missing photo both show their message', async () => {
    const { page, name } = await customerPage();
    await page.goto('/profile');
    const nameField = label(page, 'Name');
    await expect.poll(() => nameField.inputValue()).toBe(name);

    await emptyThenClickOnce(nameField, page.getByRole('button', { name: 'Save profile' }));

    await expectMessages(page, { Name: messages.nameRequired, Photo: messages.imgRequired });
  });

  it('login: an emptied Email shows its message and the user stays on /login', async () => {
    const page = await browser.newPage(UNSCROLLED);
    await page.goto('/login');
    await label(page, 'Password').fill(PASSWORD);
    const emailField = label(page, 'Email');
    await emailField.fill('rider@pitstop.com');

    await emptyThenClickOnce(emailField, page.getByRole('button', { name: 'Log In', exact: true }));

    await expectMessages(page, { Email: messages.emailRequired });
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('register: an emptied Name and an empty Confirm password both show their message', async () => {
    const page = await browser.newPage(UNSCROLLED);
    await page.goto('/register');
    await label(page, 'Email').fill(`forms${randomUUID().slice(0, 8)}@example.com`);
    await label(page, 'Password').fill(PASSWORD);
    const nameField = label(page, 'Name');
    await nameField.fill('Form Rider');

    await emptyThenClickOnce(nameField, page.getByRole('button', { name: 'Register' }));

    await expectMessages(page, {
      Name: messages.nameRequired,
      'Confirm password': messages.passwordRequired,
    });
    expect(new URL(page.url()).pathname).toBe('/register');
  });

  it('reset password: an emptied New password and an empty confirmation both show their message', async () => {
    const page = await browser.newPage(UNSCROLLED);
    // Any token shows the form; the server judges it only when the new password is sent.
    await page.goto('/reset-password?token=forms-e2e-token');
    const passwordField = label(page, 'New password');
    await passwordField.fill(PASSWORD);

    await emptyThenClickOnce(passwordField, page.getByRole('button', { name: 'Set new password' }));

    await expectMessages(page, {
      'New password': messages.passwordRequired,
      'Confirm new password': messages.passwordRequired,
    });
  });

  it('add user (admin): an emptied Name, and every other required field, show their messages', async () => {
    const page = await adminPage();
    await page.goto('/dashboard/adduser');
    const nameField = label(page, 'Name');
    await nameField.fill('Added Person');

    await emptyThenClickOnce(nameField, page.getByRole('button', { name: 'Add User' }));

    await expectMessages(page, {
      Name: messages.nameRequired,
      Email: messages.emailRequired,
      Occupation: 'Choose an occupation',
      Photo: messages.imgRequired,
    });
  });

  it('part editor, new part (admin): an emptied Name, and every other required field, show their messages', async () => {
    const page = await adminPage();
    await page.goto('/dashboard/parts/new');
    const nameField = label(page, 'Name');
    await nameField.fill('Forms Test Part');

    await emptyThenClickOnce(nameField, page.getByRole('button', { name: 'Add part', exact: true }));

    await expectMessages(page, {
      Name: messages.nameRequired,
      'Part number': 'Enter the part number',
      Seller: 'Enter the seller',
      Brand: 'Choose a brand',
      Category: 'Choose a category',
      Description: 'Enter a description',
      Photo: messages.imgRequired,
    });
    // The number fields' words come from the resolver's map; that each says something is enough.
    for (const field of ['Price ($)', 'Stock', 'Available quantity', 'Minimum order quantity']) {
      expect(await label(page, field).getAttribute('aria-invalid'), field).toBe('true');
      expect(await fieldError(page, field), field).not.toBe('');
    }
    expect(new URL(page.url()).pathname).toBe('/dashboard/parts/new');
  });

  it('part editor, edit (admin): an emptied Name shows its message and the part is not saved', async () => {
    const part = await orderablePart();
    const page = await adminPage();
    await page.goto(`/dashboard/parts/${part._id}/edit`);
    const nameField = label(page, 'Name');
    await expect.poll(() => nameField.inputValue()).toBe(part.name);

    await emptyThenClickOnce(nameField, page.getByRole('button', { name: 'Save part' }));

    await expectMessages(page, { Name: messages.nameRequired });
    expect(new URL(page.url()).pathname).toBe(`/dashboard/parts/${part._id}/edit`);
    const saved = (await (await fetch(`${baseURL()}/api/parts/${part._id}`)).json()) as Part;
    expect(saved.name).toBe(part.name);
  });

  it('payment (sandbox card form): an emptied card number, and the empty expiry and CVC, show their messages', async () => {
    const { page, email, name, token } = await customerPage();
    const part = await orderablePart();
    const insertedId = await placeOrderByApi(token, { email, name }, part);
    await page.goto(`/payment/${insertedId}`);
    const numberField = label(page, 'Card number');
    await numberField.fill('4242 4242 4242 4242');

    await emptyThenClickOnce(numberField, page.getByRole('button', { name: 'Pay', exact: true }));

    await expectMessages(page, {
      'Card number': 'Your card number is invalid.',
      'Expiry (MM/YY)': 'Your card’s expiration date is incomplete.',
      CVC: 'Your card’s security code is incomplete.',
    });
    expect(await page.getByText(messages.paymentCompleted, { exact: false }).count()).toBe(0);
  });

  it('garage vehicle selector: one click on Show parts, with Model focused, opens the parts for the bike', async () => {
    const page = await browser.newPage(UNSCROLLED);
    await openPublic(page, '/');
    const form = page.getByRole('form', { name: 'Find parts for your bike' });
    const make = form.getByLabel(fitmentTexts.make, { exact: true });
    const model = form.getByLabel(fitmentTexts.model, { exact: true });
    await expect.poll(() => make.isDisabled()).toBe(true);
    await form.getByLabel(fitmentTexts.year, { exact: true }).selectOption('2019');
    await make.selectOption('Yamaha');
    await model.selectOption('YZF-R15 V3');
    await model.focus();

    await form.getByRole('button', { name: fitmentTexts.showParts }).click();

    await page.waitForURL('**/parts?year=2019&make=Yamaha&model=YZF-R15+V3');
  });

  it('search form: one click on Search, with the box focused and its suggestions open, searches', async () => {
    const page = await browser.newPage(UNSCROLLED);
    await openPublic(page, '/parts');
    const box = page.getByRole('combobox', { name: searchTexts.searchLabel });
    await box.pressSequentially('brak', { delay: 40 });
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');

    await page
      .getByRole('search', { name: searchTexts.searchLabel })
      .getByRole('button', { name: searchTexts.searchButton, exact: true })
      .click();

    await page.waitForURL('**/parts?q=brak');
  });

  it('price filter: one click on Apply, with Min price focused, filters the catalogue', async () => {
    const page = await browser.newPage(UNSCROLLED);
    await openPublic(page, '/parts');
    const min = label(page, searchTexts.minPrice);
    await min.fill('10');

    await page.getByRole('button', { name: searchTexts.applyPrice, exact: true }).click();

    await page.waitForURL(/[?&]minPrice=10(&|$)/);
  });

  it('all orders (admin): one click on Search, with the email box focused, searches', async () => {
    const page = await adminPage();
    await page.goto('/dashboard/allorders');
    const email = 'nobody-here@example.com';
    await label(page, 'Customer email').fill(email);

    await page
      .getByRole('search', { name: 'Orders by email' })
      .getByRole('button', { name: 'Search' })
      .click();

    await page.waitForURL(`**/dashboard/allorders?email=${encodeURIComponent(email)}`);
    await expect.poll(() => page.getByText('No orders match.').isVisible()).toBe(true);
  });

  it('catalogue import (admin): one click with no file says to choose one; with a file, one click imports', async () => {
    const page = await adminPage();
    await page.goto('/dashboard/parts');
    const file = label(page, catalogueIoTexts.fileLabel);
    const importButton = page.getByRole('button', { name: catalogueIoTexts.import, exact: true });
    await file.focus();

    await importButton.click();

    await expectMessages(page, { [catalogueIoTexts.fileLabel]: catalogueIoTexts.chooseFile });

    // The header alone: the import runs and changes nothing in the shared demo catalogue.
    const csv = path.join(await tmp, 'empty.csv');
    await fs.writeFile(csv, `${CATALOGUE_CSV_COLUMNS.join(',')}\n`);
    await file.setInputFiles(csv);
    await expect
      .poll(() => fieldError(page, catalogueIoTexts.fileLabel))
      .not.toContain(catalogueIoTexts.chooseFile);

    await importButton.click();

    await expect
      .poll(() => page.getByText(catalogueIoTexts.summary(0, 0, 0), { exact: false }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
  });
});
