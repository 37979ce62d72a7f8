import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { RequireAuth } from './require-auth';

function renderGuarded(route: string) {
  return renderWithProviders(<RequireAuth />, {
    route,
    path: '/',
    routes: (
      <>
        <Route element={<RequireAuth />}>
          <Route path="/order" element={<h1>My Orders</h1>} />
        </Route>
        <Route path="/login" element={<h1>Log In</h1>} />
      </>
    ),
  });
}

describe('RequireAuth', () => {
  it('sends a signed-out visitor to /login and remembers where they came from', () => {
    renderGuarded('/order?page=2');

    expect(screen.getByRole('heading', { name: 'Log In' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'My Orders' })).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(screen.getByTestId('location-from').textContent).toBe('/order?page=2');
  });

  it('shows the screen to a signed-in user', () => {
    window.localStorage.setItem('accessToken', 'key-1');
    renderGuarded('/order');

    expect(screen.getByRole('heading', { name: 'My Orders' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/order');
  });
});
