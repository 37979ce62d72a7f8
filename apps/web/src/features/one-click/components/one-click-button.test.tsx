import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { oneClickTexts, type OneClickResult } from '@pitstop/core/one-click';
import type { SavedCards } from '@pitstop/core/saved-cards';
import { mockApi } from '@/testing/api';
import { jsonBodyOf } from '@/testing/form';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { OneClickButton, type OneClickButtonProps } from './one-click-button';

const PART = {
  _id: '20000000-0000-4000-8000-000000000007',
  name: 'Chain lube',
  minquantity: 2,
  availablequantity: 10,
};
const ORDER_ID = '30000000-0000-4000-8000-000000000001';
const CARDS: SavedCards = {
  cards: [
    { id: 'c2', provider: 'sandbox', brand: 'mastercard', last4: '4444', expMonth: 1, expYear: 2032 },
    { id: 'c1', provider: 'sandbox', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031 },
  ],
  oneClickEnabled: true,
  oneClickReady: true,
};
const ADDRESS = {
  name: 'Riley Rider',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  phone: '(415) 555-0134',
};
const BOOK = {
  addresses: [
    { ...ADDRESS, id: 'a1', street: '500 Howard St', isDefault: true },
    { ...ADDRESS, id: 'a2', street: '1 Market St', isDefault: false },
  ],
};

function result(payment: OneClickResult['payment']): OneClickResult {
  return {
    insertedId: ORDER_ID,
    orderNumber: 'PS-10490',
    subtotal: 20,
    tax: 0,
    total: 20,
    lines: [],
    address: { ...ADDRESS, street: '500 Howard St' },
    paymentMethod: 'card',
    expiresAt: null,
    paymentDueAt: null,
    promisedOn: '2026-12-02',
    payment,
  };
}

const PLACE = 'POST /api/orders/one-click';

function renderButton(
  routes: Parameters<typeof mockApi>[0] = {},
  { cards = CARDS, ...props }: Partial<OneClickButtonProps> & { cards?: SavedCards } = {},
) {
  window.localStorage.setItem('accessToken', 'rider-key');
  const api = mockApi({
    'GET /api/cards': () => jsonResponse(cards),
    'GET /api/addresses': () => jsonResponse(BOOK),
    ...routes,
  });
  renderWithProviders(<OneClickButton part={PART} quantity="3" {...props} />);
  return api;
}

const buyButton = () => screen.findByRole('button', { name: 'Buy Chain lube now with 1-Click' });
const location = () => screen.getByTestId('location').textContent;
const keyOf = (init: RequestInit | undefined) => new Headers(init?.headers).get('Idempotency-Key');

describe('OneClickButton', () => {
  it('says where it ships and which card pays: the default address and the newest card', async () => {
    renderButton();
    const button = await buyButton();
    expect(button.textContent).toBe(oneClickTexts.button);
    const terms = await screen.findByText('Ships to 500 Howard St, paid with Mastercard ending in 4444.');
    expect(button.getAttribute('aria-describedby')).toBe(terms.id);
  });

  it('is disabled for a quantity below the minimum', async () => {
    renderButton({}, { quantity: '1' });
    expect(((await buyButton()) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers nothing when 1-Click is turned off, not even the set-up link', async () => {
    const api = renderButton(
      {},
      { cards: { ...CARDS, oneClickEnabled: false, oneClickReady: false }, offerSetUp: true },
    );
    await waitFor(() => expect(api.callsTo('GET /api/cards')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(screen.queryByText(oneClickTexts.setUp)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    // Nor does it ask for the addresses it would name.
    expect(api.callsTo('GET /api/addresses')).toHaveLength(0);
  });

  it('links to the profile to set it up when it is on but not ready', async () => {
    renderButton({}, { cards: { cards: [], oneClickEnabled: true, oneClickReady: false }, offerSetUp: true });
    const link = await screen.findByRole('link', { name: oneClickTexts.setUp });
    expect(link.getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('places the order with an Idempotency-Key, says so while it goes, and opens the paid order', async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = renderButton({ [PLACE]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    fireEvent.click(await buyButton());

    const placing = await screen.findByRole('button', { name: oneClickTexts.placing });
    expect((placing as HTMLButtonElement).disabled).toBe(true);
    const [call] = api.callsTo(PLACE);
    expect(jsonBodyOf(call?.init)).toEqual({ partId: PART._id, quantity: 3 });
    expect(keyOf(call?.init)).toMatch(/^[0-9a-f]{32}$/);

    answer(jsonResponse(result('paid'), { status: 201 }));
    await waitFor(() => expect(location()).toBe(`/payment/${ORDER_ID}`));
  });

  it('sends a bank confirmation to the payment page with the notice', async () => {
    renderButton({ [PLACE]: () => jsonResponse(result('requires_action'), { status: 201 }) });
    fireEvent.click(await buyButton());
    await waitFor(() => expect(location()).toBe(`/payment/${ORDER_ID}?confirm=1`));
  });

  it('shows a decline in place and keeps the button; the next click is a new purchase (a new key)', async () => {
    const api = renderButton({
      [PLACE]: () => problemResponse(402, 'Payment Required', 'Your card was declined.'),
    });
    fireEvent.click(await buyButton());

    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined.');
    const button = await buyButton();
    expect((button as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(button);
    await waitFor(() => expect(api.callsTo(PLACE)).toHaveLength(2));
    const [first, second] = api.callsTo(PLACE);
    expect(keyOf(second?.init)).not.toBe(keyOf(first?.init));
    expect(location()).toBe('/');
  });

  it('tries the same purchase again with the same key after a lost answer', async () => {
    let calls = 0;
    const api = renderButton({
      [PLACE]: () => {
        calls += 1;
        return calls === 1
          ? problemResponse(503, 'Service Unavailable', 'Try again')
          : jsonResponse(result('paid'), { status: 201 });
      },
    });
    fireEvent.click(await buyButton());
    await screen.findByRole('alert');

    fireEvent.click(await buyButton());

    await waitFor(() => expect(location()).toBe(`/payment/${ORDER_ID}`));
    const [first, second] = api.callsTo(PLACE);
    expect(keyOf(second?.init)).toBe(keyOf(first?.init));
  });

  it('says why when 1-Click is refused (409), in place', async () => {
    renderButton({ [PLACE]: () => problemResponse(409, 'Conflict', oneClickTexts.noDefaultAddress) });
    fireEvent.click(await buyButton());
    expect((await screen.findByRole('alert')).textContent).toBe(oneClickTexts.noDefaultAddress);
  });

  it('buys a cart line with fromCart', async () => {
    const api = renderButton(
      { [PLACE]: () => jsonResponse(result('paid'), { status: 201 }) },
      { quantity: 4, fromCart: true },
    );
    fireEvent.click(await buyButton());
    await waitFor(() => expect(api.callsTo(PLACE)).toHaveLength(1));
    expect(jsonBodyOf(api.callsTo(PLACE)[0]?.init)).toEqual({
      partId: PART._id,
      quantity: 4,
      fromCart: true,
    });
  });
});
