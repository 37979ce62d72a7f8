import { addressTexts } from '@pitstop/core/address-texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { checkoutTexts } from '@pitstop/core/cart-texts';
import type { CheckoutResult } from '@pitstop/core/checkout';
import { checkoutPaymentTexts } from '@pitstop/core/credit-texts';
import type { CreditStatus } from '@pitstop/core/credit';
import { cartTexts, creditTexts } from '@pitstop/core/messages';
import { addressBookTexts, type AddressEntry } from '@pitstop/core/address-book';
import { DEFAULT_DELIVERY_SETTINGS } from '@pitstop/core/delivery-promise';
import type { OrderAddress } from '@pitstop/core/orders';
import { receiptTexts } from '@pitstop/core/receipt-texts';
import { ordersKeys } from '@/features/orders/api/orders-query-keys';
import type { Cart } from '@/lib/cart';
import type { mockApi } from '@/testing/api';
import { localLine } from '@/testing/cart';
import { errorTextFor, jsonBodyOf } from '@/testing/form';
import { createPart } from '@/testing/part-factory';
import { renderCheckoutRoute } from '@/testing/checkout-route';
import { jsonResponse } from '@/testing/render';

const pads = createPart({ name: 'Brake pads', price: 21.99, availablequantity: 10, minquantity: 2 });
const chain = createPart({ name: 'Chain kit', price: 89.5, availablequantity: 4, minquantity: 1 });
const ORDER_ID = '10000000-0000-4000-8000-000000000777';

// 3 × $21.99 + 1 × $89.50 = $155.47; 7.25 % of it is $11.27 (11.271…), 4 % is $6.22 (6.2188).
const CART: Cart = { items: [localLine(pads, 3), localLine(chain, 1)], subtotal: 155.47 };
const SAVED: OrderAddress = {
  name: 'Riley Rider',
  street: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  phone: '(415) 555-0100',
};

/** The saved address as the address book keeps it: the default. */
const SAVED_ENTRY: AddressEntry = { ...SAVED, id: '20000000-0000-4000-8000-000000000001', isDefault: true };

type Routes = Parameters<typeof mockApi>[0];

function problem(status: number, detail: string, errors: { field: string; message: string }[] = []) {
  return new Response(
    JSON.stringify({
      type: 'about:blank',
      title: status === 409 ? 'Conflict' : 'Bad Request',
      status,
      detail,
      errors,
    }),
    { status, headers: { 'content-type': 'application/problem+json' } },
  );
}

