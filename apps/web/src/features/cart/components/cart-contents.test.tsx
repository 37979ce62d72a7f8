import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartPageTexts } from '@pitstop/core/cart-texts';
import { messages } from '@pitstop/core/messages';
import { getLocalCart } from '../stores/local-cart';
import { fakeServerCart, localLine, seedLocalCart } from '@/testing/cart';
import { jsonBodyOf } from '@/testing/form';
import { createPart } from '@/testing/part-factory';
import { renderWithProviders } from '@/testing/render';
import { CartContents } from './cart-contents';

const pads = createPart({ name: 'Brake pads', price: 21.99, availablequantity: 10, minquantity: 2 });
const chain = createPart({ name: 'Chain kit', price: 89.5, availablequantity: 4, minquantity: 1 });

const line = (name: string) => screen.getByRole('article', { name });
const subtotal = () => screen.getByText(cartPageTexts.subtotal).nextElementSibling?.textContent;
const status = () =>
  screen
    .getAllByRole('status')
    .map((el) => el.textContent)
    .join(' ');

describe("CartContents, a visitor's cart", () => {
  it('lists each line with its photo, name linking to the part, unit price, quantity and line total', () => {
    seedLocalCart([localLine(chain, 2), localLine(pads, 3)]);
    renderWithProviders(<CartContents />, { route: '/cart' });

    const kit = line('Chain kit');
    expect(within(kit).getByRole('link', { name: 'Chain kit' }).getAttribute('href')).toBe(
      `/parts/${chain._id}`,
    );
    expect(kit.querySelector('img')?.getAttribute('src')).toBe(chain.img.replace(/\.svg$/, '.webp'));
    expect(within(kit).getByText('$89.50')).toBeTruthy();
    expect(
      (within(kit).getByRole('spinbutton', { name: 'Quantity of Chain kit' }) as HTMLInputElement).value,
    ).toBe('2');
    expect(within(kit).getByText('$179.00')).toBeTruthy();
    expect(within(line('Brake pads')).getByText('$65.97')).toBeTruthy();
    expect(subtotal()).toBe('$244.97');
    expect(screen.getByText(cartPageTexts.items).nextElementSibling?.textContent).toBe('5');
  });

  it('says each line’s stock in words, and its minimum order above 1', () => {
    const gone = createPart({ name: 'Mirror', availablequantity: 1, minquantity: 2 });
    seedLocalCart([localLine(chain, 2), localLine(pads, 3), localLine(gone, 2)]);
    renderWithProviders(<CartContents />, { route: '/cart' });

    expect(within(line('Chain kit')).getByText('Only 4 left')).toBeTruthy();
    expect(line('Chain kit').textContent).not.toContain('Minimum order');
    expect(within(line('Brake pads')).getByText('In stock')).toBeTruthy();
    expect(line('Brake pads').textContent).toContain('Minimum order 2');
    expect(line('Brake pads').textContent).not.toContain('10');
    // A line that no longer fits says why instead.
    expect(within(line('Mirror')).queryByText('Out of stock')).toBeNull();
    expect(line('Mirror').textContent).toContain(cartPageTexts.belowMinimumStock(1, 2));
  });

  it('changes a quantity with the buttons and by typing, within the minimum and the stock', async () => {
    seedLocalCart([localLine(chain, 2), localLine(pads, 2)]);
    renderWithProviders(<CartContents />, { route: '/cart' });

    fireEvent.click(screen.getByRole('button', { name: 'One more Chain kit' }));
    await waitFor(() => expect(status()).toContain(cartPageTexts.quantityChanged('Chain kit', 3)));
    expect(getLocalCart().find((i) => i.partId === chain._id)?.quantity).toBe(3);
    expect(subtotal()).toBe('$312.48');

    // The pads are at their minimum of 2: no fewer.
    expect((screen.getByRole('button', { name: 'One fewer Brake pads' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    const box = screen.getByRole('spinbutton', { name: 'Quantity of Brake pads' });
    fireEvent.change(box, { target: { value: '11' } });
    fireEvent.blur(box);
    expect(await screen.findByText(messages.quantityAboveAvailable)).toBeTruthy();
    expect(getLocalCart().find((i) => i.partId === pads._id)?.quantity).toBe(2);

    fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity of Brake pads' }), {
      target: { value: '6' },
    });
    fireEvent.keyDown(screen.getByRole('spinbutton', { name: 'Quantity of Brake pads' }), { key: 'Enter' });
    await waitFor(() => expect(getLocalCart().find((i) => i.partId === pads._id)?.quantity).toBe(6));
    // Announced once the change has settled, a moment after the cart is written.
    await waitFor(() => expect(status()).toContain(cartPageTexts.quantityChanged('Brake pads', 6)));
    expect(screen.queryByText(messages.quantityAboveAvailable)).toBeNull();
  });

  it('removes a line, and shows the empty cart with a way to the parts when none is left', async () => {
    seedLocalCart([localLine(chain, 1)]);
    renderWithProviders(<CartContents />, { route: '/cart' });

    fireEvent.click(screen.getByRole('button', { name: 'Remove Chain kit from your cart' }));
    expect(await screen.findByText(cartPageTexts.empty)).toBeTruthy();
    expect(status()).toContain(cartPageTexts.removed('Chain kit'));
    expect(screen.getByRole('link', { name: cartPageTexts.browseParts }).getAttribute('href')).toBe('/parts');
    expect(getLocalCart()).toEqual([]);
  });

  it('warns on a line that no longer fits the stock and holds back Checkout until it is fixed', async () => {
    seedLocalCart([localLine(chain, 3), localLine(pads, 2)]);
    const gone = new Set([pads._id]);
    renderWithProviders(
      <CartContents
        stockOf={(partId) =>
          gone.has(partId) ? { available: 0, minquantity: 2, gone: true } : { available: 2, minquantity: 1 }
        }
      />,
      { route: '/cart' },
    );

    expect(within(line('Chain kit')).getByText(cartPageTexts.onlyLeft(2))).toBeTruthy();
    expect(within(line('Brake pads')).getByText(cartPageTexts.partGone)).toBeTruthy();
    expect(within(line('Brake pads')).queryByRole('spinbutton')).toBeNull();
    const checkout = screen.getByRole('button', { name: cartPageTexts.checkout }) as HTMLButtonElement;
    expect(checkout.disabled).toBe(true);
    expect(screen.getByText(cartPageTexts.fixLinesFirst)).toBeTruthy();

    // "One fewer" brings an over-stock line down to what there is.
    fireEvent.click(screen.getByRole('button', { name: 'One fewer Chain kit' }));
    await waitFor(() => expect(getLocalCart().find((i) => i.partId === chain._id)?.quantity).toBe(2));
    expect(within(line('Chain kit')).queryByText(cartPageTexts.onlyLeft(2))).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Brake pads from your cart' }));
    const link = await screen.findByRole('link', { name: cartPageTexts.checkout });
    expect(link.getAttribute('href')).toBe('/login?from=%2Fcheckout');
  });

  it('sends a visitor to log in on Checkout, and sign-in goes on to the checkout (issue #28)', () => {
    seedLocalCart([localLine(chain, 1)]);
    renderWithProviders(<CartContents />, { route: '/cart', path: '/cart', routes: null });
    fireEvent.click(screen.getByRole('link', { name: cartPageTexts.checkout }));
    expect(screen.getByTestId('location').textContent).toBe('/login?from=%2Fcheckout');
    expect(screen.getByTestId('location-from').textContent).toBe('/checkout');
  });

  it('uses the snapshot stock when nothing fresher is known', () => {
    seedLocalCart([{ ...localLine(chain, 3), available: 2 }]);
    renderWithProviders(<CartContents />, { route: '/cart' });
    expect(within(line('Chain kit')).getByText(cartPageTexts.onlyLeft(2))).toBeTruthy();
  });
});

describe("CartContents, a signed-in customer's cart", () => {
  it("shows the account's cart and changes and removes lines on the server", async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    const server = fakeServerCart(
      [pads, chain],
      [
        { partId: pads._id, quantity: 2 },
        { partId: chain._id, quantity: 1 },
      ],
    );
    renderWithProviders(<CartContents />, { route: '/cart' });

    expect(await screen.findByRole('article', { name: 'Brake pads' })).toBeTruthy();
    expect(subtotal()).toBe('$133.48');
    expect(screen.getByRole('link', { name: cartPageTexts.checkout }).getAttribute('href')).toBe('/checkout');

    fireEvent.click(screen.getByRole('button', { name: 'One more Chain kit' }));
    await waitFor(() => expect(subtotal()).toBe('$222.98'));
    expect(jsonBodyOf(server.callsTo(`PUT /api/cart/items/${chain._id}`)[0]?.init)).toEqual({ quantity: 2 });
    await waitFor(() => expect(status()).toContain(cartPageTexts.quantityChanged('Chain kit', 2)));

    fireEvent.click(screen.getByRole('button', { name: 'Remove Brake pads from your cart' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Brake pads' })).toBeNull());
    expect(server.callsTo(`DELETE /api/cart/items/${pads._id}`)).toHaveLength(1);
    await waitFor(() => expect(status()).toContain(cartPageTexts.removed('Brake pads')));
    expect(subtotal()).toBe('$179.00');
  });

  it("shows the server's refusal of a change", async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    // Someone bought the last kits since the cart was read: the server refuses 4.
    const stale = { ...chain, availablequantity: 10 };
    const server = fakeServerCart([pads, stale], [{ partId: chain._id, quantity: 3 }]);
    server.spy.mockClear();
    const realFetch = server.spy.getMockImplementation()!;
    server.spy.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') {
        return new Response(
          JSON.stringify({ title: 'Bad Request', status: 400, detail: 'Only 3 of Chain kit are left.' }),
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        );
      }
      return realFetch(input, init);
    });
    renderWithProviders(<CartContents />, { route: '/cart' });

    fireEvent.click(await screen.findByRole('button', { name: 'One more Chain kit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only 3 of Chain kit are left.');
    expect(
      (screen.getByRole('spinbutton', { name: 'Quantity of Chain kit' }) as HTMLInputElement).value,
    ).toBe('3');
  });

  it('merges the lines chosen before sign-in, and reports one the account did not take', async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    const gone = createPart({ name: 'Discontinued mirror' });
    fakeServerCart([pads, chain], [{ partId: chain._id, quantity: 1 }]);
    seedLocalCart([localLine(gone, 1), localLine(pads, 2)]);
    renderWithProviders(<CartContents />, { route: '/cart' });

    expect(await screen.findByRole('article', { name: 'Brake pads' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Chain kit' })).toBeTruthy();
    const report = screen.getByRole('region', { name: cartPageTexts.refusedHeading });
    expect(within(report).getByText(`Discontinued mirror: ${cartPageTexts.refusedGone}`)).toBeTruthy();
    expect(getLocalCart()).toEqual([]);

    fireEvent.click(within(report).getByRole('button', { name: cartPageTexts.dismiss }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: cartPageTexts.refusedHeading })).toBeNull(),
    );
  });
});

describe('CartContents: what the screen adds under a line', () => {
  it('adds the line action under each line that fits the stock, with that line, and none under one that does not', () => {
    const gone = createPart({ name: 'Mirror', availablequantity: 1, minquantity: 2 });
    seedLocalCart([localLine(chain, 2), localLine(gone, 2)]);
    renderWithProviders(
      <CartContents
        lineAction={(item) => <button type="button">{`Buy ${item.quantity} × ${item.name}`}</button>}
      />,
      { route: '/cart' },
    );

    expect(within(line('Chain kit')).getByRole('button', { name: 'Buy 2 × Chain kit' })).toBeTruthy();
    expect(within(line('Mirror')).queryByRole('button', { name: /Buy/ })).toBeNull();
  });
});
