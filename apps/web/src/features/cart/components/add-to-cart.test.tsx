import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartPageTexts } from '@pitstop/core/cart-texts';
import { messages, shopTexts } from '@pitstop/core/messages';
import { getLocalCart } from '../stores/local-cart';
import { fakeServerCart } from '@/testing/cart';
import { jsonBodyOf } from '@/testing/form';
import { createPart } from '@/testing/part-factory';
import { mockApi } from '@/testing/api';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { AddToCartButton } from './add-to-cart-button';
import { AddToCartForm } from './add-to-cart-form';

const pads = createPart({ name: 'Brake pads', price: 21.99, availablequantity: 3, minquantity: 2 });
const quantities = () => getLocalCart().map((item) => `${item.name} × ${item.quantity}`);

describe('AddToCartButton (part cards)', () => {
  it("says it adds the part's minimum order, puts that many in a visitor's cart, and says so", async () => {
    renderWithProviders(<AddToCartButton part={pads} />);
    const button = screen.getByRole('button', { name: 'Add 2 to cart: Brake pads' });
    expect(button.textContent).toBe('Add 2 to cart');

    fireEvent.click(button);
    expect(await screen.findByText(cartPageTexts.addedNow(2, 'Brake pads', 2))).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(cartPageTexts.addedNow(2, 'Brake pads', 2));
    expect(quantities()).toEqual(['Brake pads × 2']);

    // Two more would pass the three in stock: the cart holds all three, and says why.
    fireEvent.click(button);
    expect(await screen.findByText(cartPageTexts.cappedAtStock(3))).toBeTruthy();
    // All three in stock are in the cart: nothing more to add.
    fireEvent.click(button);
    expect(await screen.findByText(cartPageTexts.alreadyAllInStock(3))).toBeTruthy();
    expect(quantities()).toEqual(['Brake pads × 3']);
  });

  it('adds five at a time for a part whose minimum order is five', async () => {
    const plates = createPart({ name: 'Clutch plates', availablequantity: 40, minquantity: 5 });
    renderWithProviders(<AddToCartButton part={plates} />);
    const button = screen.getByRole('button', { name: 'Add 5 to cart: Clutch plates' });

    fireEvent.click(button);
    expect(await screen.findByText(cartPageTexts.addedNow(5, 'Clutch plates', 5))).toBeTruthy();
    fireEvent.click(button);
    expect(await screen.findByText(cartPageTexts.addedNow(5, 'Clutch plates', 10))).toBeTruthy();
    expect(quantities()).toEqual(['Clutch plates × 10']);
  });

  it('says plain "Add to cart" for a part sold one at a time', () => {
    renderWithProviders(<AddToCartButton part={createPart({ name: 'Mirror', minquantity: 1 })} />);
    expect(screen.getByRole('button', { name: 'Add to cart: Mirror' }).textContent).toBe('Add to cart');
  });

  it('is disabled for a part that is out of stock', () => {
    renderWithProviders(<AddToCartButton part={createPart({ availablequantity: 1, minquantity: 2 })} />);
    const button = screen.getByRole('button', { name: cartPageTexts.soldOut }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it("adds to a signed-in customer's cart on the server, on top of what it holds", async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    const big = createPart({ name: 'Chain kit', availablequantity: 40, minquantity: 1 });
    const server = fakeServerCart([big], [{ partId: big._id, quantity: 2 }]);
    renderWithProviders(<AddToCartButton part={big} />);

    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Chain kit' }));
    expect(await screen.findByText(cartPageTexts.addedNow(1, 'Chain kit', 3))).toBeTruthy();
    expect(jsonBodyOf(server.callsTo(`PUT /api/cart/items/${big._id}`)[0]?.init)).toEqual({ quantity: 3 });
    expect(getLocalCart()).toEqual([]);
  });

  it('says when the part could not be added', async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    const unknown = createPart({ name: 'Chain kit', minquantity: 1 });
    // The cart reads fine, but the part was removed from the catalogue since the page loaded.
    mockApi({
      'GET /api/cart': () => jsonResponse({ items: [], subtotal: 0 }),
      [`PUT /api/cart/items/${unknown._id}`]: () => problemResponse(404, 'Not Found', 'No such part.'),
    });
    renderWithProviders(<AddToCartButton part={unknown} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Chain kit' }));
    expect(await screen.findByText('No such part.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('No such part.');
    expect(screen.getByRole('button', { name: 'Add to cart: Chain kit' })).toBeTruthy();
  });
});

describe('AddToCartForm (part page)', () => {
  const kit = createPart({ name: 'Chain kit', price: 89.5, availablequantity: 12, minquantity: 2 });

  it('starts at the minimum order and adds the chosen quantity', async () => {
    renderWithProviders(<AddToCartForm part={kit} />);
    const box = screen.getByRole('spinbutton', { name: cartPageTexts.quantityLabel }) as HTMLInputElement;
    expect(box.value).toBe('2');

    fireEvent.change(box, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: cartPageTexts.addToCart }));
    expect(await screen.findByText(cartPageTexts.addedNow(5, 'Chain kit', 5))).toBeTruthy();
    expect(quantities()).toEqual(['Chain kit × 5']);
  });

  it('refuses a quantity outside the minimum and the stock, with the order form’s words', async () => {
    renderWithProviders(<AddToCartForm part={kit} />);
    const box = screen.getByRole('spinbutton', { name: cartPageTexts.quantityLabel });

    fireEvent.change(box, { target: { value: '13' } });
    fireEvent.click(screen.getByRole('button', { name: cartPageTexts.addToCart }));
    expect(await screen.findByText(messages.quantityAboveAvailable)).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(box, { target: { value: '1' } });
    expect(screen.getByText(shopTexts.quantityBelowMin(2))).toBeTruthy();
    fireEvent.change(box, { target: { value: '' } });
    expect(screen.getByText(messages.quantityRequired)).toBeTruthy();
    expect(getLocalCart()).toEqual([]);

    fireEvent.change(box, { target: { value: '12' } });
    expect(box.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: cartPageTexts.addToCart }));
    await waitFor(() => expect(quantities()).toEqual(['Chain kit × 12']));
  });

  it('caps the sum at the stock when the cart already holds some', async () => {
    renderWithProviders(<AddToCartForm part={kit} />);
    const box = screen.getByRole('spinbutton', { name: cartPageTexts.quantityLabel });
    fireEvent.change(box, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: cartPageTexts.addToCart }));
    await waitFor(() => expect(quantities()).toEqual(['Chain kit × 10']));
    fireEvent.change(box, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: cartPageTexts.addToCart }));
    expect(await screen.findByText(cartPageTexts.cappedAtStock(12))).toBeTruthy();
    expect(quantities()).toEqual(['Chain kit × 12']);
  });
});
