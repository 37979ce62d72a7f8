import { addressTexts } from '@pitstop/core/address-texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { cartPageTexts, checkoutTexts } from '@pitstop/core/cart-texts';
import { addressLine2Texts, checkoutDraftTexts, creditOfferTexts } from '@pitstop/core/checkout-place-texts';
import type { CheckoutResult } from '@pitstop/core/checkout';
import type { CreditStatus } from '@pitstop/core/credit';
import { textRuleTexts } from '@pitstop/core/messages';
import type { OrderAddress } from '@pitstop/core/orders';
import { addressBookTexts, type AddressEntry } from '@pitstop/core/address-book';
import { CartContents } from '@/features/cart/components/cart-contents';
import { createProfile } from '@/testing/account-factory';
import { localLine, seedLocalCart } from '@/testing/cart';
import { renderCheckoutRoute, type ApiRoutes } from '@/testing/checkout-route';
import { errorTextFor, jsonBodyOf } from '@/testing/form';
import { createPart } from '@/testing/part-factory';
import { jsonResponse, renderWithProviders } from '@/testing/render';

/*
 * Issue #28, item 3: the checkout keeps your place. Address line 2; the address being typed kept
 * in this tab across a reload (sessionStorage, per account, forgotten once the order is placed);
 * the credit application offered where paying on account is not; and the cart's Checkout, signed
 * out, asks to log in and comes back here.
 */

const pads = createPart({ name: 'Brake pads', price: 21.99, availablequantity: 10, minquantity: 1 });
const ORDER_ID = '10000000-0000-4000-8000-000000000778';
const RIDER = createProfile({ _id: 'rider-1', name: 'Riley Rider', email: 'rider@pitstop.com' });
const SAVED: OrderAddress = {
  name: 'Riley Rider',
  street: '1 Market St',
  line2: 'Suite 300',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  phone: '(415) 555-0100',
};
/** The saved address as the address book keeps it: the default. */
const SAVED_ENTRY: AddressEntry = { ...SAVED, id: '20000000-0000-4000-8000-000000000001', isDefault: true };
const DRAFT_KEY = 'pitstop.draft.checkout-address';

afterEach(() => {
  window.sessionStorage.clear();
});

