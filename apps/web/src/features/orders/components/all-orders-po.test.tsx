import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { approvalsTexts } from '@pitstop/core/approvals-texts';
import { mockApi } from '@/testing/api';
import { createOrder } from '@/testing/order-factory';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { AllOrders } from './all-orders';

const withPo = {
  ...createOrder({ parts: 'Brake pads', email: 'bea@bayside.example', status: 'unpaid' }),
  poNumber: 'PO-7781',
};
const without = createOrder({ parts: 'Mirror', email: 'cy@pitstop.com', status: 'paid', paid: true });

describe('AllOrders and purchase order numbers', () => {
  it('shows an order’s PO number under its number and searches by it through the address', async () => {
    window.localStorage.setItem('accessToken', 'admin-key');
    const api = mockApi({
      'GET /api/order': (url) =>
        jsonResponse(url.searchParams.get('po') ? [withPo] : [withPo, without], {
          headers: { 'X-Total-Count': url.searchParams.get('po') ? '1' : '2' },
        }),
    });
    renderWithProviders(<AllOrders />, { route: '/dashboard/allorders' });
    const table = await screen.findByRole('table', { name: 'All orders' });
    const row = within(table).getByRole('row', { name: /bea@bayside\.example/ });
    expect(within(row).getByText(approvalsTexts.poShortLine('PO-7781'))).toBeTruthy();

    fireEvent.change(screen.getByLabelText(approvalsTexts.poFilterLabel), { target: { value: ' 7781 ' } });
    fireEvent.click(screen.getByRole('button', { name: approvalsTexts.poFilterButton }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/dashboard/allorders?po=7781'),
    );
    await waitFor(() =>
      expect(api.callsTo('GET /api/order').at(-1)?.url.searchParams.get('po')).toBe('7781'),
    );
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'All orders' })).queryByText(/cy@pitstop/)).toBeNull(),
    );
  });
});
