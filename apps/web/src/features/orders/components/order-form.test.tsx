import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@pitstop/core/messages';
import { sessionKeys } from '@/lib/current-user';
import { createProfile } from '@/testing/account-factory';
import { authorizationOf, mockApi } from '@/testing/api';
import { errorTextFor, jsonBodyOf } from '@/testing/form';
import { createPart } from '@/testing/part-factory';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { OrderForm } from './order-form';

const customer = createProfile({ name: 'Riley Rider', email: 'rider@pitstop.com' });
const part = createPart({ name: 'Suzuki Gixxer Brake Pads', minquantity: 2, availablequantity: 10 });

type Routes = Parameters<typeof mockApi>[0];

function renderForm(routes: Routes = {}, onStockChanged = vi.fn()) {
  window.localStorage.setItem('accessToken', 'rider-key');
  const api = mockApi({ 'GET /api/me': () => jsonResponse(customer), ...routes });
  renderWithProviders(<OrderForm part={part} onStockChanged={onStockChanged} />);
  return { api, onStockChanged };
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
    });
    const { queryClient } = renderWithProviders(<OrderForm part={part} />);
    await enableOrdering();
    fillAndLeave('Phone number', '5551234567');

    meFails = true;
    await queryClient.refetchQueries({ queryKey: sessionKeys.me() }).catch(() => {});
    await waitFor(() => expect(queryClient.getQueryState(sessionKeys.me())?.status).toBe('error'));

    // Still the same form, as it was left: not an error box, not a fresh form.
    expect(field('Phone number').value).toBe('5551234567');
    expect(field('Quantity').value).toBe('2');
    expect(placeOrder().disabled).toBe(false);
  });

  it('prefills name, email and part name, and states the minimum in the quantity placeholder', async () => {
    renderForm();

    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Riley Rider');
    expect(field('Email').value).toBe('rider@pitstop.com');
    expect(field('Part name').value).toBe('Suzuki Gixxer Brake Pads');
    expect(field('Phone number').value).toBe('');
    expect(field('Quantity').value).toBe('');
    expect(field('Quantity').type).toBe('number');
    expect(field('Quantity').placeholder).toBe("Quantity can't be less than 2");
  });

  it.each([
    ['Name', '', messages.nameRequired],
    ['Email', '', messages.emailRequired],
    ['Email', 'rider-at-pitstop', messages.emailInvalid],
    ['Phone number', '', messages.numberRequired],
    ['Phone number', '1234', messages.numberTooShort],
    ['Part name', '', messages.nameRequired],
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

  it('books the order, says so, resets the form and reports the stock change', async () => {
    const { api, onStockChanged } = renderForm({
      'POST /api/order': () => jsonResponse({ insertedId: 'order-1' }, { status: 201 }),
    });
    fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: '555-0100' } });
    fireEvent.change(field('Name'), { target: { value: 'Riley R.' } });
    fireEvent.change(field('Quantity'), { target: { value: '3' } });
    await waitFor(() => expect(placeOrder().disabled).toBe(false));

    fireEvent.click(placeOrder());

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(messages.orderBooked));
    const [call] = api.callsTo('POST /api/order');
    expect(jsonBodyOf(call?.init)).toEqual({
      email: 'rider@pitstop.com',
      name: 'Riley R.',
      num: '555-0100',
      parts: 'Suzuki Gixxer Brake Pads',
      quantity: 3,
      productId: part._id,
    });
    expect(authorizationOf(call?.init)).toBe('Bearer rider-key');
    expect(field('Name').value).toBe('Riley Rider');
    expect(field('Email').value).toBe('rider@pitstop.com');
    expect(field('Part name').value).toBe('Suzuki Gixxer Brake Pads');
    expect(field('Phone number').value).toBe('');
    expect(field('Quantity').value).toBe('');
    expect(placeOrder().disabled).toBe(true);
    expect(onStockChanged).toHaveBeenCalledTimes(1);
  });

  it('sends the same Idempotency-Key when Place Order is pressed again after a lost answer, and a new one for the next order', async () => {
    let calls = 0;
    const { api } = renderForm({
      'POST /api/order': () => {
        calls++;
        // No answer at all (the connection dropped), then the server busy, then booked.
        if (calls === 1) return Promise.reject(new TypeError('Failed to fetch'));
        if (calls === 2) return problemResponse(503, 'Service Unavailable', 'Try again shortly');
        return jsonResponse({ insertedId: `order-${calls}` }, { status: 201 });
      },
    });
    const order = async () => {
      fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: '555-0100' } });
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
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(messages.orderBooked));

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
    const { api } = renderForm();
    fireEvent.change(await screen.findByLabelText('Quantity'), { target: { value: '2' } });
    await waitFor(() => expect(placeOrder().disabled).toBe(false));

    fireEvent.click(placeOrder());

    await waitFor(() => expect(errorTextFor(field('Phone number'))).toBe(messages.numberRequired));
    expect(api.callsTo('POST /api/order')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows a 409 (not enough stock) detail under Quantity', async () => {
    const { onStockChanged } = renderForm({
      'POST /api/order': () => problemResponse(409, 'Conflict', 'Only 1 left of this part.'),
    });
    fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: '555-0100' } });
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
            errors: [{ field: 'num', message: 'Use digits, spaces and + ( ) - only' }],
          },
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
    });
    fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: '555-0100' } });
    fireEvent.change(field('Quantity'), { target: { value: '2' } });
    await waitFor(() => expect(placeOrder().disabled).toBe(false));

    fireEvent.click(placeOrder());

    await waitFor(() =>
      expect(errorTextFor(field('Phone number'))).toBe('Use digits, spaces and + ( ) - only'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces a failure that belongs to no field', async () => {
    renderForm({
      'POST /api/order': () => problemResponse(500, 'Internal Server Error', 'Something broke'),
    });
    fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: '555-0100' } });
    fireEvent.change(field('Quantity'), { target: { value: '2' } });
    await waitFor(() => expect(placeOrder().disabled).toBe(false));

    fireEvent.click(placeOrder());

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your order could not be placed. Please try again.',
    );
  });
});