/** The checkout with two pads in the cart, signed in as `me`, through the shared checkout render. */
function renderCheckout(
  routes: ApiRoutes = {},
  {
    book = [] as AddressEntry[],
    me = RIDER,
    credit,
  }: { book?: AddressEntry[]; me?: typeof RIDER; credit?: CreditStatus } = {},
) {
  return renderCheckoutRoute(
    { 'GET /api/me': () => jsonResponse(me), ...routes },
    { cart: { items: [localLine(pads, 2)], subtotal: 43.98 }, book, credit },
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const placeOrder = () => fireEvent.click(screen.getByRole('button', { name: checkoutTexts.placeOrder }));
/** Types a whole address into the new-address form. */
function typeAddress(address: OrderAddress) {
  type(checkoutTexts.fullName, address.name);
  type(checkoutTexts.street, address.street);
  type(addressLine2Texts.label, address.line2 ?? '');
  type(checkoutTexts.city, address.city);
  fireEvent.change(screen.getByLabelText(checkoutTexts.state), { target: { value: address.state } });
  type(checkoutTexts.zip, address.zip);
  type(checkoutTexts.phone, address.phone);
}
const chooseNewAddress = async () =>
  fireEvent.click(await screen.findByRole('radio', { name: addressBookTexts.useNew }));

function placedResult(address: OrderAddress): CheckoutResult {
  return {
    insertedId: ORDER_ID,
    orderNumber: 'PS-10778',
    subtotal: 43.98,
    tax: 3.19,
    total: 47.17,
    lines: [],
    address,
    paymentMethod: 'card',
    expiresAt: '2026-11-27T14:00:00.000Z',
    paymentDueAt: null,
  };
}

describe('address line 2 at checkout', () => {
  it('shows the saved second line in the choice, and sends what is typed there in a new address', async () => {
    const { api } = renderCheckout(
      {
        'POST /api/checkout': (_url, init) =>
          jsonResponse(placedResult((jsonBodyOf(init) as { address: OrderAddress }).address), {
            status: 201,
          }),
      },
      { book: [SAVED_ENTRY] },
    );

    expect(
      await screen.findByRole('radio', { name: /1 Market St, Suite 300, San Francisco, CA 94105/ }),
    ).toBeTruthy();
    await chooseNewAddress();
    expect(field(addressLine2Texts.label).getAttribute('autocomplete')).toBe('shipping address-line2');
    expect(field(checkoutTexts.street).getAttribute('autocomplete')).toBe('shipping address-line1');
    typeAddress({ ...SAVED, line2: 'Apt 4B' });
    placeOrder();

    await screen.findByRole('heading', { name: 'Payment' });
    const [call] = api.callsTo('POST /api/checkout');
    expect((jsonBodyOf(call?.init) as { address: OrderAddress }).address).toEqual({
      ...SAVED,
      line2: 'Apt 4B',
    });
  });

  it('is optional: left empty, the order goes without it', async () => {
    const { api } = renderCheckout({
      'POST /api/checkout': () => jsonResponse(placedResult({ ...SAVED, line2: undefined }), { status: 201 }),
    });
    await screen.findByLabelText(addressLine2Texts.label);
    typeAddress({ ...SAVED, line2: undefined });
    expect(field(addressLine2Texts.label).value).toBe('');
    placeOrder();

    await screen.findByRole('heading', { name: 'Payment' });
    const sent = (jsonBodyOf(api.callsTo('POST /api/checkout')[0]?.init) as { address: OrderAddress })
      .address;
    expect(sent.line2).toBeUndefined();
  });

  it('checks it before sending (too long, control characters), and shows the server’s refusal under it', async () => {
    const { api } = renderCheckout({
      'POST /api/checkout': () =>
        new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            detail: textRuleTexts.controlCharacters,
            errors: [{ field: 'address.line2', message: textRuleTexts.controlCharacters }],
          }),
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
    });
    await screen.findByLabelText(addressLine2Texts.label);
    typeAddress(SAVED);

    type(addressLine2Texts.label, 'x'.repeat(101));
    placeOrder();
    await waitFor(() => expect(errorTextFor(field(addressLine2Texts.label))).toBe(addressLine2Texts.tooLong));
    type(addressLine2Texts.label, 'Apt\u00074B');
    await waitFor(() =>
      expect(errorTextFor(field(addressLine2Texts.label))).toBe(textRuleTexts.controlCharacters),
    );
    expect(api.callsTo('POST /api/checkout')).toHaveLength(0);

    // A rule only the server knows still lands under the field.
    type(addressLine2Texts.label, 'Apt 4B');
    placeOrder();
    await waitFor(() => expect(api.callsTo('POST /api/checkout')).toHaveLength(1));
    await waitFor(() =>
      expect(errorTextFor(field(addressLine2Texts.label))).toBe(textRuleTexts.controlCharacters),
    );
  });
});

