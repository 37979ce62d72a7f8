import { messages, orderTexts } from '@pitstop/core/messages';
import { orderListTexts } from '@pitstop/core/order-list-texts';
import type { Order } from '@pitstop/core/orders';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/api';
import { jsonBodyOf, mockConfirm } from '@/testing/form';
import { createMultiLineOrder, createOrder } from '@/testing/order-factory';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { AllOrders } from './all-orders';

const paid = createOrder({
  parts: 'Brake pads',
  email: 'ann@pitstop.com',
  status: 'paid',
  paid: true,
  address: {
    name: 'Ann',
    street: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    phone: '(512) 555-0100',
  },
});
const unpaid = createOrder({ parts: 'Headlight', email: 'bob@pitstop.com', status: 'unpaid' });
const shipped = createOrder({ parts: 'Mirror', email: 'cy@pitstop.com', status: 'shipped', paid: true });

function renderOrders(
  routes: Parameters<typeof mockApi>[0] = {},
  total = 3,
  list = () => [paid, unpaid, shipped],
) {
  window.localStorage.setItem('accessToken', 'admin-key');
  const api = mockApi({
    'GET /api/order': () => jsonResponse(list(), { headers: { 'X-Total-Count': String(total) } }),
    ...routes,
  });
  renderWithProviders(<AllOrders />, { route: '/dashboard/allorders' });
  return api;
}

