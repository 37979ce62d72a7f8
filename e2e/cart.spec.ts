import { describe, expect, it } from 'vitest';
import type { Part } from '@pitstop/core/parts';
import type { Cart } from '@pitstop/core/cart';
import { cardAddLabel } from '@pitstop/core/minimums-texts';
import { baseURL, expectNoSeriousA11yViolations, signInAs, useBrowser } from './fixtures.ts';

const browser = useBrowser();

const CART_KEY = 'pitstop.cart';
const RIDER = { email: 'rider@pitstop.com', password: 'pitstop-rider' };

async function cartApi(token: string, method: string, path = '/cart', body?: unknown): Promise<Cart> {
  const res = await fetch(`${baseURL()}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Cart;
}

async function firstPageOfParts(): Promise<Part[]> {
  const res = await fetch(`${baseURL()}/api/parts?limit=12&offset=0`);
  expect(res.status).toBe(200);
  return (await res.json()) as Part[];
}

/** Parts with room to add more than the minimum: the flow changes quantities up and down. */
const roomy = (part: Part) => part.availablequantity >= part.minquantity + 3;

describe("a visitor's cart", () => {
  it('adds parts from the catalogue and the part page, counts them, changes, removes, and keeps them', async () => {
    const parts = (await firstPageOfParts()).filter(roomy);
    const [fromCard, fromPage] = parts;
    if (!fromCard || !fromPage) throw new Error('the demo catalogue needs two parts in stock');

    const page = await browser.newPage({ width: 360, height: 800 });
    await page.goto('/parts');
    const cart = page.getByRole('link', { name: /^Cart/ });
    // Rendered on the server without a count; the browser's cart is read after hydration.
    await expect.poll(() => cart.getAttribute('aria-label')).toBe('Cart');

    // A card adds the part's minimum order.
    await page.getByRole('button', { name: cardAddLabel(fromCard) }).click();
    await expect
      .poll(() => cart.getAttribute('aria-label'))
      .toBe(`Cart, ${fromCard.minquantity} ${fromCard.minquantity === 1 ? 'item' : 'items'}`);
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: `Added ${fromCard.minquantity} ×` })
          .count(),
      )
      .toBe(1);

    // The part page adds the quantity chosen.
    await page.goto(`/parts/${fromPage._id}`);
    const form = page.getByRole('form', { name: 'Add to cart' });
    const quantity = form.getByRole('spinbutton', { name: 'Quantity for the cart' });
    await expect.poll(() => quantity.inputValue()).toBe(String(fromPage.minquantity));
    await quantity.fill(String(fromPage.minquantity + 1));
    await form.getByRole('button', { name: 'Add to cart' }).click();
    const total = fromCard.minquantity + fromPage.minquantity + 1;
    await expect.poll(() => cart.getAttribute('aria-label')).toBe(`Cart, ${total} items`);

    // The cart page: both lines, with their totals.
    await cart.click();
    await page.waitForURL('**/cart');
    await page.getByRole('heading', { level: 1, name: 'Your cart' }).waitFor();
    const cardLine = page.getByRole('article', { name: fromCard.name });
    const pageLine = page.getByRole('article', { name: fromPage.name });
    await cardLine.waitFor();
    await pageLine.waitFor();
    // Signed out, Checkout asks to log in and comes back to the checkout (issue #28).
    expect(await page.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe(
      '/login?from=%2Fcheckout',
    );
    await expectNoSeriousA11yViolations(page);

    // One more of the card's part, then the part page's line goes.
    await cardLine.getByRole('button', { name: `One more ${fromCard.name}` }).click();
    await expect
      .poll(() => cardLine.getByRole('spinbutton', { name: `Quantity of ${fromCard.name}` }).inputValue())
      .toBe(String(fromCard.minquantity + 1));
    await pageLine.getByRole('button', { name: `Remove ${fromPage.name} from your cart` }).click();
    await expect.poll(() => pageLine.count()).toBe(0);
    await expect
      .poll(() => cart.getAttribute('aria-label'))
      .toBe(`Cart, ${fromCard.minquantity + 1} ${fromCard.minquantity + 1 === 1 ? 'item' : 'items'}`);
    const liveText = await page.getByRole('status').allTextContents();
    expect(liveText.join(' ')).toContain(`${fromPage.name} removed from your cart.`);

    // A reload finds the cart as it was left.
    await page.reload();
    await cardLine.waitFor();
    expect(await pageLine.count()).toBe(0);
    expect(
      await cardLine.getByRole('spinbutton', { name: `Quantity of ${fromCard.name}` }).inputValue(),
    ).toBe(String(fromCard.minquantity + 1));
    const stored = await page.evaluate((key) => localStorage.getItem(key), CART_KEY);
    expect(JSON.parse(stored ?? '{}')).toMatchObject({
      items: [{ partId: fromCard._id, quantity: fromCard.minquantity + 1 }],
    });
  });

  it('shows the empty cart with a way to the parts', async () => {
    const page = await browser.newPage();
    await page.goto('/cart');
    await page.getByText('Your cart is empty.').waitFor();
    expect(await page.getByRole('link', { name: 'Browse parts' }).getAttribute('href')).toBe('/parts');
  });
});

describe('signing in with a cart', () => {
  it("merges the visitor's cart into the account's, summing a part already there", async () => {
    const [held, added] = (await firstPageOfParts()).filter(roomy).slice(2);
    if (!held || !added) throw new Error('the demo catalogue needs four parts in stock');
    // The account's cart already holds the minimum of one part (chosen on another device).
    const token = await signInAs(await browser.newPage(), RIDER.email, RIDER.password);
    await cartApi(token, 'DELETE');
    await cartApi(token, 'PUT', `/cart/items/${held._id}`, { quantity: held.minquantity });

    const page = await browser.newPage();
    await page.goto('/parts');
    await page.getByRole('button', { name: cardAddLabel(held) }).click();
    await page.getByRole('button', { name: cardAddLabel(added) }).click();
    const cart = page.getByRole('link', { name: /^Cart/ });
    const visitorCount = held.minquantity + added.minquantity;
    await expect.poll(() => cart.getAttribute('aria-label')).toBe(`Cart, ${visitorCount} items`);

    await signInAs(page, RIDER.email, RIDER.password);
    await page.goto('/cart');
    await page.getByRole('heading', { level: 1, name: 'Your cart' }).waitFor();
    await page.getByRole('article', { name: added.name }).waitFor();
    await expect
      .poll(() => cart.getAttribute('aria-label'))
      .toBe(`Cart, ${visitorCount + held.minquantity} items`);
    expect(await page.getByRole('spinbutton', { name: `Quantity of ${held.name}` }).inputValue()).toBe(
      String(held.minquantity * 2),
    );
    expect(await page.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
    expect(await page.evaluate((key) => localStorage.getItem(key), CART_KEY)).toBeNull();

    const onServer = await cartApi(token, 'GET');
    expect(onServer.items.map((item) => [item.partId, item.quantity])).toEqual([
      [held._id, held.minquantity * 2],
      [added._id, added.minquantity],
    ]);
    await cartApi(token, 'DELETE');
  });
});
