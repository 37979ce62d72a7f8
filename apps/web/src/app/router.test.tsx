import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createProfile } from '@/testing/account-factory';
import { mockApi } from '@/testing/api';
import { typeInto } from '@/testing/form';
import { jsonResponse, problemResponse, renderRoutes } from '@/testing/render';
import { AppRoutes } from './router';

const settingsOff = () => jsonResponse({ googleSignIn: false });

describe('AppRoutes accounts', () => {
  it('ends the session and goes to /login when any API call answers 401', async () => {
    window.localStorage.setItem('accessToken', 'expired-key');
    mockApi({
      'GET /api/me': () => problemResponse(401, 'Unauthorized', 'Please log in first.'),
      'GET /api/settings': settingsOff,
    });
    renderRoutes(<AppRoutes />, { route: '/profile' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(screen.getByTestId('location-from').textContent).toBe('/profile');
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log In' })).toBeTruthy();
  });

  it('sends a signed-out visitor from a guarded page to /login, and registering returns there', async () => {
    const profile = createProfile({ name: 'Nina New', email: 'nina@pitstop.com' });
    mockApi({
      'GET /api/settings': settingsOff,
      'POST /api/auth/sign-up/email': () =>
        jsonResponse({
          token: 'session-n',
          user: { id: profile._id, email: profile.email, name: profile.name },
        }),
      'PUT /api/user/nina%40pitstop.com': () => jsonResponse({ accessKey: 'key-n' }),
      'GET /api/me': () => jsonResponse(profile),
    });
    renderRoutes(<AppRoutes />, { route: '/order' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Register' })).toBeTruthy();

    typeInto(screen.getByLabelText('Name'), 'Nina New');
    typeInto(screen.getByLabelText('Email'), 'nina@pitstop.com');
    typeInto(screen.getByLabelText('Password'), 'secret1');
    typeInto(screen.getByLabelText('Confirm password'), 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/order');
    expect(window.localStorage.getItem('accessToken')).toBe('key-n');
    expect(await screen.findByRole('img', { name: 'Nina New' })).toBeTruthy();
  });

  it('signs a non-admin out who opens /dashboard/alluser and sends them to /login', async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    const api = mockApi({
      'GET /api/settings': settingsOff,
      'GET /api/me': () => jsonResponse(createProfile({ email: 'rider@pitstop.com' })),
      'GET /api/admin/rider%40pitstop.com': () => jsonResponse({ admin: false }),
      'POST /api/auth/sign-out': () => jsonResponse({ success: true }),
    });
    renderRoutes(<AppRoutes />, { route: '/dashboard/alluser' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeTruthy();
    await waitFor(() => expect(window.localStorage.getItem('accessToken')).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(screen.queryByRole('heading', { name: 'All User' })).toBeNull();
    expect(api.callsTo('POST /api/auth/sign-out')).toHaveLength(1);
  });

  it('shows the admin items of the dashboard menu only to admins', async () => {
    window.localStorage.setItem('accessToken', 'admin-key');
    mockApi({
      'GET /api/me': () =>
        jsonResponse(createProfile({ name: 'Ada Admin', email: 'admin@pitstop.com', role: 'admin' })),
      'GET /api/admin/admin%40pitstop.com': () => jsonResponse({ admin: true }),
      'GET /api/user': () => jsonResponse([]),
    });
    renderRoutes(<AppRoutes />, { route: '/dashboard/alluser' });

    expect(await screen.findByRole('heading', { level: 1, name: 'All User' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'All Orders', 'All User', 'Add User', 'Catalogue']);
  });

  it('shows a customer only the Dashboard item', async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    const api = mockApi({
      'GET /api/me': () => jsonResponse(createProfile({ name: 'Riley Rider', email: 'rider@pitstop.com' })),
      'GET /api/admin/rider%40pitstop.com': () => jsonResponse({ admin: false }),
      'GET /api/dashboard': () =>
        jsonResponse({
          mine: { total: 0, unpaid: 0, paid: 0, shipped: 0, delivered: 0, spent: 0 },
          admin: null,
        }),
    });
    renderRoutes(<AppRoutes />, { route: '/dashboard' });

    expect(await screen.findByText('Welcome, Riley Rider.')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET /api/admin/rider%40pitstop.com')).toHaveLength(1));
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard']);
  });

  it.each(['/dashboard/allorders', '/dashboard/adduser', '/dashboard/parts', '/dashboard/parts/new'])(
    'signs a customer out who opens %s and sends them to /login',
    async (route) => {
      window.localStorage.setItem('accessToken', 'rider-key');
      const api = mockApi({
        'GET /api/settings': settingsOff,
        'GET /api/me': () => jsonResponse(createProfile({ email: 'rider@pitstop.com' })),
        'GET /api/admin/rider%40pitstop.com': () => jsonResponse({ admin: false }),
        'POST /api/auth/sign-out': () => jsonResponse({ success: true }),
      });
      renderRoutes(<AppRoutes />, { route });

      expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeTruthy();
      await waitFor(() => expect(window.localStorage.getItem('accessToken')).toBeNull());
      expect(screen.getByTestId('location').textContent).toBe('/login');
      expect(api.callsTo('GET /api/order')).toHaveLength(0);
      expect(api.callsTo('GET /api/parts')).toHaveLength(0);
    },
  );
});