describe('AllOrders', () => {
  it('lists every order with customer, part, quantity, total and status, and Shipped only for paid ones', async () => {
    renderOrders();

    const table = await screen.findByRole('table', { name: 'All orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Order', 'Customer', 'Part', 'Quantity', 'Total', 'Deliver to', 'Status', 'Actions']);
    // The number leads to the admin's order page; where it goes is the city and state.
    const row = within(table).getByRole('row', { name: /ann@pitstop\.com/ });
    const number = within(row).getByRole('link', { name: paid.orderNumber });
    expect(number.getAttribute('href')).toBe(`/dashboard/orders/${paid.orderNumber}`);
    expect(within(row).getAllByRole('cell')[5]?.textContent).toBe('Austin, TX');
    // An order placed before addresses were asked for has none.
    const old = within(table).getByRole('row', { name: /bob@pitstop\.com/ });
    expect(within(old).getAllByRole('cell')[5]?.textContent).toBe('—');
    expect(screen.getAllByRole('link', { name: /^Ship / })).toHaveLength(1);
    expect(
      screen.getByRole('link', { name: 'Ship order of Brake pads for ann@pitstop.com' }).textContent,
    ).toBe('Shipped');
    expect(screen.queryByRole('link', { name: 'Ship order of Headlight for bob@pitstop.com' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ship order of Mirror for cy@pitstop.com' })).toBeNull();
    expect(screen.getByText('Orders 1–3 of 3 · page 1 of 1')).toBeTruthy();
  });

  it('lists every line of an order of several parts and names them all in its buttons', async () => {
    const several = createMultiLineOrder(
      [
        { name: 'Brake pads', unitPrice: 21.99, quantity: 2 },
        { name: 'Chain kit', unitPrice: 89.5, quantity: 1 },
      ],
      { email: 'dee@pitstop.com', status: 'paid', paid: true },
    );
    renderOrders({}, 4, () => [paid, unpaid, shipped, several]);

    const table = await screen.findByRole('table', { name: 'All orders' });
    const row = within(table).getByRole('row', { name: /dee@pitstop\.com/ });
    const cells = within(row).getAllByRole('cell');
    expect(
      within(cells[2]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Brake pads × 2', 'Chain kit × 1']);
    expect(cells[3]?.textContent).toBe('3');
    expect(cells[4]?.textContent).toBe('$133.48');
    expect(
      within(row).getByRole('link', { name: 'Ship order of Brake pads and Chain kit for dee@pitstop.com' }),
    ).toBeTruthy();
    // One-line orders keep the spec's Part cell.
    const single = within(table).getByRole('row', { name: /ann@pitstop\.com/ });
    expect(within(single).getAllByRole('cell')[2]?.textContent).toBe('Brake pads');
  });

  it("Shipped opens the order's ship form (carrier and tracking number) instead of shipping blind", async () => {
    const partly = createOrder({
      parts: 'Chain kit',
      email: 'eve@pitstop.com',
      status: 'partially_shipped',
      paid: true,
    });
    const api = renderOrders({}, 4, () => [paid, unpaid, shipped, partly]);
    const ship = await screen.findByRole('link', { name: 'Ship order of Brake pads for ann@pitstop.com' });
    expect(ship.getAttribute('href')).toBe(`/dashboard/orders/${paid.orderNumber}#ship`);
    // What is left of a partly shipped order ships from its page too.
    expect(
      screen.getByRole('link', { name: 'Ship order of Chain kit for eve@pitstop.com' }).getAttribute('href'),
    ).toBe(`/dashboard/orders/${partly.orderNumber}#ship`);

    fireEvent.click(ship);

    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`/dashboard/orders/${paid.orderNumber}`),
    );
    expect(api.spy.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(0);
  });

  it('marks a shipped order delivered with PATCH and shows its new status', async () => {
    let current = shipped;
    const route = `PATCH /api/order/${shipped._id}/status`;
    const api = renderOrders(
      {
        [route]: () => {
          current = { ...shipped, status: 'delivered', deliveredAt: '2026-11-21T00:00:00.000Z' };
          return jsonResponse(current);
        },
      },
      3,
      () => [paid, unpaid, current],
    );

    fireEvent.click(
      await screen.findByRole('button', { name: 'Mark order of Mirror for cy@pitstop.com delivered' }),
    );

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The order of Mirror for cy@pitstop.com is marked delivered; the customer was mailed.',
      ),
    );
    expect(jsonBodyOf(api.callsTo(route)[0]?.init)).toEqual({ status: 'delivered' });
    expect(screen.queryByRole('button', { name: /delivered$/ })).toBeNull();
  });

  it('shows the 409 detail when the move is not allowed', async () => {
    renderOrders({
      [`PATCH /api/order/${shipped._id}/status`]: () =>
        problemResponse(
          409,
          'Conflict',
          'Only a shipped order can be marked delivered; this one has not shipped.',
        ),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Mark order of Mirror for cy@pitstop.com delivered' }),
    );

    expect((await screen.findByRole('alert')).textContent).toBe(
      'The order of Mirror could not be changed. Only a shipped order can be marked delivered; this one has not shipped.',
    );
  });

  it('asks before deleting, removes the row at once, and puts it back when the server refuses', async () => {
    const confirm = mockConfirm(false, true);
    let refuse: (r: Response) => void = () => undefined;
    const api = renderOrders({
      [`DELETE /api/order/${unpaid._id}`]: () => new Promise<Response>((resolve) => (refuse = resolve)),
    });
    const del = await screen.findByRole('button', { name: 'Delete order of Headlight for bob@pitstop.com' });

    fireEvent.click(del);
    expect(confirm).toHaveBeenCalledWith(messages.confirmDelete);
    expect(api.callsTo(`DELETE /api/order/${unpaid._id}`)).toHaveLength(0);

    fireEvent.click(del);
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Delete order of Headlight for bob@pitstop.com' }),
      ).toBeNull(),
    );
    refuse(problemResponse(500, 'Internal Server Error', 'boom'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The order of Headlight could not be deleted. Please try again.',
    );
    expect(
      screen.getByRole('button', { name: 'Delete order of Headlight for bob@pitstop.com' }),
    ).toBeTruthy();
  });

  it('offers Delete only on orders that hold no money (unpaid or cancelled)', async () => {
    const cancelled = createOrder({ parts: 'Oil filter', email: 'dan@pitstop.com', status: 'cancelled' });
    const onAccount = createOrder({
      parts: 'Chain kit',
      email: 'fleet@pitstop.com',
      status: 'on_account',
      paymentMethod: 'account',
    });
    renderOrders({}, 5, () => [paid, unpaid, shipped, cancelled, onAccount]);
    await screen.findByRole('table', { name: 'All orders' });

    expect(
      screen.getAllByRole('button', { name: /^Delete / }).map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Delete order of Headlight for bob@pitstop.com',
      'Delete order of Oil filter for dan@pitstop.com',
    ]);
  });

  it("shows the server's reason when it refuses a delete anyway (the order was paid meanwhile)", async () => {
    mockConfirm(true);
    renderOrders({
      [`DELETE /api/order/${unpaid._id}`]: () =>
        problemResponse(409, 'Conflict', orderTexts.paidCannotDeleteAdmin),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete order of Headlight for bob@pitstop.com' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      `The order of Headlight could not be deleted. ${orderTexts.paidCannotDeleteAdmin}`,
    );
  });

  it('finds an order by its number, written however it was typed', async () => {
    const api = renderOrders();
    await screen.findByRole('table', { name: 'All orders' });
    const field = screen.getByLabelText('Order number');

    fireEvent.change(field, { target: { value: 'ps-10482' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/dashboard/allorders?number=PS-10482'),
    );
    await waitFor(() =>
      expect(Object.fromEntries(api.callsTo('GET /api/order').at(-1)?.url.searchParams ?? [])).toEqual({
        number: 'PS-10482',
        limit: '20',
        offset: '0',
      }),
    );
    expect((field as HTMLInputElement).value).toBe('PS-10482');

    // Emptied: every order again.
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard/allorders'));
  });

  it('says what an order number looks like instead of asking for one that is none', async () => {
    const api = renderOrders();
    await screen.findByRole('table', { name: 'All orders' });
    const calls = api.callsTo('GET /api/order').length;

    fireEvent.change(screen.getByLabelText('Order number'), { target: { value: 'brake pads' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));

    const field = screen.getByLabelText('Order number');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('That is not an order number (PS-10482).').id).toBe(
      field.getAttribute('aria-describedby'),
    );
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/allorders');
    expect(api.callsTo('GET /api/order')).toHaveLength(calls);
  });

  it('filters by status, searches by email and pages with Previous/Next', async () => {
    const api = renderOrders({}, 45);
    await screen.findByRole('table', { name: 'All orders' });
    expect(screen.getByText('Orders 1–3 of 45 · page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'paid' } });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/dashboard/allorders?status=paid'),
    );
    fireEvent.change(screen.getByLabelText('Customer email'), { target: { value: 'ann@pitstop.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/dashboard/allorders?status=paid&email=ann%40pitstop.com',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => {
      const last = api.callsTo('GET /api/order').at(-1)?.url.searchParams;
      expect(Object.fromEntries(last ?? [])).toEqual({
        status: 'paid',
        email: 'ann@pitstop.com',
        limit: '20',
        offset: '20',
      });
    });
    expect(await screen.findByText('Orders 21–23 of 45 · page 2 of 3')).toBeTruthy();
  });
});

describe('AllOrders: cancel (with refund), mark paid and shipping on account', () => {
  const onAccount = createOrder({
    parts: 'Chain kit',
    email: 'fleet@pitstop.com',
    status: 'on_account',
    paymentMethod: 'account',
    paymentDueAt: '2026-12-23T12:00:00.000Z',
  });
  const cancelled = createOrder({
    parts: 'Oil filter',
    email: 'dan@pitstop.com',
    status: 'cancelled',
    paid: true,
    cancelReason: 'admin',
    cancelledAt: '2026-11-20T10:00:00.000Z',
    refundedAt: '2026-11-20T10:00:00.000Z',
  });
  const every = () => [paid, unpaid, shipped, onAccount, cancelled];

  it('offers cancel on unpaid, on-account and paid orders, refund on the paid card one, and Mark paid and Ship on account', async () => {
    renderOrders({}, 5, every);
    await screen.findByRole('table', { name: 'All orders' });

    expect(
      screen.getByRole('button', { name: 'Cancel and refund order of Brake pads for ann@pitstop.com' })
        .textContent,
    ).toBe(orderListTexts.cancelAndRefund);
    expect(
      screen.getByRole('button', { name: 'Cancel order of Headlight for bob@pitstop.com' }).textContent,
    ).toBe(orderListTexts.cancel);
    expect(
      screen.getByRole('button', { name: 'Cancel order of Chain kit for fleet@pitstop.com' }),
    ).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Cancel / })).toHaveLength(3);

    expect(
      screen.getByRole('button', { name: 'Mark order of Chain kit for fleet@pitstop.com paid' }),
    ).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Mark .* paid$/ })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Ship order of Chain kit for fleet@pitstop.com' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /^Ship / })).toHaveLength(2);

    const gone = within(screen.getByRole('row', { name: /dan@pitstop\.com/ }));
    expect(gone.getByText('Cancelled')).toBeTruthy();
    expect(gone.getByText('Refunded')).toBeTruthy();
  });

  it('asks before a refund, naming it, then shows the order cancelled and refunded', async () => {
    let current: Order = paid;
    const cancelRoute = `POST /api/order/${paid._id}/cancel`;
    const api = renderOrders(
      {
        [cancelRoute]: () => {
          current = {
            ...paid,
            status: 'cancelled',
            cancelReason: 'admin',
            cancelledAt: '2026-11-21T10:00:00.000Z',
            refundedAt: '2026-11-21T10:00:00.000Z',
          };
          return jsonResponse(current);
        },
      },
      3,
      () => [current, unpaid, shipped],
    );
    const confirm = mockConfirm(false, true);
    const name = 'Cancel and refund order of Brake pads for ann@pitstop.com';

    fireEvent.click(await screen.findByRole('button', { name }));
    expect(confirm).toHaveBeenCalledWith(orderListTexts.confirmAdminCancel({ total: '$43.98' }));
    expect(confirm.mock.calls[0]?.[0]).toContain("refunded to the customer's card");
    expect(api.callsTo(cancelRoute)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        orderListTexts.adminCancelled('Brake pads', 'ann@pitstop.com', true),
      ),
    );
    expect(api.callsTo(cancelRoute)).toHaveLength(1);
    const row = within(screen.getByRole('row', { name: /ann@pitstop\.com/ }));
    expect(row.getByText('Cancelled')).toBeTruthy();
    expect(row.getByText('Refunded')).toBeTruthy();
    expect(row.queryByRole('button', { name: /^Cancel / })).toBeNull();
    expect(row.queryByRole('link', { name: /^Ship / })).toBeNull();
  });

  it('asks without a refund for an unpaid order and shows the cancel pending', async () => {
    let answer: (response: Response) => void = () => undefined;
    const cancelRoute = `POST /api/order/${unpaid._id}/cancel`;
    renderOrders({ [cancelRoute]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const confirm = mockConfirm(true);
    const name = 'Cancel order of Headlight for bob@pitstop.com';

    fireEvent.click(await screen.findByRole('button', { name }));

    expect(confirm).toHaveBeenCalledWith(orderListTexts.confirmAdminCancel(null));
    await waitFor(() =>
      expect(screen.getByRole('button', { name }).textContent).toBe(orderListTexts.cancelling),
    );
    expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    answer(jsonResponse({ ...unpaid, status: 'cancelled', cancelReason: 'admin' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        orderListTexts.adminCancelled('Headlight', 'bob@pitstop.com', false),
      ),
    );
  });

  it("shows the provider's reason when the refund is refused, and keeps the order paid", async () => {
    renderOrders({
      [`POST /api/order/${paid._id}/cancel`]: () =>
        problemResponse(
          402,
          'Payment Required',
          'The refund did not go through, so the order was not cancelled: Your card was declined. Please try again.',
        ),
    });
    mockConfirm(true);

    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Cancel and refund order of Brake pads for ann@pitstop.com',
      }),
    );

    expect((await screen.findByRole('alert')).textContent).toBe(
      'The order of Brake pads could not be cancelled. The refund did not go through, so the order was not cancelled: Your card was declined. Please try again.',
    );
    const row = within(screen.getByRole('row', { name: /ann@pitstop\.com/ }));
    expect(row.getByText('Paid')).toBeTruthy();
    expect(
      row.getByRole('button', { name: 'Cancel and refund order of Brake pads for ann@pitstop.com' })
        .textContent,
    ).toBe(orderListTexts.cancelAndRefund);
  });

  it('marks an order on account paid with POST and shows it paid', async () => {
    let current: Order = onAccount;
    const paidRoute = `POST /api/order/${onAccount._id}/paid`;
    const api = renderOrders(
      {
        [paidRoute]: () => {
          current = { ...onAccount, status: 'paid', paid: true, paidAt: '2026-11-22T10:00:00.000Z' };
          return jsonResponse(current);
        },
      },
      1,
      () => [current],
    );

    fireEvent.click(
      await screen.findByRole('button', { name: 'Mark order of Chain kit for fleet@pitstop.com paid' }),
    );

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        orderListTexts.markedPaid('Chain kit', 'fleet@pitstop.com'),
      ),
    );
    expect(api.callsTo(paidRoute)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Mark .* paid$/ })).toBeNull();
    const row = within(screen.getByRole('row', { name: /fleet@pitstop\.com/ }));
    expect(row.getByText('Paid')).toBeTruthy();
    // Paid on account: cancelling no longer refunds anything through the provider.
    expect(row.getByRole('button', { name: 'Cancel order of Chain kit for fleet@pitstop.com' })).toBeTruthy();
  });

  it('shows the refusal when marking paid is not allowed', async () => {
    renderOrders(
      {
        [`POST /api/order/${onAccount._id}/paid`]: () =>
          problemResponse(409, 'Conflict', 'This order was cancelled, so there is nothing to mark paid.'),
      },
      1,
      () => [onAccount],
    );

    fireEvent.click(
      await screen.findByRole('button', { name: 'Mark order of Chain kit for fleet@pitstop.com paid' }),
    );

    expect((await screen.findByRole('alert')).textContent).toBe(
      'The order of Chain kit could not be marked paid. This order was cancelled, so there is nothing to mark paid.',
    );
  });

  it('ships an order on account from its page (before its invoice is paid)', async () => {
    renderOrders({}, 1, () => [onAccount]);

    expect(
      (
        await screen.findByRole('link', { name: 'Ship order of Chain kit for fleet@pitstop.com' })
      ).getAttribute('href'),
    ).toBe(`/dashboard/orders/${onAccount.orderNumber}#ship`);
    // Not shipped yet: still cancellable, still to be marked paid.
    expect(
      screen.getByRole('button', { name: 'Mark order of Chain kit for fleet@pitstop.com paid' }),
    ).toBeTruthy();
  });
});
