import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentInfo } from '@pitstop/core/payments';
import { promotionsTexts } from '@pitstop/core/promotions-texts';
import { PaymentRoute } from '@/app/routes/payment';
import { mockApi } from '@/testing/api';
import { jsonResponse, renderWithProviders } from '@/testing/render';

const ORDER_ID = '10000000-0000-4000-8000-000000000482';

const info: PaymentInfo = {
  orderId: ORDER_ID,
  orderNumber: 'PS-10482',
  name: 'Yamaha FZ Brake Pads',
  // 1 × $21.99, 10 % off ($2.20), untaxed.
  price: 19.79,
  quantity: 1,
  lines: [
    {
      lineId: 'l',
      partId: null,
      partNumber: null,
      name: 'Yamaha FZ Brake Pads',
      unitPrice: 21.99,
      quantity: 1,
      total: 21.99,
    },
  ],
  subtotal: 21.99,
  discount: 2.2,
  discountCode: 'WELCOME10',
  tax: 0,
  paid: false,
  transactionId: null,
  address: null,
  provider: 'sandbox',
  publishableKey: null,
};

describe('the payment page with a discount code', () => {
  it('breaks a one-part untaxed order down when a code took something off, with the code’s line', async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    mockApi({
      [`GET /api/payment/${ORDER_ID}`]: () => jsonResponse(info),
      'POST /api/create-payment-intent': () => jsonResponse({ clientSecret: 'pi_sandbox_secret' }),
    });
    renderWithProviders(<PaymentRoute />, { route: `/payment/${ORDER_ID}`, path: '/payment/:id' });
    const table = await screen.findByRole('table', { name: 'Order lines' });
    const row = within(table).getByRole('rowheader', { name: promotionsTexts.summaryLine('WELCOME10') });
    expect(row.nextElementSibling?.textContent).toBe('−$2.20');
  });
});
