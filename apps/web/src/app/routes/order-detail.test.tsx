import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderPageTexts } from '@pitstop/core/order-page-texts';
import { returnFormTexts } from '@pitstop/core/return-texts';
import { createProfile } from '@/testing/account-factory';
import { mockApi } from '@/testing/api';
import { createOrderDetail } from '@/testing/order-detail-factory';
import { jsonResponse, renderRoutes } from '@/testing/render';
import { AppRoutes, CLIENT_ONLY_PATHS } from '../router';

const settingsOff = () => jsonResponse({ googleSignIn: false });

describe('the order pages in the app', () => {
  it("opens a customer's order at /order/PS-…, titled with its number", async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    const api = mockApi({
      'GET /api/me': () => jsonResponse(createProfile({ email: 'asha@pitstop.com' })),
      'GET /api/orders/PS-10482': () => jsonResponse(createOrderDetail()),
    });
    renderRoutes(<AppRoutes />, { route: '/order/PS-10482' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Order PS-10482' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Order PS-10482 | Pitstop Parts'));
    expect(api.callsTo('GET /api/orders/PS-10482')).toHaveLength(1);
    // A delivered order within its window offers a return (the returns feature's form).
    expect(
      within(screen.getByRole('region', { name: 'Returns' })).getByRole('button', {
        name: returnFormTexts.open,
      }),
    ).toBeTruthy();
  });

  it('asks a signed-out visitor to log in first, and remembers the order', async () => {
    mockApi({ 'GET /api/settings': settingsOff });
    renderRoutes(<AppRoutes />, { route: '/order/PS-10482' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeTruthy();
    expect(screen.getByTestId('location-from').textContent).toBe('/order/PS-10482');
  });

  it('opens any order for an admin at /dashboard/orders/PS-…, inside the dashboard', async () => {
    window.localStorage.setItem('accessToken', 'admin-key');
    mockApi({
      'GET /api/me': () =>
        jsonResponse(createProfile({ name: 'Ada Admin', email: 'admin@pitstop.com', role: 'admin' })),
      'GET /api/admin/admin%40pitstop.com': () => jsonResponse({ admin: true }),
      'GET /api/orders/PS-10482': () => jsonResponse(createOrderDetail()),
    });
    renderRoutes(<AppRoutes />, { route: '/dashboard/orders/PS-10482' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Order PS-10482' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('button', { name: orderPageTexts.printSlip })).toBeTruthy();
  });

  it('renders both in the browser only (they belong to a signed-in user)', () => {
    expect(CLIENT_ONLY_PATHS).toContain('/order/:number');
    expect(CLIENT_ONLY_PATHS).toContain('/dashboard/*');
  });
});
