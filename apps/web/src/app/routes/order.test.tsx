import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, shopTexts } from '@pitstop/core/messages';
import { orderListTexts } from '@pitstop/core/order-list-texts';
import type { Order } from '@pitstop/core/orders';
import { orderDate } from '@/features/orders/components/order-date';
import { createProfile } from '@/testing/account-factory';
import { authorizationOf, mockApi } from '@/testing/api';
import { createMultiLineOrder, createOrder } from '@/testing/order-factory';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { OrderRoute } from './order';

const LIST = 'GET /api/order/rider%40pitstop.com';
type Routes = Parameters<typeof mockApi>[0];

function renderOrders(routes: Routes) {
  window.localStorage.setItem('accessToken', 'rider-key');
  const api = mockApi({
    'GET /api/me': () => jsonResponse(createProfile({ email: 'rider@pitstop.com' })),
    ...routes,
  });
  renderWithProviders(<OrderRoute />, {
    route: '/order',
    path: '/order',
    routes: <Route path="/login" element={<h1>Log In</h1>} />,
  });
  return api;
}

/** A fake list endpoint whose contents the test can change, as a server's would. */
function serverList(initial: Order[]) {
  let orders = initial;
  return {
    handler: () => jsonResponse(orders),
    remove: (id: string) => {
      orders = orders.filter((o) => o._id !== id);
    },
  };
}

