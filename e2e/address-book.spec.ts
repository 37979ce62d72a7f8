import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addressBookTexts } from '@pitstop/core/address-book';
import { checkoutTexts } from '@pitstop/core/cart-texts';
import { addressLine2Texts } from '@pitstop/core/checkout-place-texts';
import { orderPageTexts } from '@pitstop/core/order-page-texts';
import type { Part } from '@pitstop/core/parts';
import {
  apiParts,
  baseURL,
  expectNoSeriousA11yViolations,
  registerCustomer,
  signInAs,
  useBrowser,
} from './fixtures.ts';

/*
 * Issue #28, item 4, as a person goes through it: two addresses added on the profile (by
 * keyboard), the second made the default; at checkout the default is chosen, the other one is
 * picked instead and the order goes there; then an address is removed. At 1280 px and on a
 * 360 px phone.
 */

const browser = useBrowser();

const HOME = {
  name: 'Ada Book',
  street: '500 Howard St',
  line2: 'Apt 2',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  phone: '(415) 555-0134',
};
const WORK = { ...HOME, street: '1 Market St', line2: '', zip: '94103' };

const field = (scope: Page | ReturnType<Page['getByRole']>, label: string) =>
  scope.getByLabel(label, { exact: true });

/** A part in stock with room to spare, from the end of the first page (other suites take the first ones). */
async function aPartInStock(): Promise<Part> {
  const { parts } = await apiParts('?limit=24&offset=0');
  const part = parts.filter((p) => p.availablequantity >= p.minquantity + 5).at(-6);
  if (!part) throw new Error('the demo catalogue needs a part in stock');
  return part;
}

/** Presses Tab until `target` has the focus (at most `limit` times): it is reachable by keyboard. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reachable by Tab');
}

/** Adds an address on the profile by keyboard alone: Add, the fields in order, Save. */
async function addByKeyboard(page: Page, address: typeof HOME): Promise<void> {
  const section = page.getByRole('region', { name: addressBookTexts.heading });
  await tabTo(page, section.getByRole('button', { name: addressBookTexts.add }));
  await page.keyboard.press('Enter');
  const form = section.getByRole('form', { name: addressBookTexts.addHeading });
  // The form opens on its first field.
  await expect
    .poll(() => field(form, checkoutTexts.fullName).evaluate((el) => el === document.activeElement))
    .toBe(true);
  await page.keyboard.type(address.name);
  await page.keyboard.press('Tab');
  await page.keyboard.type(address.street);
  await page.keyboard.press('Tab');
  await page.keyboard.type(address.line2);
  await page.keyboard.press('Tab');
  await page.keyboard.type(address.city);
  await page.keyboard.press('Tab');
  await field(form, checkoutTexts.state).selectOption(address.state);
  await page.keyboard.press('Tab');
  await page.keyboard.type(address.zip);
  await page.keyboard.press('Tab');
  await page.keyboard.type(address.phone);
  await page.keyboard.press('Enter');
  await section.getByText(addressBookTexts.saved).waitFor();
  await form.waitFor({ state: 'detached' });
}

async function putInCart(key: string, part: Part): Promise<void> {
  const put = await fetch(`${baseURL()}/api/cart/items/${part._id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ quantity: part.minquantity }),
  });
  expect(put.status).toBe(200);
}

describe.each([
  ['1280 px', 1280, 900],
  ['a 360 px phone', 360, 780],
])('the address book, at %s', (_label, width, height) => {
  it('adds two addresses, makes the second the default, delivers an order to the other one, and removes one', async () => {
    const customer = await registerCustomer('Ada Book', 'book');
    const page = await browser.newPage({ width, height });
    const key = await signInAs(page, customer.email, customer.password);

    await page.goto('/profile');
    const section = page.getByRole('region', { name: addressBookTexts.heading });
    await section.getByText(addressBookTexts.empty).waitFor();
    await addByKeyboard(page, HOME);
    await addByKeyboard(page, WORK);

    // The first is the default; the second is made the default with its own button.
    const list = section.getByRole('list', { name: addressBookTexts.heading });
    const items = list.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.first().innerText()).toContain(addressBookTexts.defaultBadge);
    expect(await items.first().innerText()).toContain(`${HOME.street}, ${HOME.line2}`);
    const makeDefault = section.getByRole('button', { name: addressBookTexts.makeDefaultName(WORK.street) });
    await tabTo(page, makeDefault);
    await page.keyboard.press('Enter');
    await expect.poll(() => items.first().innerText()).toContain(WORK.street);
    expect(await items.first().innerText()).toContain(addressBookTexts.defaultBadge);
    expect(await items.nth(1).innerText()).not.toContain(addressBookTexts.defaultBadge);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoSeriousA11yViolations(page);

    // The checkout offers both, the default chosen; the other one is picked, by keyboard.
    const part = await aPartInStock();
    await putInCart(key, part);
    await page.goto('/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    const deliverTo = page.getByRole('group', { name: addressBookTexts.deliverTo });
    const work = deliverTo.getByRole('radio', { name: addressBookTexts.oneLine(WORK) });
    const home = deliverTo.getByRole('radio', { name: addressBookTexts.oneLine(HOME) });
    await expect.poll(() => work.isChecked()).toBe(true);
    expect(await field(page, checkoutTexts.street).count()).toBe(0);
    await tabTo(page, work);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => home.isChecked()).toBe(true);
    // "A new address" opens the form, with the default checkbox; back to the saved one.
    await deliverTo.getByRole('radio', { name: addressBookTexts.useNew }).check();
    await field(page, addressLine2Texts.label).waitFor();
    expect(await page.getByLabel(addressBookTexts.defaultCheckbox).count()).toBe(1);
    await home.check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: checkoutTexts.placeOrder }).click();
    await page.waitForURL(/\/payment\/[0-9a-f-]{36}$/);
    const orderId = /\/payment\/([0-9a-f-]{36})$/.exec(page.url())?.[1] ?? '';
    const orders = (await (
      await fetch(`${baseURL()}/api/order/${encodeURIComponent(customer.email)}`, {
        headers: { authorization: `Bearer ${key}` },
      })
    ).json()) as { _id: string; orderNumber: string }[];
    const orderNumber = orders.find((o) => o._id === orderId)?.orderNumber ?? '';
    expect(orderNumber).toMatch(/^PS-\d+$/);

    // The order's page shows the address chosen, not the default.
    await page.goto(`/order/${orderNumber}`);
    const delivery = page.getByRole('region', { name: orderPageTexts.deliveryHeading, exact: true });
    await expect.poll(() => delivery.innerText()).toContain(`${HOME.street}\n${HOME.line2}\n${HOME.city}`);
    expect(await delivery.innerText()).not.toContain(WORK.street);

    // The order kept its address in the book once (no copy); the default is unchanged.
    await page.goto('/profile');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.first().innerText()).toContain(WORK.street);

    // Remove the home address, after the confirm.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(addressBookTexts.confirmRemove);
      void dialog.accept();
    });
    const remove = section.getByRole('button', { name: addressBookTexts.removeName(HOME.street) });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    await section.getByText(addressBookTexts.removed).waitFor();
    await expect.poll(() => items.count()).toBe(1);
    expect(await items.first().innerText()).toContain(WORK.street);
  });
});