describe('the address being typed, kept in this tab', () => {
  it('survives a reload: kept in sessionStorage (never a cookie) and offered again over the saved addresses', async () => {
    const first = renderCheckout({}, { book: [SAVED_ENTRY] });
    await chooseNewAddress();
    type(checkoutTexts.street, '77 Mission St');
    type(addressLine2Texts.label, 'Unit 9');
    type(checkoutTexts.zip, '94103');

    const stored = JSON.parse(window.sessionStorage.getItem(DRAFT_KEY) ?? 'null') as {
      owner: string;
      values: Record<string, string>;
    };
    expect(stored.owner).toBe(RIDER._id);
    expect(stored.values).toMatchObject({ street: '77 Mission St', line2: 'Unit 9', zip: '94103' });
    expect(document.cookie).not.toContain('Mission');
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();

    // The reload: the page is made again from nothing but what the tab kept.
    first.unmount();
    renderCheckout({}, { book: [SAVED_ENTRY] });
    await screen.findByLabelText(addressLine2Texts.label);
    // The new address stays chosen over the default, with what was typed.
    expect((screen.getByRole('radio', { name: addressBookTexts.useNew }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(field(checkoutTexts.street).value).toBe('77 Mission St');
    expect(field(addressLine2Texts.label).value).toBe('Unit 9');
    expect(field(checkoutTexts.zip).value).toBe('94103');
    expect(field(checkoutTexts.city).value).toBe('');
    expect(screen.getByText(checkoutDraftTexts.restored)).toBeTruthy();
  });

  it('is another account’s only: a draft left by someone else in the tab is not offered', async () => {
    window.sessionStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ owner: 'someone-else', values: { ...SAVED, street: '9 Other St', line2: '' } }),
    );
    renderCheckout({}, { book: [SAVED_ENTRY] });
    const saved = await screen.findByRole('radio', { name: /1 Market St/ });
    expect((saved as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText(checkoutDraftTexts.restored)).toBeNull();
    await chooseNewAddress();
    expect(field(checkoutTexts.street).value).toBe('');
  });

  it('checks a restored address as a typed one: a state not served is refused at once, nothing odd is taken', async () => {
    window.sessionStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        owner: RIDER._id,
        values: { ...SAVED, state: 'AK', zip: '123', line2: { not: 'text' }, phone: 42, extra: 'x' },
      }),
    );
    const { api } = renderCheckout();
    await screen.findByLabelText(addressLine2Texts.label);

    expect((screen.getByLabelText(checkoutTexts.state) as HTMLSelectElement).value).toBe('AK');
    await waitFor(() =>
      expect(errorTextFor(screen.getByLabelText(checkoutTexts.state))).toBe(
        addressTexts.stateNotServed('Alaska'),
      ),
    );
    // Only text is taken back: the odd values become empty fields.
    expect(field(addressLine2Texts.label).value).toBe('');
    expect(field(checkoutTexts.phone).value).toBe('');

    placeOrder();
    await waitFor(() => expect(errorTextFor(field(checkoutTexts.zip))).toBe(addressTexts.zipInvalid));
    expect(api.callsTo('POST /api/checkout')).toHaveLength(0);
  });

  it('is forgotten once the order is placed', async () => {
    renderCheckout({
      'POST /api/checkout': () => jsonResponse(placedResult(SAVED), { status: 201 }),
    });
    await screen.findByLabelText(addressLine2Texts.label);
    typeAddress({ ...SAVED, line2: 'Unit 9' });
    expect(window.sessionStorage.getItem(DRAFT_KEY)).not.toBeNull();

    placeOrder();
    await screen.findByRole('heading', { name: 'Payment' });
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });
});

describe('paying on account, from the checkout', () => {
  it('links to the credit application when the customer has no credit line', async () => {
    renderCheckout();
    const offer = await screen.findByRole('region', { name: creditOfferTexts.heading });
    expect(within(offer).getByRole('link', { name: creditOfferTexts.apply }).getAttribute('href')).toBe(
      '/credit',
    );
  });

  it('says a pending application is being reviewed', async () => {
    renderCheckout(
      {},
      {
        credit: {
          account: null,
          application: {
            id: 'a1',
            userId: 'rider-1',
            businessName: 'Rider Co',
            contactName: 'Riley Rider',
            email: 'rider@pitstop.com',
            phone: '(415) 555-0100',
            ein: '12-3456789',
            yearsInBusiness: 2,
            requestedLimit: 1000,
            status: 'pending',
            approvedLimit: null,
            createdAt: '2026-11-20T10:00:00.000Z',
            decidedAt: null,
          },
        },
      },
    );
    const offer = await screen.findByRole('region', { name: creditOfferTexts.heading });
    expect(within(offer).getByText(creditOfferTexts.pending)).toBeTruthy();
  });

  it('offers the choice instead once approved', async () => {
    renderCheckout({}, { credit: { application: null, account: { limit: 1000, used: 0, remaining: 1000 } } });
    await screen.findByLabelText(addressLine2Texts.label);
    expect(screen.queryByRole('region', { name: creditOfferTexts.heading })).toBeNull();
  });
});

describe("the cart's Checkout, signed out", () => {
  it('asks to log in and remembers the checkout (state and ?from=), not the cart', () => {
    window.localStorage.removeItem('accessToken');
    seedLocalCart([localLine(pads, 2)]);
    renderWithProviders(<CartContents />, {
      route: '/cart',
      path: '/cart',
      routes: <Route path="/login" element={<h1>Log In</h1>} />,
    });

    const checkout = screen.getByRole('link', { name: cartPageTexts.checkout });
    expect(checkout.getAttribute('href')).toBe('/login?from=%2Fcheckout');
    fireEvent.click(checkout);
    expect(screen.getByTestId('location').textContent).toBe('/login?from=%2Fcheckout');
    expect(screen.getByTestId('location-from').textContent).toBe('/checkout');
  });
});
