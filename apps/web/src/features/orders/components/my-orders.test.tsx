import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { orderListTexts } from '@pitstop/core/order-list-texts';
import type { Order } from '@pitstop/core/orders';
import { createProfile } from '@/testing/account-factory';
import { authorizationOf, mockApi } from '@/testing/api';
import { mockConfirm } from '@/testing/form';
import { createMultiLineOrder, createOrder } from '@/testing/order-factory';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { orderDate } from './order-date';
import { MyOrders } from './my-orders';

const LIST = 'GET /api/order/rider%40pitstop.com';

function renderMyOrders(routes: Parameters<typeof mockApi>[0], onOrderCancelled = vi.fn()) {
  window.localStorage.setItem('accessToken', 'rider-key');
  const api = mockApi({
    'GET /api/me': () => jsonResponse(createProfile({ email: 'rider@pitstop.com' })),
    ...routes,
  });
  renderWithProviders(<MyOrders onOrderCancelled={onOrderCancelled} />, { route: '/order' });
  return { api, onOrderCancelled };
}

/** The row of the order for a part. */
async function rowOf(part: string): Promise<HTMLElement> {
  const table = await screen.findByRole('table', { name: 'Your orders' });
  const row = within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByText(part, { exact: true }));
  if (!row) throw new Error(`no row for ${part}`);
  return row;
}

