import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createProfile } from '@/testing/account-factory';
import { authorizationOf, mockApi } from '@/testing/api';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { RequireAdmin } from './require-admin';

const user = createProfile({ email: 'rider@pitstop.com' });

function renderAdminScreen() {
  return renderWithProviders(<RequireAdmin />, {
    route: '/dashboard/alluser',
    path: '/',
    routes: (
      <>
        <Route element={<RequireAdmin />}>
          <Route path="/dashboard/alluser" element={<h1>All User</h1>} />
        </Route>
        <Route path="/login" element={<h1>Log In</h1>} />
      </>
    ),
  });
}

describe('RequireAdmin', () => {
  it('shows a spinner while the admin check is pending, then the screen for an admin', async () => {
    window.localStorage.setItem('accessToken', 'admin-key');
    let answer: (response: Response) => void = () => undefined;
    const api = mockApi({
      'GET /api/me': () => jsonResponse({ ...user, role: 'admin' }),
      'GET /api/admin/rider%40pitstop.com': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderAdminScreen();

    expect(screen.getByRole('status', { name: 'Checking access' })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET /api/admin/rider%40pitstop.com')).toHaveLength(1));
    expect(screen.getByRole('status', { name: 'Checking access' })).toBeTruthy();
    expect(authorizationOf(api.callsTo('GET /api/admin/rider%40pitstop.com')[0]?.init)).toBe(
      'Bearer admin-key',
    );

    answer(jsonResponse({ admin: true }));
    expect(await screen.findByRole('heading', { name: 'All User' })).toBeTruthy();
    expect(window.localStorage.getItem('accessToken')).toBe('admin-key');
  });

  it('signs a non-admin out (server session too) and sends them to /login', async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    const api = mockApi({
      'GET /api/me': () => jsonResponse(user),
      'GET /api/admin/rider%40pitstop.com': () => jsonResponse({ admin: false }),
      'POST /api/auth/sign-out': () => jsonResponse({ success: true }),
    });
    renderAdminScreen();

    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'All User' })).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/login');
    await waitFor(() => expect(window.localStorage.getItem('accessToken')).toBeNull());
    // The revocation follows the local sign-out (after the drafts module loads): wait for it.
    await waitFor(() => expect(api.callsTo('POST /api/auth/sign-out')).toHaveLength(1));
    const signOuts = api.callsTo('POST /api/auth/sign-out');
    expect(authorizationOf(signOuts[0]?.init)).toBe('Bearer rider-key');
  });

  it('treats a refused admin check (403) as not an admin', async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    mockApi({
      'GET /api/me': () => jsonResponse(user),
      'GET /api/admin/rider%40pitstop.com': () => problemResponse(403, 'Forbidden', 'Opps! Sorry'),
      'POST /api/auth/sign-out': () => jsonResponse({ success: true }),
    });
    renderAdminScreen();

    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeTruthy();
    await waitFor(() => expect(window.localStorage.getItem('accessToken')).toBeNull());
  });
});
