import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { checkoutTexts } from '@pitstop/core/cart-texts';
import type { CheckoutResult } from '@pitstop/core/checkout';
import type { AddressEntry } from '@pitstop/core/address-book';
import type { DiscountPreview } from '@pitstop/core/promotions';
import { promotionsTexts } from '@pitstop/core/promotions-texts';
import type { Cart } from '@/lib/cart';
import { localLine } from '@/testing/cart';
import { errorTextFor, jsonBodyOf } from '@/testing/form';
import { createPart } from '@/testing/part-factory';
import { renderCheckoutRoute, type ApiRoutes } from '@/testing/checkout-route';
import { jsonResponse, problemResponse } from '@/testing/render';

const pads = createPart({ name: 'Brake pads', price: 21.99, availablequantity: 10, minquantity: 1 });
// 3 × $21.99 = $65.97.
const CART: Cart = { items: [localLine(pads, 3)], subtotal: 65.97 };
const SAVED: AddressEntry = {
  id: '20000000-0000-4000-8000-000000000001',
  isDefault: true,
  name: 'Riley Rider',
  street: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  phone: '(415) 555-0100',
};

function problem(message: string) {
  return problemResponse(400, 'Bad Request', message, [{ field: 'discountCode', message }]);
}

function renderCheckout(routes: ApiRoutes) {
  return renderCheckoutRoute(routes, { cart: CART, book: [SAVED] }).api;
}

const summaryValue = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
const codeField = () => screen.getByLabelText(promotionsTexts.fieldLabel) as HTMLInputElement;

describe('Checkout: discount code', () => {
  it('applies a code the server takes: the discount line, tax on what is left, the total; the order carries it', async () => {
    const preview: DiscountPreview = {
      code: 'SPRING10',
      subtotal: 65.97,
      discount: 6.6,
      lines: [{ partId: pads._id, discount: 6.6 }],
    };
    const placed: CheckoutResult = {
      insertedId: '10000000-0000-4000-8000-000000000777',
      orderNumber: 'PS-10001',
      subtotal: 65.97,
      tax: 4.3,
      total: 63.67,
      lines: [],
      address: SAVED,
      paymentMethod: 'card',
      expiresAt: '2026-12-23T15:30:00.000Z',
      paymentDueAt: null,
      discount: 6.6,
      discountCode: 'SPRING10',
    };
    const api = renderCheckout({
      'POST /api/checkout/discount': () => jsonResponse(preview),
      'POST /api/checkout': () => jsonResponse(placed, { status: 201 }),
    });
    await screen.findByRole('table', { name: checkoutTexts.linesHeading });
    fireEvent.change(codeField(), { target: { value: 'spring10' } });
    // Enter in the field applies the code; it does not place the order.
    fireEvent.keyDown(codeField(), { key: 'Enter' });
    expect(await screen.findByText(promotionsTexts.summaryLine('SPRING10'))).toBeTruthy();
    expect(api.callsTo('POST /api/checkout')).toHaveLength(0);
    expect(jsonBodyOf(api.callsTo('POST /api/checkout/discount')[0]?.init)).toEqual({ code: 'spring10' });
    expect(summaryValue(promotionsTexts.summaryLine('SPRING10'))).toBe('−$6.60');
    // 7.25 % of $59.37 = $4.30; $59.37 + $4.30 = $63.67.
    expect(summaryValue('Sales tax (California, 7.25%)')).toBe('$4.30');
    expect(summaryValue(checkoutTexts.total)).toBe('$63.67');
    expect(screen.getByText(promotionsTexts.appliedNote('SPRING10', '$6.60'))).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: checkoutTexts.placeOrder }));
    await waitFor(() => expect(api.callsTo('POST /api/checkout')).toHaveLength(1));
    expect(jsonBodyOf(api.callsTo('POST /api/checkout')[0]?.init)).toMatchObject({
      discountCode: 'SPRING10',
    });
  });

  it('shows the server’s refusal under the field, and Remove takes an applied code off', async () => {
    let answer: 'refuse' | 'take' = 'refuse';
    renderCheckout({
      'POST /api/checkout/discount': () =>
        answer === 'refuse'
          ? problem(promotionsTexts.ended)
          : jsonResponse({ code: 'FIVE', subtotal: 65.97, discount: 5, lines: [] }),
    });
    await screen.findByRole('table', { name: checkoutTexts.linesHeading });
    fireEvent.change(codeField(), { target: { value: 'OLD' } });
    fireEvent.click(screen.getByRole('button', { name: promotionsTexts.apply }));
    await waitFor(() => expect(errorTextFor(codeField())).toBe(promotionsTexts.ended));
    expect(summaryValue(checkoutTexts.total)).toBe('$70.75');

    answer = 'take';
    fireEvent.change(codeField(), { target: { value: 'FIVE' } });
    fireEvent.click(screen.getByRole('button', { name: promotionsTexts.apply }));
    expect(await screen.findByText(promotionsTexts.summaryLine('FIVE'))).toBeTruthy();
    expect(errorTextFor(codeField())).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: promotionsTexts.remove }));
    await waitFor(() => expect(screen.queryByText(promotionsTexts.summaryLine('FIVE'))).toBeNull());
    expect(summaryValue(checkoutTexts.total)).toBe('$70.75');
  });
});