describe('MyOrders: cancelling and orders on account', () => {
  it('offers Cancel only on unpaid and on-account orders', async () => {
    const unpaid = createOrder({ parts: 'Brake pads' });
    const onAccount = createOrder({
      parts: 'Chain kit',
      status: 'on_account',
      paymentMethod: 'account',
      paymentDueAt: '2026-12-23T12:00:00.000Z',
      expiresAt: null,
    });
    const paid = createOrder({ parts: 'Oil filter', status: 'paid', paid: true });
    const shipped = createOrder({ parts: 'Mirror', status: 'shipped', paid: true });
    const cancelled = createOrder({ parts: 'Headlight', status: 'cancelled', cancelReason: 'customer' });
    renderMyOrders({ [LIST]: () => jsonResponse([unpaid, onAccount, paid, shipped, cancelled]) });

    expect(
      within(await rowOf('Brake pads')).getByRole('button', { name: 'Cancel order of Brake pads' }),
    ).toBeTruthy();
    expect(
      within(await rowOf('Chain kit')).getByRole('button', { name: 'Cancel order of Chain kit' }),
    ).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Cancel / })).toHaveLength(2);
  });

  it('shows an order on account with its due date and no way to pay by card', async () => {
    const onAccount = createOrder({
      parts: 'Chain kit',
      status: 'on_account',
      paymentMethod: 'account',
      paymentDueAt: '2026-12-23T12:00:00.000Z',
      expiresAt: null,
    });
    renderMyOrders({ [LIST]: () => jsonResponse([onAccount]) });

    const row = await rowOf('Chain kit');
    expect(within(row).getByText(`On account · due ${orderDate('2026-12-23T12:00:00.000Z')}`)).toBeTruthy();
    expect(within(row).queryByRole('link', { name: /Make Payment/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('shows a cancelled order as cancelled, and refunded when it was', async () => {
    const byCustomer = createOrder({ parts: 'Headlight', status: 'cancelled', cancelReason: 'customer' });
    const refunded = createOrder({
      parts: 'Oil filter',
      status: 'cancelled',
      paid: true,
      cancelReason: 'admin',
      refundedAt: '2026-11-20T10:00:00.000Z',
    });
    renderMyOrders({ [LIST]: () => jsonResponse([byCustomer, refunded]) });

    expect(within(await rowOf('Headlight')).getAllByRole('cell')[5]?.textContent).toBe('Cancelled');
    expect(within(await rowOf('Oil filter')).getAllByRole('cell')[5]?.textContent).toBe(
      'Cancelled · Refunded',
    );
    expect(screen.queryByRole('button', { name: /^Cancel / })).toBeNull();
  });

  it('asks first, shows the cancel pending, calls the API and shows the order cancelled', async () => {
    const order = createOrder({ parts: 'Brake pads' });
    let current: Order = order;
    let answer: (response: Response) => void = () => undefined;
    const cancelRoute = `POST /api/order/${order._id}/cancel`;
    const { api, onOrderCancelled } = renderMyOrders({
      [LIST]: () => jsonResponse([current]),
      [cancelRoute]: () => {
        current = { ...order, status: 'cancelled', cancelReason: 'customer', expiresAt: null };
        return new Promise<Response>((resolve) => (answer = resolve));
      },
    });
    const confirm = mockConfirm(false, true);
    const cancel = within(await rowOf('Brake pads')).getByRole('button', {
      name: 'Cancel order of Brake pads',
    });

    fireEvent.click(cancel);
    expect(confirm).toHaveBeenCalledWith(orderListTexts.confirmCancel);
    expect(api.callsTo(cancelRoute)).toHaveLength(0);

    fireEvent.click(cancel);
    await waitFor(() => expect(api.callsTo(cancelRoute)).toHaveLength(1));
    expect(authorizationOf(api.callsTo(cancelRoute)[0]?.init)).toBe('Bearer rider-key');
    const pending = within(await rowOf('Brake pads')).getByRole('button', {
      name: 'Cancel order of Brake pads',
    });
    expect(pending.textContent).toBe(orderListTexts.cancelling);
    expect((pending as HTMLButtonElement).disabled).toBe(true);

    answer(jsonResponse(current));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(orderListTexts.cancelled('Brake pads')),
    );
    const row = await rowOf('Brake pads');
    expect(within(row).getAllByRole('cell')[5]?.textContent).toBe('Cancelled');
    expect(within(row).queryByRole('button', { name: /^Cancel / })).toBeNull();
    expect(within(row).queryByRole('link', { name: /Make Payment/ })).toBeNull();
    expect(onOrderCancelled).toHaveBeenCalledTimes(1);
  });

  it('says why when the server refuses the cancel, and keeps the order as it was', async () => {
    const order = createOrder({ parts: 'Brake pads' });
    const { onOrderCancelled } = renderMyOrders({
      [LIST]: () => jsonResponse([order]),
      [`POST /api/order/${order._id}/cancel`]: () =>
        problemResponse(
          409,
          'Conflict',
          'A paid order cannot be cancelled here. Please contact us to cancel it.',
        ),
    });
    mockConfirm(true);

    fireEvent.click(
      within(await rowOf('Brake pads')).getByRole('button', { name: 'Cancel order of Brake pads' }),
    );

    expect((await screen.findByRole('alert')).textContent).toBe(
      'The order of Brake pads could not be cancelled. A paid order cannot be cancelled here. Please contact us to cancel it.',
    );
    const row = await rowOf('Brake pads');
    expect(within(row).getByRole('link', { name: 'Make Payment for order of Brake pads' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Cancel order of Brake pads' }).textContent).toBe(
      orderListTexts.cancel,
    );
    expect(onOrderCancelled).not.toHaveBeenCalled();
  });
});

describe('MyOrders: shipments and tracking', () => {
  it('lists each parcel of a shipped order with its carrier and its tracking number linking to the carrier', async () => {
    const order = createMultiLineOrder(
      [
        { name: 'Brake pads', unitPrice: 21.99, quantity: 2 },
        { name: 'Chain kit', unitPrice: 89.5, quantity: 1 },
        { name: 'Oil filter', unitPrice: 9.5, quantity: 1 },
      ],
      { status: 'partially_shipped', paid: true },
    );
    const [pads, chain] = order.lines;
    const shipments: Order['shipments'] = [
      {
        id: 's1',
        position: 1,
        carrier: 'ups',
        carrierName: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        shippedAt: '2026-11-20T10:00:00.000Z',
        lines: [{ lineId: pads!.lineId, name: 'Brake pads', partNumber: null, quantity: 2 }],
      },
      {
        id: 's2',
        position: 2,
        carrier: 'other',
        carrierName: 'Other carrier',
        trackingNumber: 'DHL44556677',
        trackingUrl: null,
        shippedAt: '2026-11-21T10:00:00.000Z',
        lines: [{ lineId: chain!.lineId, name: 'Chain kit', partNumber: null, quantity: 1 }],
      },
    ];
    const unshipped = createOrder({ parts: 'Mirror', status: 'paid', paid: true });
    renderMyOrders({ [LIST]: () => jsonResponse([{ ...order, shipments }, unshipped]) });

    const list = await screen.findByRole('list', { name: `Shipments of ${order.orderNumber}` });
    const [first, second] = within(list).getAllByRole('listitem');
    const link = within(first!).getByRole('link', {
      name: 'Track 1Z999AA10123456784 with UPS (opens in a new tab)',
    });
    expect(link.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(first!.textContent).toBe('Shipment 1 · UPS: 1Z999AA10123456784Brake pads × 2');
    // Another carrier has no tracking page: its number is shown as it is.
    expect(within(second!).queryByRole('link')).toBeNull();
    expect(second!.textContent).toBe('Shipment 2 · Other carrier: DHL44556677Chain kit × 1');
    // Nothing shipped yet: no shipments listed.
    expect(screen.getAllByRole('list', { name: /^Shipments of / })).toHaveLength(1);
    expect(within(await rowOf('Mirror')).queryByRole('link', { name: /^Track / })).toBeNull();
  });
});
