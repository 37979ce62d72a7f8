import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { oneClickTexts } from '@pitstop/core/one-click';
import type { OrderDetail } from '@pitstop/core/order-detail';
import { mockApi } from '@/testing/api';
import { mockConfirm } from '@/testing/form';
import { createOrderDetail } from '@/testing/order-detail-factory';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { OrderPage } from './order-page';

const DETAIL = 'GET /api/orders/PS-10482';

/** A 1-Click order just paid: nothing shipped, nothing returned or refunded yet. */
function oneClickOrder(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return createOrderDetail({
    oneClick: true,
    status: 'paid',
    shippedAt: null,
    deliveredAt: null,
    shipments: [],
    returns: [],
    refunds: [],
    refunded: 0,
    total: 64.5,
    ...overrides,
  });
}

function renderPage(order: OrderDetail, admin = false) {
  window.localStorage.setItem('accessToken', admin ? 'admin-key' : 'rider-key');
  let current = order;
  const api = mockApi({
    [DETAIL]: () => jsonResponse(current),
    [`POST /api/order/${order._id}/cancel`]: () => {
      current = { ...current, status: 'cancelled', cancelReason: 'customer', refunded: 64.5 };
      return jsonResponse(current);
    },
  });
  renderWithProviders(<OrderPage number="PS-10482" admin={admin} />, { route: '/order/PS-10482' });
  return api;
}

const payment = () => screen.getByRole('region', { name: 'Payment' });
const cancelButton = () => within(payment()).queryByRole('button', { name: oneClickTexts.cancelAndRefund });

describe('a 1-Click order on its page', () => {
  it('cancels an unshipped, paid 1-Click order after a confirm, and says the amount goes back', async () => {
    const api = renderPage(oneClickOrder());
    await screen.findByRole('heading', { level: 1, name: 'Order PS-10482' });

    const confirm = mockConfirm(false, true);
    fireEvent.click(cancelButton()!);
    expect(confirm).toHaveBeenCalledWith(oneClickTexts.confirmCancel);
    expect(api.callsTo(`POST /api/order/${oneClickOrder()._id}/cancel`)).toHaveLength(0);

    fireEvent.click(cancelButton()!);

    await waitFor(() =>
      expect(within(payment()).getByRole('status').textContent).toBe(oneClickTexts.cancelled('$64.50')),
    );
    expect(api.callsTo(`POST /api/order/${oneClickOrder()._id}/cancel`)).toHaveLength(1);
    // The page reloads the order: cancelled now, and no button any more.
    await waitFor(() => expect(api.callsTo(DETAIL)).toHaveLength(2));
    await waitFor(() => expect(cancelButton()).toBeNull());
    expect(within(payment()).getByRole('status').textContent).toBe(oneClickTexts.cancelled('$64.50'));
  });

  it('offers no Cancel and refund once it has shipped', async () => {
    renderPage(oneClickOrder({ status: 'shipped' }));
    await screen.findByRole('heading', { level: 1 });
    expect(cancelButton()).toBeNull();
  });

  it('offers none on an order not placed with 1-Click', async () => {
    renderPage(oneClickOrder({ oneClick: false }));
    await screen.findByRole('heading', { level: 1 });
    expect(cancelButton()).toBeNull();
  });

  it('offers none to an admin (who cancels from All Orders)', async () => {
    renderPage(oneClickOrder(), true);
    await screen.findByRole('heading', { level: 1 });
    expect(cancelButton()).toBeNull();
  });

  it('says why when the refund is refused, and keeps the button', async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    const order = oneClickOrder();
    mockApi({
      [DETAIL]: () => jsonResponse(order),
      [`POST /api/order/${order._id}/cancel`]: () =>
        problemResponse(402, 'Payment Required', 'The refund was refused by the card issuer.'),
    });
    renderWithProviders(<OrderPage number="PS-10482" admin={false} />, { route: '/order/PS-10482' });
    await screen.findByRole('heading', { level: 1 });
    mockConfirm(true);

    fireEvent.click(cancelButton()!);

    expect((await within(payment()).findByRole('alert')).textContent).toBe(
      'The refund was refused by the card issuer.',
    );
    expect(cancelButton()).toBeTruthy();
  });
});