/** The browser's confirmation dialog (happy-dom has none), answered as given. */
function answerConfirm(answer: boolean) {
  const confirm = vi.fn((_message?: string) => answer);
  vi.stubGlobal('confirm', confirm);
  return confirm;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The table row of the order for a part, or null once it is gone. */
const rowOf = (part: string) =>
  screen.queryAllByRole('row').find((row) => within(row).queryByText(part, { exact: true })) ?? null;

describe('OrderRoute (My Orders)', () => {
  it('shows the count and a row per order with its payment state', async () => {
    const unpaid = createOrder({ parts: 'Yamaha FZ Brake Pads', quantity: 3, total: 65.97 });
    const paid = createOrder({
      parts: 'Honda Shine Headlight',
      status: 'paid',
      paid: true,
      transactionId: 'pi_3PaidTxn0001',
      total: 1234.5,
    });
    const noPart = createOrder({
      parts: 'TVS Apache Chain',
      productId: null,
      status: 'delivered',
      paid: true,
    });
    const api = renderOrders({ [LIST]: () => jsonResponse([unpaid, paid, noPart]) });

    expect(screen.getByRole('status', { name: 'Loading your orders' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: `${messages.totalOrders} 3` })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Total order is: 3' })).toBeTruthy();
    expect(authorizationOf(api.callsTo(LIST)[0]?.init)).toBe('Bearer rider-key');

    const table = screen.getByRole('table', { name: 'Your orders' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Order',
      'Email',
      'Name',
      'Quantity',
      'Total',
      'Status (payment)',
      'Status (delete)',
      'Add Review',
    ]);

    const unpaidRow = within(table).getByRole('row', { name: /Yamaha FZ Brake Pads/ });
    // The order's number leads to its page, with the date it was placed beneath.
    const orderCell = within(unpaidRow).getAllByRole('cell')[0]!;
    const number = within(orderCell).getByRole('link', { name: unpaid.orderNumber });
    expect(number.getAttribute('href')).toBe(`/order/${unpaid.orderNumber}`);
    expect(orderCell.textContent).toBe(`${unpaid.orderNumber}${orderDate(unpaid.createdAt)}`);
    expect(within(unpaidRow).getByText('rider@pitstop.com')).toBeTruthy();
    expect(within(unpaidRow).getByText('3')).toBeTruthy();
    expect(within(unpaidRow).getByText('$65.97')).toBeTruthy();
    const pay = within(unpaidRow).getByRole('link', {
      name: 'Make Payment for order of Yamaha FZ Brake Pads',
    });
    expect(pay.textContent).toBe('Make Payment');
    expect(pay.getAttribute('href')).toBe(`/payment/${unpaid._id}`);
    expect(
      within(unpaidRow).getByRole('button', { name: 'Delete order of Yamaha FZ Brake Pads' }),
    ).toBeTruthy();
    // Reviews follow real purchases: an unpaid order offers none yet.
    expect(within(unpaidRow).queryByRole('link', { name: /^Review / })).toBeNull();
    expect(within(unpaidRow).getByText(orderListTexts.reviewAfterPayment)).toBeTruthy();

    const paidRow = within(table).getByRole('row', { name: /Honda Shine Headlight/ });
    expect(within(paidRow).getByText('Paid')).toBeTruthy();
    expect(within(paidRow).getByText('pi_3PaidTxn0001')).toBeTruthy();
    expect(within(paidRow).getByText('$1,234.50')).toBeTruthy();
    expect(within(paidRow).queryByRole('link', { name: /Make Payment/ })).toBeNull();
    expect(within(paidRow).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(
      within(paidRow).getByRole('link', { name: 'Review Honda Shine Headlight' }).getAttribute('href'),
    ).toBe(`/addreview?order=${paid._id}&part=${paid.productId ?? ''}`);

    const noPartRow = within(table).getByRole('row', { name: /TVS Apache Chain/ });
    expect(
      within(noPartRow).getByRole('link', { name: 'Review TVS Apache Chain' }).getAttribute('href'),
    ).toBe(`/addreview?order=${noPart._id}`);
  });

  it('says until when an unpaid order is held, and names an order cancelled for not being paid', async () => {
    const deadline = new Date(Date.UTC(2026, 10, 23, 15, 4));
    const held = createOrder({ parts: 'Yamaha FZ Brake Pads', expiresAt: deadline.toISOString() });
    const lapsed = createOrder({
      parts: 'Honda Shine Headlight',
      status: 'cancelled',
      cancelReason: 'expired',
      expiresAt: null,
    });
    renderOrders({ [LIST]: () => jsonResponse([held, lapsed]) });

    const clock = deadline.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
    await waitFor(() => expect(rowOf('Yamaha FZ Brake Pads')).not.toBeNull());
    expect(within(rowOf('Yamaha FZ Brake Pads')!).getByText(`Pay by ${clock}`)).toBeTruthy();
    expect(within(rowOf('Honda Shine Headlight')!).getByText('Cancelled: not paid in time')).toBeTruthy();
    expect(within(rowOf('Honda Shine Headlight')!).queryByRole('link', { name: /Make Payment/ })).toBeNull();
  });

  it('offers a review of each part of an order of several once it is paid', async () => {
    const order = createMultiLineOrder(
      [
        { name: 'Brake pads', unitPrice: 21.99, quantity: 2 },
        { name: 'Chain kit', unitPrice: 89.5, quantity: 1 },
        { name: 'Old sprocket', unitPrice: 15, quantity: 3, partId: null },
      ],
      { status: 'paid', paid: true },
    );
    renderOrders({ [LIST]: () => jsonResponse([order]) });

    const table = await screen.findByRole('table', { name: 'Your orders' });
    const row = within(table).getByRole('row', { name: /Brake pads/ });
    expect(within(row).getByRole('link', { name: 'Review Brake pads' }).getAttribute('href')).toBe(
      `/addreview?order=${order._id}&part=${order.lines[0]?.partId ?? ''}`,
    );
    expect(within(row).getByRole('link', { name: 'Review Chain kit' }).getAttribute('href')).toBe(
      `/addreview?order=${order._id}&part=${order.lines[1]?.partId ?? ''}`,
    );
    expect(within(row).getByRole('link', { name: 'Review Old sprocket' }).getAttribute('href')).toBe(
      `/addreview?order=${order._id}`,
    );
  });

  it('lists every line of an order of several parts and counts all its items', async () => {
    const order = createMultiLineOrder(
      [
        { name: 'Brake pads', unitPrice: 21.99, quantity: 2 },
        { name: 'Chain kit', unitPrice: 89.5, quantity: 1 },
        { name: 'Old sprocket', unitPrice: 15, quantity: 3, partId: null },
      ],
      { tax: 12.61 },
    );
    const single = createOrder({ parts: 'Honda Shine Headlight', quantity: 4 });
    renderOrders({ [LIST]: () => jsonResponse([order, single]) });

    const table = await screen.findByRole('table', { name: 'Your orders' });
    const row = within(table).getByRole('row', { name: /Brake pads/ });
    const cells = within(row).getAllByRole('cell');
    expect(
      within(cells[2]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Brake pads × 2', 'Chain kit × 1', 'Old sprocket × 3']);
    expect(cells[3]?.textContent).toBe('6');
    // $43.98 + $89.50 + $45.00 and the tax.
    expect(cells[4]?.textContent).toBe('$191.09');
    const names = 'Brake pads, Chain kit and Old sprocket';
    expect(
      within(row)
        .getByRole('link', { name: `Make Payment for order of ${names}` })
        .getAttribute('href'),
    ).toBe(`/payment/${order._id}`);
    expect(within(row).getByRole('button', { name: `Delete order of ${names}` })).toBeTruthy();
    expect(within(row).queryByRole('link', { name: /^Review / })).toBeNull();

    // An order of one part keeps the spec's row: its name, its quantity, one Review.
    const singleRow = within(table).getByRole('row', { name: /Honda Shine Headlight/ });
    expect(within(singleRow).queryByRole('list')).toBeNull();
    expect(within(singleRow).getAllByRole('cell')[2]?.textContent).toBe('Honda Shine Headlight');
    expect(within(singleRow).getAllByRole('cell')[3]?.textContent).toBe('4');
    expect(within(singleRow).getByText(orderListTexts.reviewAfterPayment)).toBeTruthy();
  });

  it('removes a row at once when the delete is confirmed, before the server answers', async () => {
    const keep = createOrder({ parts: 'Hero Splendor Mirror' });
    const drop = createOrder({ parts: 'Suzuki Access Clutch Plate' });
    const list = serverList([keep, drop]);
    let answer: (response: Response) => void = () => undefined;
    const api = renderOrders({
      [LIST]: list.handler,
      [`DELETE /api/order/${drop._id}`]: () => {
        list.remove(drop._id);
        return new Promise<Response>((resolve) => (answer = resolve));
      },
    });
    const confirm = answerConfirm(true);
    await screen.findByRole('heading', { name: 'Total order is: 2' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete order of Suzuki Access Clutch Plate' }));

    expect(confirm).toHaveBeenCalledWith(messages.confirmDelete);
    expect(confirm.mock.calls[0]?.[0]).toBe('Are you sure want to delete');
    await waitFor(() => expect(rowOf('Suzuki Access Clutch Plate')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Total order is: 1' })).toBeTruthy();
    expect(rowOf('Hero Splendor Mirror')).toBeTruthy();
    await waitFor(() => expect(api.callsTo(`DELETE /api/order/${drop._id}`)).toHaveLength(1));
    expect(authorizationOf(api.callsTo(`DELETE /api/order/${drop._id}`)[0]?.init)).toBe('Bearer rider-key');

    answer(jsonResponse({ deletedCount: 1 }));
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
    expect(rowOf('Suzuki Access Clutch Plate')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends nothing when the delete is not confirmed', async () => {
    const order = createOrder({ parts: 'Honda Unicorn Air Filter' });
    const api = renderOrders({ [LIST]: () => jsonResponse([order]) });
    answerConfirm(false);

    fireEvent.click(await screen.findByRole('button', { name: 'Delete order of Honda Unicorn Air Filter' }));

    expect(rowOf('Honda Unicorn Air Filter')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Total order is: 1' })).toBeTruthy();
    expect(api.spy.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);
  });

  it('puts the row back and says so when the server refuses the delete', async () => {
    const first = createOrder({ parts: 'Bajaj Pulsar Chain Kit' });
    const second = createOrder({ parts: 'Yamaha R15 Spark Plug' });
    renderOrders({
      [LIST]: () => jsonResponse([first, second]),
      [`DELETE /api/order/${first._id}`]: () =>
        problemResponse(409, 'Conflict', 'A paid order cannot be deleted.'),
    });
    answerConfirm(true);

    fireEvent.click(await screen.findByRole('button', { name: 'Delete order of Bajaj Pulsar Chain Kit' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'The order of Bajaj Pulsar Chain Kit could not be deleted. A paid order cannot be deleted.',
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual([
      'Bajaj Pulsar Chain Kit',
      'Yamaha R15 Spark Plug',
    ]);
  });

  it('shows an empty state with a way to the parts', async () => {
    renderOrders({ [LIST]: () => jsonResponse([]) });

    expect(await screen.findByRole('heading', { name: 'Total order is: 0' })).toBeTruthy();
    expect(screen.getByText('You have no orders yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse parts' }).getAttribute('href')).toBe('/parts');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers "Try again" when the list fails, and shows it once it loads', async () => {
    let fail = true;
    const api = renderOrders({
      [LIST]: () =>
        fail ? problemResponse(500, 'Internal Server Error', 'boom') : jsonResponse([createOrder()]),
    });

    expect((await screen.findByRole('alert')).textContent).toContain(shopTexts.loadFailed);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: shopTexts.retry }));

    expect(await screen.findByRole('heading', { name: 'Total order is: 1' })).toBeTruthy();
    expect(api.callsTo(LIST)).toHaveLength(2);
  });

  it('signs out and goes to /login on a 403 from the list', async () => {
    const api = renderOrders({
      [LIST]: () => problemResponse(403, 'Forbidden', 'Opps! Sorry'),
      'POST /api/auth/sign-out': () => jsonResponse({ success: true }),
    });

    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(screen.getByTestId('location-from').textContent).toBe('/order');
    await waitFor(() => expect(window.localStorage.getItem('accessToken')).toBeNull());
    // The revocation follows the local sign-out (after the drafts module loads): wait for it.
    await waitFor(() => expect(api.callsTo('POST /api/auth/sign-out')).toHaveLength(1));
  });

  it('drops the session on a 401 from the list (the api-client tells the router)', async () => {
    renderOrders({ [LIST]: () => problemResponse(401, 'Unauthorized', 'Sign in again') });

    await waitFor(() => expect(window.localStorage.getItem('accessToken')).toBeNull());
  });
});
