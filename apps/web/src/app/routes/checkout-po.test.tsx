import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { approvalsTexts } from '@pitstop/core/approvals-texts';
import { checkoutTexts } from '@pitstop/core/cart-texts';
import type { CheckoutResult } from '@pitstop/core/checkout';
import { orderTermsTexts } from '@pitstop/core/order-terms-texts';
import type { AddressEntry } from '@pitstop/core/address-book';
import type { Cart } from '@/lib/cart';
import { localLine } from '@/testing/cart';
import { errorTextFor, jsonBodyOf } from '@/testing/form';
import { createPart } from '@/testing/part-factory';
import { renderCheckoutRoute, type ApiRoutes } from '@/testing/checkout-route';
import { jsonResponse, problemResponse } from '@/testing/render';

const pads = createPart({ name: 'Brake pads', price: 300, availablequantity: 10, minquantity: 1 });
const CART: Cart = { items: [localLine(pads, 2)], subtotal: 600 };
const SAVED: AddressEntry = {
  id: '20000000-0000-4000-8000-000000000001',
  isDefault: true,
  name: 'Bea Buyer',
  street: '1 Depot Way',
  city: 'Oakland',
  state: 'CA',
  zip: '94607',
  phone: '(510) 555-0142',
};

const WAITING: CheckoutResult = {
  insertedId: '10000000-0000-4000-8000-000000000888',
  orderNumber: 'PS-10042',
  subtotal: 600,
  tax: 43.5,
  total: 643.5,
  lines: [],
  address: SAVED,
  paymentMethod: 'card',
  expiresAt: '2026-11-27T12:00:00.000Z',
  paymentDueAt: null,
  promisedOn: null,
  poNumber: 'PO-7781',
  awaitingApproval: true,
};

function renderCheckout(routes: ApiRoutes) {
  return renderCheckoutRoute(routes, { cart: CART, book: [SAVED] }).api;
}

const placeOrder = () => screen.getByRole('button', { name: checkoutTexts.placeOrder });

describe('the checkout’s purchase order number', () => {
  it('is marked required for a company that asks for one, shows the server’s refusal under it, and is sent', async () => {
    let tries = 0;
    const api = renderCheckout({
      'GET /api/company': () => jsonResponse({ company: { poRequired: true, role: 'buyer' } }),
      'POST /api/checkout': (_url, init) => {
        tries += 1;
        const body = jsonBodyOf(init) as { poNumber?: string };
        if (!body.poNumber) {
          return problemResponse(400, 'Bad Request', orderTermsTexts.poNumberRequired, [
            { field: 'poNumber', message: orderTermsTexts.poNumberRequired },
          ]);
        }
        return jsonResponse(WAITING, { status: 201 });
      },
    });
    const po = await screen.findByLabelText(`${approvalsTexts.poLabel} *`);
    expect(po.getAttribute('aria-required')).toBe('true');

    fireEvent.click(placeOrder());
    await waitFor(() => expect(errorTextFor(po)).toBe(orderTermsTexts.poNumberRequired));
    // Said once, under the field.
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(po, { target: { value: '  PO-7781 ' } });
    fireEvent.click(placeOrder());
    // Over the buyer's limit: the checkout says it waits, and nothing is paid yet.
    expect((await screen.findByText(approvalsTexts.placedAwaiting('PS-10042'))).getAttribute('role')).toBe(
      'status',
    );
    expect(
      screen.getByRole('link', { name: approvalsTexts.followOrder('PS-10042') }).getAttribute('href'),
    ).toBe('/order/PS-10042');
    expect(screen.queryByRole('heading', { name: 'Payment' })).toBeNull();
    expect(tries).toBe(2);
    const calls = api.callsTo('POST /api/checkout');
    expect((jsonBodyOf(calls[1]?.init) as { poNumber?: string }).poNumber).toBe('PO-7781');
  });

  it('is optional for anyone else, and not sent when left empty', async () => {
    const api = renderCheckout({
      'GET /api/company': () => jsonResponse({ company: null }),
      'POST /api/checkout': () => jsonResponse({ ...WAITING, awaitingApproval: false }, { status: 201 }),
    });
    await screen.findByLabelText(`${approvalsTexts.poLabel} ${approvalsTexts.poOptional}`);
    fireEvent.click(placeOrder());
    await screen.findByRole('heading', { name: 'Payment' });
    const [call] = api.callsTo('POST /api/checkout');
    expect(jsonBodyOf(call?.init)).not.toHaveProperty('poNumber');
  });
});
