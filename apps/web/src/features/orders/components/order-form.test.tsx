import { addressTexts } from '@pitstop/core/address-texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { checkoutTexts } from '@pitstop/core/cart-texts';
import { addressLine2Texts } from '@pitstop/core/checkout-place-texts';
import type { CheckoutResult } from '@pitstop/core/checkout';
import { checkoutPaymentTexts } from '@pitstop/core/credit-texts';
import { creditTexts, messages } from '@pitstop/core/messages';
import type { OrderAddress } from '@pitstop/core/orders';
import { receiptTexts } from '@pitstop/core/receipt-texts';
import { sessionKeys } from '@/lib/current-user';
import { createProfile } from '@/testing/account-factory';
import { authorizationOf, mockApi } from '@/testing/api';
import { errorTextFor, jsonBodyOf } from '@/testing/form';
import { createPart } from '@/testing/part-factory';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { OrderForm } from './order-form';

const customer = createProfile({ name: 'Riley Rider', email: 'rider@pitstop.com' });
const part = createPart({ name: 'Suzuki Gixxer Brake Pads', minquantity: 2, availablequantity: 10 });

/** The customer's last delivery address, which the form offers again. */
const SAVED: OrderAddress = {
  name: 'Riley Rider',
  street: '500 Howard St',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  phone: '(415) 555-0134',
};
const PHONE = '(415) 555-0100';

/** The server's answer to a placed order (as the checkout answers it). */
function placed(overrides: Partial<CheckoutResult> = {}): CheckoutResult {
  return {
    insertedId: 'order-1',
    orderNumber: 'PS-10482',
    subtotal: 51.98,
    tax: 3.77,
    total: 55.75,
    lines: [],
    address: SAVED,
    paymentMethod: 'card',
    expiresAt: '2026-12-23T15:30:00.000Z',
    paymentDueAt: null,
    ...overrides,
  };
}

type Routes = Parameters<typeof mockApi>[0];

