import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createProfile } from '@/testing/account-factory';
import { authorizationOf, mockApi } from '@/testing/api';
import { localLine, seedLocalCart } from '@/testing/cart';
import { createPart } from '@/testing/part-factory';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { Navbar } from './navbar';

describe('Navbar', () => {
  it('lists the signed-out links and marks the current page', () => {
    renderWithProviders(<Navbar />, { route: '/parts' });
    const nav = screen.getByRole('navigation', { name: 'Main' });

    const names = ['Home', 'Parts', 'Blog', 'About', 'My Portfolio', 'Log In'];
    for (const name of names) expect(screen.getByRole('link', { name })).toBeTruthy();
    expect(nav.querySelectorAll('a')).toHaveLength(names.length);
    expect(screen.getByRole('link', { name: 'Parts' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: 'Pitstop Parts' }).getAttribute('href')).toBe('/');
  });

  it('opens the phone menu with its button, and closes it on Escape and on navigation', () => {
    renderWithProviders(<Navbar />, { route: '/' });
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    fireEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(screen.getByTestId('location').textContent).toBe('/about');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('Navbar cart', () => {
  it("links to the cart and counts the items in the browser's cart", () => {
    seedLocalCart([localLine(createPart({ name: 'Pads' }), 2), localLine(createPart({ name: 'Chain' }), 1)]);
    renderWithProviders(<Navbar />, { route: '/' });
    const cart = screen.getByRole('link', { name: 'Cart, 3 items' });
    expect(cart.getAttribute('href')).toBe('/cart');
    expect(cart.textContent).toBe('3');
  });

  it('shows the plain cart when it is empty, and follows changes made in another tab', () => {
    renderWithProviders(<Navbar />, { route: '/' });
    const cart = screen.getByRole('link', { name: 'Cart' });
    expect(cart.textContent).toBe('');
    act(() => {
      seedLocalCart([localLine(createPart(), 1)]);
      window.dispatchEvent(new StorageEvent('storage', { key: 'pitstop.cart' }));
    });
    expect(cart.getAttribute('aria-label')).toBe('Cart, 1 item');
  });

  it("counts a signed-in customer's cart on the server", async () => {
    window.localStorage.setItem('accessToken', 'key-1');
    const part = createPart();
    mockApi({
      'GET /api/me': () => jsonResponse(createProfile()),
      'GET /api/cart': () => jsonResponse({ items: [localLine(part, 4)], subtotal: 87.96 }),
    });
    renderWithProviders(<Navbar />, { route: '/' });
    expect(await screen.findByRole('link', { name: 'Cart, 4 items' })).toBeTruthy();
  });
});

describe('Navbar, signed in', () => {
  it('adds My Orders, Profile, Dashboard, Logout and the account photo', async () => {
    window.localStorage.setItem('accessToken', 'key-1');
    mockApi({
      'GET /api/me': () => jsonResponse(createProfile({ name: 'Riley Rider', image: '/uploads/abc.webp' })),
    });
    renderWithProviders(<Navbar />, { route: '/' });

    const photo = await screen.findByRole('img', { name: 'Riley Rider' });
    expect(photo.tagName).toBe('IMG');
    expect(photo.getAttribute('src')).toBe('/uploads/abc.webp');
    for (const [name, href] of [
      ['My Orders', '/order'],
      ['Quick order', '/quick-order'],
      ['Company', '/company'],
      ['Profile', '/profile'],
      ['Dashboard', '/dashboard'],
    ] as const) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log In' })).toBeNull();
  });

  it("shows the name's initials in a circle when the account has no photo", async () => {
    window.localStorage.setItem('accessToken', 'key-1');
    mockApi({ 'GET /api/me': () => jsonResponse(createProfile({ name: 'Riley Rider', image: null })) });
    renderWithProviders(<Navbar />, { route: '/' });

    const avatar = await screen.findByRole('img', { name: 'Riley Rider' });
    expect(avatar.tagName).toBe('SPAN');
    expect(avatar.textContent).toBe('RR');
  });

  it('logs out: revokes the session, clears accessToken and goes home', async () => {
    window.localStorage.setItem('accessToken', 'key-1');
    const api = mockApi({
      'GET /api/me': () => jsonResponse(createProfile()),
      'POST /api/auth/sign-out': () => jsonResponse({ success: true }),
    });
    renderWithProviders(<Navbar />, { route: '/profile' });

    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('link', { name: 'Log In' })).toBeTruthy();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/');
    // The revocation follows the local sign-out (after the drafts module loads): wait for it.
    await waitFor(() => expect(api.callsTo('POST /api/auth/sign-out')).toHaveLength(1));
    const [signOut] = api.callsTo('POST /api/auth/sign-out');
    expect(authorizationOf(signOut?.init)).toBe('Bearer key-1');
    expect(screen.queryByRole('link', { name: 'My Orders' })).toBeNull();
  });

  it('still logs out locally when the server cannot be reached', async () => {
    window.localStorage.setItem('accessToken', 'key-1');
    mockApi({
      'GET /api/me': () => jsonResponse(createProfile()),
      'POST /api/auth/sign-out': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderWithProviders(<Navbar />, { route: '/' });

    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('link', { name: 'Log In' })).toBeTruthy();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });
});
