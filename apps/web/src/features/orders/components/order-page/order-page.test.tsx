import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { orderPageTexts } from '@pitstop/core/order-page-texts';
import type { OrderDetail } from '@pitstop/core/order-detail';
import { mockApi } from '@/testing/api';
import { createOrderDetail } from '@/testing/order-detail-factory';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { OrderPage } from './order-page';
import { linesToPick } from './packing-slip';

const DETAIL = 'GET /api/orders/PS-10482';

function renderPage(
  admin: boolean,
  detail: () => Response = () => jsonResponse(createOrderDetail()),
  number = 'PS-10482',
) {
  window.localStorage.setItem('accessToken', admin ? 'admin-key' : 'rider-key');
  const api = mockApi({ [DETAIL]: detail });
  renderWithProviders(<OrderPage number={number} admin={admin} />, {
    route: admin ? `/dashboard/orders/${number}` : `/order/${number}`,
  });
  return api;
}

const region = (name: string) => screen.getByRole('region', { name });

/** The cells of each row of a table, as text. */
function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

describe('OrderPage for the customer', () => {
  it('shows the number, date, status, parts with totals, delivery, payment, shipments, returns and timeline', async () => {
    const api = renderPage(false);

    expect(await screen.findByRole('heading', { level: 1, name: 'Order PS-10482' })).toBeTruthy();
    expect(screen.getByText('Placed on Mar 2, 2026')).toBeTruthy();
    expect(screen.getByText('Placed on Mar 2, 2026').parentElement?.textContent).toContain('Delivered');
    expect(
      screen.getByRole('link', { name: `← ${orderPageTexts.backToMyOrders}` }).getAttribute('href'),
    ).toBe('/order');
    expect(api.callsTo(DETAIL)).toHaveLength(1);

    const table = within(region('Parts')).getByRole('table', { name: 'Parts in this order' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Part', 'Part number', 'Quantity', 'Unit price', 'Total', 'Shipped']);
    expect(rowsOf(table)).toEqual([
      ['Sprocket kit', 'SK-520', '1', '$64.50', '$64.50', '1 of 1'],
      ['Rear brake pads', 'BP-10', '3', '$19.99', '$59.97', '2 of 3 · 1 returned'],
      ['Front brake pads', 'BP-2', '2', '$24.00', '$48.00', '2 of 2'],
    ]);
    const totals = within(region('Parts'))
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(totals).toEqual(['Subtotal $172.47', 'Tax $12.50', 'Total $184.97', 'Refunded −$21.44']);

    const delivery = region('Delivery');
    expect(within(delivery).getByText('500 Howard St')).toBeTruthy();
    expect(within(delivery).getByText('San Francisco, CA 94105')).toBeTruthy();
    expect(within(delivery).getByRole('link', { name: '(415) 555-0134' }).getAttribute('href')).toBe(
      'tel:4155550134',
    );

    const payment = region('Payment');
    expect(within(payment).getByText('Card')).toBeTruthy();
    expect(within(payment).getByText('Paid on Mar 2, 2026')).toBeTruthy();
    expect(within(payment).getByText('pi_sandbox_123')).toBeTruthy();
    expect(within(payment).getByText(/to the card, for return PS-10482-R1/)).toBeTruthy();
    expect(within(payment).getByText('refund re_sandbox_9')).toBeTruthy();

    const track = within(region('Shipments')).getByRole('link', {
      name: 'Track 1Z999AA10123456784 with UPS (opens in a new tab)',
    });
    expect(track.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(within(region('Returns')).getByText('PS-10482-R1', { exact: false })).toBeTruthy();

    const timeline = within(region('Timeline')).getAllByRole('listitem');
    expect(timeline.map((item) => item.firstElementChild?.textContent)).toEqual([
      'Order placed: Waiting for card payment',
      'Paid',
      'Shipped: UPS 1Z999AA10123456784',
      'Delivered',
    ]);
    expect(timeline[0]?.textContent).toContain('Asha Rider (customer)');
    expect(timeline[0]?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-02T15:00:00.000Z');

    // The admin's things are not here.
    expect(screen.queryByRole('button', { name: orderPageTexts.printSlip })).toBeNull();
    expect(screen.queryByText('asha@pitstop.com')).toBeNull();
    expect(document.getElementById('packing-slip')).toBeNull();
  });

  it('offers an unpaid order its payment', async () => {
    renderPage(false, () =>
      jsonResponse(
        createOrderDetail({
          status: 'unpaid',
          paid: false,
          paidAt: null,
          transactionId: null,
          shipments: [],
          returns: [],
          refunds: [],
          refunded: 0,
          returnableUntil: null,
          expiresAt: '2026-03-02T15:30:00.000Z',
        }),
      ),
    );
    const pay = await screen.findByRole('link', { name: orderPageTexts.payNow });
    expect(pay.getAttribute('href')).toBe(`/payment/${createOrderDetail()._id}`);
    expect(within(region('Payment')).getByText('Not paid')).toBeTruthy();
    expect(within(region('Parts')).queryByText('Refunded')).toBeNull();
    expect(within(region('Shipments')).getByText('Nothing has shipped yet.')).toBeTruthy();
  });

  it("says an order it cannot see (another customer's, or none) is not found", async () => {
    renderPage(false, () => problemResponse(404, 'Not Found', 'We could not find that order.'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: orderPageTexts.notFound })).toBeTruthy();
    expect(
      within(alert).getByRole('link', { name: orderPageTexts.backToMyOrders }).getAttribute('href'),
    ).toBe('/order');
  });

  it('asks nothing of the server for an address that is no order number', async () => {
    const api = renderPage(false, () => jsonResponse(createOrderDetail()), 'not-a-number');
    expect(await screen.findByRole('heading', { name: orderPageTexts.notFound })).toBeTruthy();
    expect(api.spy).not.toHaveBeenCalled();
  });

  it('reads the number however it was typed, and asks for it as the shop writes it', async () => {
    const api = renderPage(false, () => jsonResponse(createOrderDetail()), '10482');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order PS-10482' })).toBeTruthy();
    expect(api.callsTo(DETAIL)).toHaveLength(1);
  });
});

describe('OrderPage for an admin', () => {
  it('shows whose order it is, leads back to All Orders, and marks a deleted one', async () => {
    renderPage(true, () => jsonResponse(createOrderDetail({ deletedAt: '2026-03-10T08:00:00.000Z' })));

    expect(await screen.findByRole('heading', { level: 1, name: 'Order PS-10482' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'asha@pitstop.com' }).getAttribute('href')).toBe(
      'mailto:asha@pitstop.com',
    );
    expect(
      screen.getByRole('link', { name: `← ${orderPageTexts.backToAllOrders}` }).getAttribute('href'),
    ).toBe('/dashboard/allorders');
    expect(screen.getByRole('note').textContent).toBe(orderPageTexts.deleted('Mar 10, 2026'));
  });

  it('prints a packing slip: shop, number, date, address, phone and the parts to pick by part number, without prices', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderPage(true, () =>
      jsonResponse(
        createOrderDetail({
          status: 'paid',
          shipments: [],
          returns: [],
          refunds: [],
          refunded: 0,
          returnableUntil: null,
          deliveredAt: null,
          lines: createOrderDetail().lines.map((line) => ({ ...line, shipped: 0, returned: 0 })),
        }),
      ),
    );

    fireEvent.click(await screen.findByRole('button', { name: orderPageTexts.printSlip }));
    expect(print).toHaveBeenCalledTimes(1);

    // Not shown on screen (so not in the accessibility tree); it sits beside the app's root in <body>.
    const slip = screen.getByLabelText(orderPageTexts.slipTitle);
    expect(slip.parentElement).toBe(document.body);
    const css = slip.querySelector('style')?.textContent ?? '';
    expect(css).toContain('@media print');
    expect(css).toMatch(/body > :not\(#packing-slip\) \{ display: none !important; \}/);
    expect(css).toMatch(/#packing-slip \{ display: none; \}/);

    expect(within(slip).getByText('Pitstop Parts')).toBeTruthy();
    expect(within(slip).getByText('PS-10482')).toBeTruthy();
    expect(within(slip).getByText('Mar 2, 2026')).toBeTruthy();
    expect(within(slip).getByText('500 Howard St')).toBeTruthy();
    expect(within(slip).getByText('Phone: (415) 555-0134')).toBeTruthy();
    const table = within(slip).getByRole('table', { hidden: true });
    expect(
      within(table)
        .getAllByRole('columnheader', { hidden: true })
        .map((h) => h.textContent),
    ).toEqual(['Part number', 'Part', 'Quantity', 'Picked']);
    // Bin order: BP-2 before BP-10 before SK-520.
    expect(
      within(table)
        .getAllByRole('row', { hidden: true })
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell', { hidden: true })
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['BP-2', 'Front brake pads', '2', ''],
      ['BP-10', 'Rear brake pads', '3', ''],
      ['SK-520', 'Sprocket kit', '1', ''],
    ]);
    expect(slip.textContent).not.toContain('$');
  });
});

describe('linesToPick', () => {
  const lines = createOrderDetail().lines;

  it('takes only the units still to ship, once some have shipped', () => {
    const { lines: pick, partial } = linesToPick(lines);
    expect(partial).toBe(true);
    expect(pick.map((l) => [l.partNumber, l.quantity])).toEqual([['BP-10', 1]]);
  });

  it('takes every line again when everything has shipped (a slip printed for the record)', () => {
    const shipped: OrderDetail['lines'] = lines.map((line) => ({ ...line, shipped: line.quantity }));
    const { lines: pick, partial } = linesToPick(shipped);
    expect(partial).toBe(false);
    expect(pick.map((l) => [l.partNumber, l.quantity])).toEqual([
      ['BP-2', 2],
      ['BP-10', 3],
      ['SK-520', 1],
    ]);
  });

  it('puts lines without a part number last', () => {
    const unnumbered = lines.map((line, i) => (i === 2 ? { ...line, partNumber: null, shipped: 0 } : line));
    expect(linesToPick(unnumbered).lines.map((l) => l.partNumber)).toEqual(['BP-10', null]);
  });
});