function renderForm(
  routes: Routes = {},
  onStockChanged = vi.fn(),
  options: { saved?: OrderAddress | null; creditLine?: { remaining: number } } = {},
) {
  window.localStorage.setItem('accessToken', 'rider-key');
  const saved = options.saved === undefined ? SAVED : options.saved;
  const api = mockApi({
    'GET /api/me': () => jsonResponse(customer),
    'GET /api/me/address': () => jsonResponse({ address: saved }),
    ...routes,
  });
  const onPlaced = vi.fn();
  renderWithProviders(
    <OrderForm
      part={part}
      onStockChanged={onStockChanged}
      onPlaced={onPlaced}
      creditLine={options.creditLine ?? null}
    />,
  );
  return { api, onStockChanged, onPlaced };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const placeOrder = () => screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement;

/** Types a value and leaves the field, as a person tabbing on would. */
function fillAndLeave(label: string, value: string) {
  const control = field(label);
  fireEvent.focus(control);
  fireEvent.change(control, { target: { value: value } });
  fireEvent.blur(control);
}

/** Place Order is enabled only for a quantity in range: type one, and wait for it. */
async function enableOrdering() {
  fireEvent.change(await screen.findByLabelText('Quantity'), { target: { value: '2' } });
  await waitFor(() => expect(placeOrder().disabled).toBe(false));
}

describe('OrderForm', () => {
  it('keeps what was typed when a background refetch of the account fails', async () => {
    let meFails = false;
    window.localStorage.setItem('accessToken', 'rider-key');
    mockApi({
      'GET /api/me': () =>
        meFails
          ? problemResponse(503, 'Service Unavailable', 'The shop is very busy right now.')
          : jsonResponse(customer),
      'GET /api/me/address': () => jsonResponse({ address: null }),
    });
    const { queryClient } = renderWithProviders(<OrderForm part={part} />);
    await enableOrdering();
    fillAndLeave('Phone number', '4155551234');

    meFails = true;
    await queryClient.refetchQueries({ queryKey: sessionKeys.me() }).catch(() => {});
    await waitFor(() => expect(queryClient.getQueryState(sessionKeys.me())?.status).toBe('error'));

    // Still the same form, as it was left: not an error box, not a fresh form.
    expect(field('Phone number').value).toBe('4155551234');
    expect(field('Quantity').value).toBe('2');
    expect(placeOrder().disabled).toBe(false);
  });

  it('prefills name, email and part name, and states the minimum in the quantity placeholder', async () => {
    renderForm({}, vi.fn(), { saved: null });

    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Riley Rider');
    expect(field('Email').value).toBe('rider@pitstop.com');
    expect(field('Part name').value).toBe('Suzuki Gixxer Brake Pads');
    expect(field('Phone number').value).toBe('');
    expect(field('Quantity').value).toBe('');
    expect(field('Quantity').type).toBe('number');
    expect(field('Quantity').placeholder).toBe("Quantity can't be less than 2");
    // No order yet: the delivery address is asked for, empty.
    const address = screen.getByRole('group', { name: receiptTexts.deliveryHeading });
    expect(within(address).getByLabelText(checkoutTexts.street)).toBeTruthy();
    expect(field(checkoutTexts.street).value).toBe('');
    expect(field(checkoutTexts.city).value).toBe('');
    expect((screen.getByLabelText(checkoutTexts.state) as HTMLSelectElement).value).toBe('');
    expect(field(checkoutTexts.zip).value).toBe('');
  });

  it('offers the last delivery address and its phone number again', async () => {
    renderForm();

    expect(((await screen.findByLabelText(checkoutTexts.street)) as HTMLInputElement).value).toBe(
      '500 Howard St',
    );
    expect(field(checkoutTexts.city).value).toBe('San Francisco');
    expect((screen.getByLabelText(checkoutTexts.state) as HTMLSelectElement).value).toBe('CA');
    expect(field(checkoutTexts.zip).value).toBe('94105');
    expect(field('Phone number').value).toBe('(415) 555-0134');
    // The name is the account's; autocomplete fills the address as a delivery address, its two
    // lines apart (issue #28: the apartment or suite line).
    expect(field('Name').value).toBe('Riley Rider');
    expect(field(checkoutTexts.street).getAttribute('autocomplete')).toBe('shipping address-line1');
    expect(field(addressLine2Texts.label).getAttribute('autocomplete')).toBe('shipping address-line2');
  });

  it.each([
    ['Name', '', messages.nameRequired],
    ['Email', '', messages.emailRequired],
    ['Email', 'rider-at-pitstop', messages.emailInvalid],
    ['Phone number', '', messages.numberRequired],
    ['Phone number', '1234', messages.numberTooShort],
    // The number is the courier's too.
    ['Phone number', '555-0100', addressTexts.phoneInvalid],
    ['Part name', '', messages.nameRequired],
    [checkoutTexts.street, ' ', addressTexts.streetRequired],
    [checkoutTexts.city, '', addressTexts.cityRequired],
    [checkoutTexts.zip, '9410', addressTexts.zipInvalid],
  ])('%s "%s" shows %j under it on Place Order', async (label, value, message) => {
    renderForm();
    await enableOrdering();
    fillAndLeave(label, value);

    fireEvent.click(placeOrder());

    await waitFor(() => expect(errorTextFor(field(label))).toBe(message));
    expect(field(label).getAttribute('aria-invalid')).toBe('true');
  });

  it.each([
    ['11', messages.quantityAboveAvailable],
    ['1', "Quantity can't be less than 2"],
    ['', messages.quantityRequired],
  ])('Quantity "%s" shows %j while it is typed (Place Order is disabled then)', async (value, message) => {
    renderForm();
    const quantity = await screen.findByLabelText('Quantity');
    fireEvent.change(quantity, { target: { value: '5' } });
    fireEvent.change(quantity, { target: { value: value } });

    await waitFor(() => expect(errorTextFor(field('Quantity'))).toBe(message));
    expect(field('Quantity').getAttribute('aria-invalid')).toBe('true');
    expect(placeOrder().disabled).toBe(true);
  });

  // Issue #9: a message shown on leaving a field moved Place Order away from the click that
  // left it. Leaving shows nothing; the one press shows every message at once.
  it('shows nothing when an emptied field is left, then every message on the first Place Order', async () => {
    const { api } = renderForm();
    await enableOrdering();
    fillAndLeave('Name', '');
    fillAndLeave('Phone number', '');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errorTextFor(field('Name'))).toBeNull();
    expect(errorTextFor(field('Phone number'))).toBeNull();

    fireEvent.click(placeOrder());

    await waitFor(() => expect(errorTextFor(field('Name'))).toBe(messages.nameRequired));
    expect(errorTextFor(field('Phone number'))).toBe(messages.numberRequired);
    expect(api.callsTo('POST /api/order')).toHaveLength(0);
  });

  it('after a refused Place Order, clears a message as its field is corrected', async () => {
    renderForm();
    await enableOrdering();
    fillAndLeave('Name', '');
    fireEvent.click(placeOrder());
    await waitFor(() => expect(errorTextFor(field('Name'))).toBe(messages.nameRequired));

    fireEvent.change(field('Name'), { target: { value: 'Riley R.' } });

    await waitFor(() => expect(errorTextFor(field('Name'))).toBeNull());
    expect(field('Name').getAttribute('aria-invalid')).toBe('false');
  });

  it('says a quantity is too high while it is typed, before the field is left', async () => {
    renderForm();
    fireEvent.change(await screen.findByLabelText('Quantity'), { target: { value: '50' } });

    await waitFor(() => expect(errorTextFor(field('Quantity'))).toBe(messages.quantityAboveAvailable));
  });

  it('keeps Place Order disabled outside minquantity..availablequantity, and when empty', async () => {
    renderForm();
    const quantity = await screen.findByLabelText('Quantity');

    expect(placeOrder().disabled).toBe(true);
    for (const [value, disabled] of [
      ['1', true],
      ['2', false],
      ['7', false],
      ['10', false],
      ['11', true],
      ['', true],
      ['2.5', true],
    ] as const) {
      fireEvent.change(quantity, { target: { value: value } });
      await waitFor(() => expect(placeOrder().disabled, `quantity "${value}"`).toBe(disabled));
    }
  });

  it('books the order with its address, says so with its number and a way to pay, and resets the form', async () => {
    const { api, onStockChanged, onPlaced } = renderForm({
      'POST /api/order': () => jsonResponse(placed()),
    });
    fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: PHONE } });
    fireEvent.change(field('Name'), { target: { value: 'Riley R.' } });
    fireEvent.change(field(checkoutTexts.street), { target: { value: '2 Mission St' } });
    fireEvent.change(field('Quantity'), { target: { value: '3' } });
    await waitFor(() => expect(placeOrder().disabled).toBe(false));

    fireEvent.click(placeOrder());

    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toContain(messages.orderBooked));
    expect(status.textContent).toContain(receiptTexts.orderNumberIs('PS-10482'));
    expect(status.textContent).toContain(receiptTexts.totalIs('$55.75'));
    const payNow = within(status).getByRole('link', { name: receiptTexts.payNowLabel('PS-10482') });
    expect(payNow.textContent).toBe(receiptTexts.payNow);
    expect(payNow.getAttribute('href')).toBe('/payment/order-1');
    // Place Order is disabled again (the quantity is empty): the focus is on the next step.
    expect(document.activeElement).toBe(payNow);
    const [call] = api.callsTo('POST /api/order');
    expect(jsonBodyOf(call?.init)).toEqual({
      email: 'rider@pitstop.com',
      name: 'Riley R.',
      num: PHONE,
      parts: 'Suzuki Gixxer Brake Pads',
      quantity: 3,
      productId: part._id,
      payment: 'card',
      // Who receives it and their number are the form's own Name and Phone number.
      address: { ...SAVED, name: 'Riley R.', street: '2 Mission St', phone: PHONE },
    });
    expect(authorizationOf(call?.init)).toBe('Bearer rider-key');
    expect(field('Name').value).toBe('Riley Rider');
    expect(field('Email').value).toBe('rider@pitstop.com');
    expect(field('Part name').value).toBe('Suzuki Gixxer Brake Pads');
    expect(field('Quantity').value).toBe('');
    // The address just used is the last one now, offered for the next order.
    expect(field('Phone number').value).toBe(PHONE);
    expect(field(checkoutTexts.street).value).toBe('2 Mission St');
    expect(placeOrder().disabled).toBe(true);
    expect(onStockChanged).toHaveBeenCalledTimes(1);
    expect(onPlaced).toHaveBeenCalledWith(placed());
  });

  it('lets an approved customer order on account, and says it is placed on account', async () => {
    const { api } = renderForm(
      {
        'POST /api/order': () =>
          jsonResponse(
            placed({
              paymentMethod: 'account',
              expiresAt: null,
              paymentDueAt: '2027-01-22T12:00:00.000Z',
            }),
          ),
      },
      vi.fn(),
      { creditLine: { remaining: 400 } },
    );
    const card = (await screen.findByRole('radio', { name: checkoutPaymentTexts.card })) as HTMLInputElement;
    expect(card.checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: checkoutPaymentTexts.account }));
    fireEvent.change(field('Quantity'), { target: { value: '2' } });
    await waitFor(() => expect(placeOrder().disabled).toBe(false));

    fireEvent.click(placeOrder());

    const heading = await screen.findByRole('heading', { name: receiptTexts.isPlacedOnAccount('PS-10482') });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('status').textContent).toContain(messages.orderBooked);
    expect(screen.getByText(receiptTexts.invoiceDue('$55.75', 'Jan 22, 2027'))).toBeTruthy();
    expect(screen.getByRole('link', { name: receiptTexts.viewOrder('PS-10482') }).getAttribute('href')).toBe(
      '/order/PS-10482',
    );
    expect(screen.queryByRole('link', { name: /Pay now/ })).toBeNull();
    expect(jsonBodyOf(api.callsTo('POST /api/order')[0]?.init)).toMatchObject({ payment: 'account' });
  });

  it('offers no way to pay on account without approved credit', async () => {
    renderForm();
    await screen.findByLabelText('Quantity');
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('says a refusal of pay on account under the form, not under Quantity', async () => {
    const message = creditTexts.overLimit('$100.00', '$166.74');
    const { onStockChanged } = renderForm(
      {
        'POST /api/order': () =>
          jsonResponse(
            {
              type: 'about:blank',
              title: 'Conflict',
              status: 409,
              detail: message,
              errors: [{ field: 'payment', message }],
            },
            { status: 409, headers: { 'content-type': 'application/problem+json' } },
          ),
      },
      vi.fn(),
      { creditLine: { remaining: 100 } },
    );
    fireEvent.click(await screen.findByRole('radio', { name: checkoutPaymentTexts.account }));
    fireEvent.change(field('Quantity'), { target: { value: '2' } });
    await waitFor(() => expect(placeOrder().disabled).toBe(false));

    fireEvent.click(placeOrder());

    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(errorTextFor(field('Quantity'))).toBeNull();
    expect(onStockChanged).not.toHaveBeenCalled();
  });

  it('refuses a state outside the delivery area as soon as it is chosen', async () => {
    renderForm();
    const state = await screen.findByLabelText(checkoutTexts.state);
    fireEvent.change(state, { target: { value: 'HI' } });
    await waitFor(() => expect(errorTextFor(state)).toBe(addressTexts.stateNotServed('Hawaii')));
  });

  it('sends the same Idempotency-Key when Place Order is pressed again after a lost answer, and a new one for the next order', async () => {
    let calls = 0;
    const { api } = renderForm({
      'POST /api/order': () => {
        calls++;
        // No answer at all (the connection dropped), then the server busy, then booked.
        if (calls === 1) return Promise.reject(new TypeError('Failed to fetch'));
        if (calls === 2) return problemResponse(503, 'Service Unavailable', 'Try again shortly');
        return jsonResponse(placed({ insertedId: `order-${calls}` }));
      },
    });
    const order = async () => {
      fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: PHONE } });
      fireEvent.change(field('Quantity'), { target: { value: '2' } });
      await waitFor(() => expect(placeOrder().disabled).toBe(false));
    };
    await order();
    fireEvent.click(placeOrder());
    await screen.findByRole('alert');
    await waitFor(() => expect(placeOrder().disabled).toBe(false));
    fireEvent.click(placeOrder());
    await waitFor(() => expect(calls).toBe(2));
    await waitFor(() => expect(placeOrder().disabled).toBe(false));
    fireEvent.click(placeOrder());
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain(messages.orderBooked));

    await order();
    fireEvent.click(placeOrder());
    await waitFor(() => expect(calls).toBe(4));

    const keys = api
      .callsTo('POST /api/order')
      .map((call) => new Headers(call.init?.headers).get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(keys[3]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('sends nothing and shows the messages when a required field is empty', async () => {
    const { api } = renderForm({}, vi.fn(), { saved: null });
    fireEvent.change(await screen.findByLabelText('Quantity'), { target: { value: '2' } });
    await waitFor(() => expect(placeOrder().disabled).toBe(false));

    fireEvent.click(placeOrder());

    await waitFor(() => expect(errorTextFor(field('Phone number'))).toBe(messages.numberRequired));
    expect(errorTextFor(field(checkoutTexts.street))).toBe(addressTexts.streetRequired);
    expect(errorTextFor(screen.getByLabelText(checkoutTexts.state))).toBe(addressTexts.stateRequired);
    expect(api.callsTo('POST /api/order')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows a 409 (not enough stock) detail under Quantity', async () => {
    const { onStockChanged } = renderForm({
      'POST /api/order': () => problemResponse(409, 'Conflict', 'Only 1 left of this part.'),
    });
    fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: PHONE } });
    fireEvent.change(field('Quantity'), { target: { value: '4' } });
    await waitFor(() => expect(placeOrder().disabled).toBe(false));

    fireEvent.click(placeOrder());

    await waitFor(() => expect(errorTextFor(field('Quantity'))).toBe('Only 1 left of this part.'));
    expect(screen.getByRole('status').textContent).toBe('');
    expect(field('Quantity').value).toBe('4');
    expect(onStockChanged).toHaveBeenCalledTimes(1);
  });

  it('puts server field errors under their fields', async () => {
    renderForm({
      'POST /api/order': () =>
        jsonResponse(
          {
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            errors: [
              { field: 'num', message: 'Use digits, spaces and + ( ) - only' },
              { field: 'address.zip', message: addressTexts.zipInvalid },
            ],
          },
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
    });
    fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: PHONE } });
    fireEvent.change(field('Quantity'), { target: { value: '2' } });
    await waitFor(() => expect(placeOrder().disabled).toBe(false));

    fireEvent.click(placeOrder());

    await waitFor(() =>
      expect(errorTextFor(field('Phone number'))).toBe('Use digits, spaces and + ( ) - only'),
    );
    expect(errorTextFor(field(checkoutTexts.zip))).toBe(addressTexts.zipInvalid);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces a failure that belongs to no field', async () => {
    renderForm({
      'POST /api/order': () => problemResponse(500, 'Internal Server Error', 'Something broke'),
    });
    fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: PHONE } });
    fireEvent.change(field('Quantity'), { target: { value: '2' } });
    await waitFor(() => expect(placeOrder().disabled).toBe(false));

    fireEvent.click(placeOrder());

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your order could not be placed. Please try again.',
    );
  });
});