function renderCheckout(
  routes: Routes = {},
  {
    cart = CART,
    book = [SAVED_ENTRY],
    credit,
  }: { cart?: Cart; book?: AddressEntry[]; credit?: CreditStatus } = {},
) {
  return renderCheckoutRoute(routes, { cart, book, credit });
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const summaryValue = (term: string | RegExp) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
const placeOrder = () => screen.getByRole('button', { name: checkoutTexts.placeOrder }) as HTMLButtonElement;

/** Types an address into the checkout's new-address form. */
function typeAddress(address: OrderAddress) {
  fireEvent.change(field(checkoutTexts.fullName), { target: { value: address.name } });
  fireEvent.change(field(checkoutTexts.street), { target: { value: address.street } });
  fireEvent.change(field(checkoutTexts.city), { target: { value: address.city } });
  fireEvent.change(screen.getByLabelText(checkoutTexts.state), { target: { value: address.state } });
  fireEvent.change(field(checkoutTexts.zip), { target: { value: address.zip } });
  fireEvent.change(field(checkoutTexts.phone), { target: { value: address.phone } });
}

describe('CheckoutRoute', () => {
  it('lists the cart, offers the saved addresses (the default chosen), and shows the chosen state’s tax and the total', async () => {
    renderCheckout();

    const table = await screen.findByRole('table', { name: checkoutTexts.linesHeading });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(within(table).getByRole('rowheader', { name: 'Brake pads' })).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: 'Chain kit' })).toBeTruthy();
    expect(rows.filter((cells) => cells.length > 0)).toEqual([
      ['3', '$21.99', '$65.97'],
      ['1', '$89.50', '$89.50'],
    ]);

    const deliverTo = screen.getByRole('group', { name: addressBookTexts.deliverTo });
    const saved = within(deliverTo).getByRole('radio', { name: /1 Market St, San Francisco, CA 94105/ });
    expect((saved as HTMLInputElement).checked).toBe(true);
    expect(saved.closest('label')?.textContent).toContain(addressBookTexts.defaultBadge);
    // A saved address chosen: no fields to fill in.
    expect(screen.queryByLabelText(checkoutTexts.street)).toBeNull();

    expect(summaryValue(checkoutTexts.subtotal)).toBe('$155.47');
    expect(summaryValue('Sales tax (California, 7.25%)')).toBe('$11.27');
    expect(summaryValue(checkoutTexts.shipping)).toBe(checkoutTexts.freeShipping);
    expect(summaryValue(checkoutTexts.total)).toBe('$166.74');

    // A new address: the form, empty; another state, another rate; one without a rate pays none.
    fireEvent.click(within(deliverTo).getByRole('radio', { name: addressBookTexts.useNew }));
    expect(field(checkoutTexts.street).value).toBe('');
    expect(summaryValue(checkoutTexts.salesTax)).toBe(checkoutTexts.taxNeedsState);
    fireEvent.change(screen.getByLabelText(checkoutTexts.state), { target: { value: 'NY' } });
    expect(await screen.findByText('Sales tax (New York, 4%)')).toBeTruthy();
    expect(summaryValue('Sales tax (New York, 4%)')).toBe('$6.22');
    expect(summaryValue(checkoutTexts.total)).toBe('$161.69');
    fireEvent.change(screen.getByLabelText(checkoutTexts.state), { target: { value: 'OR' } });
    expect(await screen.findByText('Sales tax (Oregon, 0%)')).toBeTruthy();
    expect(summaryValue(checkoutTexts.total)).toBe('$155.47');
  });

  it('starts with an empty address when there is none saved, and asks for a state before showing tax', async () => {
    renderCheckout({}, { book: [] });

    expect(await screen.findByLabelText(checkoutTexts.fullName)).toBeTruthy();
    expect(field(checkoutTexts.fullName).value).toBe('');
    expect((screen.getByLabelText(checkoutTexts.state) as HTMLSelectElement).value).toBe('');
    expect(summaryValue(checkoutTexts.salesTax)).toBe(checkoutTexts.taxNeedsState);
    expect(summaryValue(checkoutTexts.total)).toBe('$155.47');

    fireEvent.click(placeOrder());
    await waitFor(() =>
      expect(errorTextFor(field(checkoutTexts.fullName))).toBe(addressTexts.addressNameRequired),
    );
    expect(errorTextFor(field(checkoutTexts.street))).toBe(addressTexts.streetRequired);
    expect(errorTextFor(field(checkoutTexts.city))).toBe(addressTexts.cityRequired);
    expect(errorTextFor(screen.getByLabelText(checkoutTexts.state))).toBe(addressTexts.stateRequired);
    expect(errorTextFor(field(checkoutTexts.zip))).toBe(addressTexts.zipInvalid);
    expect(errorTextFor(field(checkoutTexts.phone))).toBe(addressTexts.phoneInvalid);
  });

  it('refuses Alaska, a bad ZIP and a bad phone in the form, and sends nothing', async () => {
    const { api } = renderCheckout({}, { book: [] });
    const state = await screen.findByLabelText(checkoutTexts.state);

    fireEvent.change(state, { target: { value: 'AK' } });
    await waitFor(() => expect(errorTextFor(state)).toBe(addressTexts.stateNotServed('Alaska')));
    expect(addressTexts.stateNotServed('Alaska')).toBe(
      "We deliver to the 48 contiguous states and DC only, so we can't ship to Alaska.",
    );
    expect(summaryValue(checkoutTexts.salesTax)).toBe(checkoutTexts.taxNeedsState);
    fireEvent.change(field(checkoutTexts.zip), { target: { value: '9410' } });
    fireEvent.change(field(checkoutTexts.phone), { target: { value: '555-0100' } });
    fireEvent.click(placeOrder());

    await waitFor(() => expect(errorTextFor(field(checkoutTexts.zip))).toBe(addressTexts.zipInvalid));
    expect(errorTextFor(field(checkoutTexts.phone))).toBe(addressTexts.phoneInvalid);
    expect(errorTextFor(state)).toBe(addressTexts.stateNotServed('Alaska'));
    expect(api.callsTo('POST /api/checkout')).toHaveLength(0);
  });

  it('places the order by card, refreshes the cart and orders, and opens its payment page', async () => {
    const result: CheckoutResult = {
      insertedId: ORDER_ID,
      orderNumber: 'PS-10001',
      subtotal: 155.47,
      tax: 11.27,
      total: 166.74,
      lines: [],
      address: SAVED,
      paymentMethod: 'card',
      expiresAt: '2026-12-23T15:30:00.000Z',
      paymentDueAt: null,
    };
    const { api, queryClient } = renderCheckout({
      'POST /api/checkout': () => jsonResponse(result, { status: 201 }),
    });
    await screen.findByRole('table', { name: checkoutTexts.linesHeading });
    queryClient.setQueryData(ordersKeys.mine('rider@pitstop.com'), []);

    // The default address, as chosen at first.
    fireEvent.click(placeOrder());

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe(`/payment/${ORDER_ID}`);
    const [call] = api.callsTo('POST /api/checkout');
    expect(jsonBodyOf(call?.init)).toEqual({ address: SAVED, payment: 'card' });
    // A retry after a lost answer would carry the same key: one order, never two.
    expect(new Headers(call?.init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(queryClient.getQueryState(ordersKeys.mine('rider@pitstop.com'))?.isInvalidated).toBe(true);
    // The cart was emptied by the order: it is read again.
    await waitFor(() => expect(api.callsTo('GET /api/cart').length).toBeGreaterThan(1));
  });

  it('sends the saved address chosen, and a new one as the default when ticked', async () => {
    const OTHER: AddressEntry = {
      ...SAVED,
      id: '20000000-0000-4000-8000-000000000002',
      street: '5 Broadway',
      line2: 'Floor 3',
      city: 'New York',
      state: 'NY',
      zip: '10004',
      isDefault: false,
    };
    const { api } = renderCheckout(
      { 'POST /api/checkout': () => new Promise<Response>(() => undefined) },
      { book: [SAVED_ENTRY, OTHER] },
    );
    const deliverTo = await screen.findByRole('group', { name: addressBookTexts.deliverTo });
    fireEvent.click(
      within(deliverTo).getByRole('radio', { name: /5 Broadway, Floor 3, New York, NY 10004/ }),
    );
    // The tax follows the chosen address's state.
    expect(await screen.findByText('Sales tax (New York, 4%)')).toBeTruthy();
    expect(screen.queryByLabelText(addressBookTexts.defaultCheckbox)).toBeNull();
    fireEvent.click(placeOrder());
    await waitFor(() => expect(api.callsTo('POST /api/checkout')).toHaveLength(1));
    const { id: _id, isDefault: _isDefault, ...other } = OTHER;
    expect(jsonBodyOf(api.callsTo('POST /api/checkout')[0]?.init)).toEqual({
      address: other,
      payment: 'card',
    });
  });

  it('sends a new address with makeDefault when “Use as my default address” is ticked', async () => {
    const { api } = renderCheckout({ 'POST /api/checkout': () => new Promise<Response>(() => undefined) });
    const deliverTo = await screen.findByRole('group', { name: addressBookTexts.deliverTo });
    fireEvent.click(within(deliverTo).getByRole('radio', { name: addressBookTexts.useNew }));
    typeAddress({ ...SAVED, street: '9 Lake Rd', city: 'Reno', state: 'NV', zip: '89501' });
    expect(screen.getByText(addressBookTexts.keptForNextTime)).toBeTruthy();
    fireEvent.click(screen.getByLabelText(addressBookTexts.defaultCheckbox));
    fireEvent.click(placeOrder());
    await waitFor(() => expect(api.callsTo('POST /api/checkout')).toHaveLength(1));
    expect(jsonBodyOf(api.callsTo('POST /api/checkout')[0]?.init)).toEqual({
      address: { ...SAVED, street: '9 Lake Rd', city: 'Reno', state: 'NV', zip: '89501' },
      payment: 'card',
      makeDefault: true,
    });
  });

  it('promises the delivery for the chosen address’s state, and for a new address’s once its state is chosen', async () => {
    // Monday 30 November 2026, 11:48 in New York: before the 15:00 cut-off. Ground takes one day,
    // three to Nevada.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T16:48:00Z'));
    try {
      const settings = {
        ...DEFAULT_DELIVERY_SETTINGS,
        carriers: [{ name: 'Ground', transitDays: 1, byState: { NV: 3 } }],
      };
      const RENO: AddressEntry = {
        ...SAVED_ENTRY,
        id: '20000000-0000-4000-8000-000000000003',
        street: '9 Lake Rd',
        city: 'Reno',
        state: 'NV',
        zip: '89501',
        isDefault: false,
      };
      renderCheckout(
        { 'GET /api/settings/delivery': () => jsonResponse(settings) },
        { book: [SAVED_ENTRY, RENO] },
      );
      expect(await screen.findByText(/— arrives Tue, Dec 1$/)).toBeTruthy();
      const deliverTo = screen.getByRole('group', { name: addressBookTexts.deliverTo });
      fireEvent.click(within(deliverTo).getByRole('radio', { name: /9 Lake Rd, Reno, NV 89501/ }));
      expect(await screen.findByText(/— arrives Thu, Dec 3$/)).toBeTruthy();

      fireEvent.click(within(deliverTo).getByRole('radio', { name: addressBookTexts.useNew }));
      fireEvent.change(screen.getByLabelText(checkoutTexts.state), { target: { value: 'NY' } });
      expect(await screen.findByText(/— arrives Tue, Dec 1$/)).toBeTruthy();
      fireEvent.change(screen.getByLabelText(checkoutTexts.state), { target: { value: 'NV' } });
      expect(await screen.findByText(/— arrives Thu, Dec 3$/)).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a part that ran short (409) as an alert naming it, with a way back to the cart', async () => {
    const message = cartTexts.stockShort('Chain kit', 0);
    renderCheckout({
      'POST /api/checkout': () => problem(409, message, [{ field: `items.${chain._id}.quantity`, message }]),
    });
    await screen.findByRole('table', { name: checkoutTexts.linesHeading });

    fireEvent.click(placeOrder());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Chain kit is sold out. Remove it from your cart to check out.');
    fireEvent.click(within(alert).getByRole('link', { name: checkoutTexts.backToCart }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your cart' })).toBeTruthy();
  });

  it('puts the server’s address errors (400) under their fields', async () => {
    renderCheckout(
      {
        'POST /api/checkout': () =>
          problem(400, addressTexts.cityRequired, [
            { field: 'address.city', message: addressTexts.cityRequired },
          ]),
      },
      { book: [] },
    );
    await screen.findByRole('table', { name: checkoutTexts.linesHeading });
    typeAddress(SAVED);

    fireEvent.click(placeOrder());

    await waitFor(() => expect(errorTextFor(field(checkoutTexts.city))).toBe(addressTexts.cityRequired));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(placeOrder().disabled).toBe(false);
  });

  it('says a refusal about neither the address nor the parts under the total, and clears it on retry', async () => {
    let answers = 0;
    renderCheckout({
      'POST /api/checkout': () => {
        answers += 1;
        return answers === 1
          ? problem(403, creditTexts.notApproved, [{ field: 'payment', message: creditTexts.notApproved }])
          : new Promise<Response>(() => undefined);
      },
    });
    await screen.findByRole('table', { name: checkoutTexts.linesHeading });

    fireEvent.click(placeOrder());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(creditTexts.notApproved);
    expect(within(alert).queryByRole('link')).toBeNull();
    expect(placeOrder().disabled).toBe(false);

    fireEvent.click(placeOrder());
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByRole('button', { name: checkoutTexts.placing })).toBeTruthy();
  });

  it('warns about a line that no longer fits the stock and sends back to the cart', async () => {
    renderCheckout({}, { cart: { items: [{ ...localLine(chain, 3), available: 2 }], subtotal: 268.5 } });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(checkoutTexts.fixInCart);
    expect(within(alert).getByRole('link', { name: checkoutTexts.backToCart }).getAttribute('href')).toBe(
      '/cart',
    );
    expect(placeOrder().disabled).toBe(true);
  });

  it('says an empty cart has nothing to check out, with a way to the parts', async () => {
    renderCheckout({}, { cart: { items: [], subtotal: 0 } });

    expect(await screen.findByText(checkoutTexts.emptyCart)).toBeTruthy();
    expect(screen.getByRole('link', { name: checkoutTexts.browseParts }).getAttribute('href')).toBe('/parts');
    expect(screen.queryByRole('button', { name: checkoutTexts.placeOrder })).toBeNull();
  });
});

describe('CheckoutRoute: pay on account', () => {
  const approved = (remaining: number): CreditStatus => ({
    application: null,
    account: { limit: 500, used: 500 - remaining, remaining },
  });
  const payOnAccount = () => screen.getByRole('radio', { name: checkoutPaymentTexts.account });

  it('offers no choice to a customer without approved credit', async () => {
    renderCheckout();
    await screen.findByRole('table', { name: checkoutTexts.linesHeading });
    expect(screen.queryByRole('radio', { name: checkoutPaymentTexts.account })).toBeNull();
    expect(screen.queryByRole('radio', { name: checkoutPaymentTexts.card })).toBeNull();
    expect(screen.getByText(checkoutTexts.payNext)).toBeTruthy();
  });

  it('lets an approved customer pay on account, showing the remaining limit, and ends on its confirmation', async () => {
    const result: CheckoutResult = {
      insertedId: ORDER_ID,
      orderNumber: 'PS-10001',
      subtotal: 155.47,
      tax: 11.27,
      total: 166.74,
      lines: [],
      address: SAVED,
      paymentMethod: 'account',
      expiresAt: null,
      paymentDueAt: '2027-01-22T12:00:00.000Z',
    };
    const { api } = renderCheckout(
      { 'POST /api/checkout': () => jsonResponse(result, { status: 201 }) },
      { credit: approved(400) },
    );
    await screen.findByRole('table', { name: checkoutTexts.linesHeading });
    const card = (await screen.findByRole('radio', { name: checkoutPaymentTexts.card })) as HTMLInputElement;
    expect(card.checked).toBe(true);
    expect(screen.getByText(checkoutPaymentTexts.accountHint('$400.00'))).toBeTruthy();

    fireEvent.click(payOnAccount());
    expect(screen.queryByText(checkoutTexts.payNext)).toBeNull();
    fireEvent.click(placeOrder());

    // Nothing to pay now: it says so, with the number, when the invoice falls due and its page.
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: receiptTexts.isPlacedOnAccount('PS-10001'),
    });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(receiptTexts.invoiceDue('$166.74', 'Jan 22, 2027'))).toBeTruthy();
    expect(screen.getByText(receiptTexts.whatNext)).toBeTruthy();
    expect(screen.getByRole('link', { name: receiptTexts.viewOrder('PS-10001') }).getAttribute('href')).toBe(
      '/order/PS-10001',
    );
    expect(screen.getByTestId('location').textContent).toBe('/checkout');
    expect(screen.queryByRole('button', { name: checkoutTexts.placeOrder })).toBeNull();
    const [call] = api.callsTo('POST /api/checkout');
    expect(jsonBodyOf(call?.init)).toMatchObject({ payment: 'account' });
  });

  it('warns before sending when the order is over the remaining limit, and shows the server’s refusal under the total', async () => {
    const message = creditTexts.overLimit('$100.00', '$166.74');
    renderCheckout(
      {
        'POST /api/checkout': () => problem(409, message, [{ field: 'payment', message }]),
      },
      { credit: approved(100) },
    );
    await screen.findByRole('table', { name: checkoutTexts.linesHeading });
    fireEvent.click(await screen.findByRole('radio', { name: /net 30/ }));
    expect(screen.getByText(checkoutPaymentTexts.overRemaining('$100.00'))).toBeTruthy();

    fireEvent.click(placeOrder());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    // Not a problem with the parts: no way back to the cart is offered for it.
    expect(within(alert).queryByRole('link')).toBeNull();
  });
});
