import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createProfile } from '@/testing/account-factory';
import { authorizationOf, mockApi } from '@/testing/api';
import { jsonBodyOf } from '@/testing/form';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { AuthCallback } from './auth-callback';

describe('AuthCallback', () => {
  it('learns who signed in from the session cookie, exchanges for the access key and goes on', async () => {
    const profile = createProfile({ email: 'gina@pitstop.com' });
    const api = mockApi({
      'GET /api/me': () => jsonResponse(profile),
      'PUT /api/user/gina%40pitstop.com': () => jsonResponse({ accessKey: 'google-key' }),
    });
    renderWithProviders(<AuthCallback to="/order" />, {
      route: '/auth/callback',
      path: '/auth/callback',
      routes: <Route path="/order" element={<h1>My Orders</h1>} />,
    });

    expect(screen.getByRole('status', { name: 'Signing you in' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeTruthy();
    expect(window.localStorage.getItem('accessToken')).toBe('google-key');
    // No token yet: both calls ride on the cookie.
    expect(authorizationOf(api.callsTo('GET /api/me')[0]?.init)).toBeNull();
    const [exchange] = api.callsTo('PUT /api/user/gina%40pitstop.com');
    expect(authorizationOf(exchange?.init)).toBeNull();
    expect(jsonBodyOf(exchange?.init)).toEqual({ email: 'gina@pitstop.com' });
  });

  it('explains a failed sign-in and links back to Log In', async () => {
    mockApi({ 'GET /api/me': () => problemResponse(401, 'Unauthorized', 'Please log in first.') });
    renderWithProviders(<AuthCallback to="/" />, { route: '/auth/callback', path: '/auth/callback' });

    expect((await screen.findByRole('alert')).textContent).toContain('Error: Please log in first.');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth/callback'));
    expect(screen.getByRole('link', { name: 'Back to Log In' }).getAttribute('href')).toBe('/login');
  });
});
