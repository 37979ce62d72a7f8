import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createProfile } from '@/testing/account-factory';
import { mockApi } from '@/testing/api';
import { jsonResponse, problemResponse, renderRoutes } from '@/testing/render';
import { fakeServerCart, localLine, seedLocalCart } from '@/testing/cart';
import { createPart } from '@/testing/part-factory';
import { AppRoutes, CLIENT_ONLY_PATHS } from './router';

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

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Nina New' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nina@pitstop.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret1' } });
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
    // The revocation follows the local sign-out (after the drafts module loads): wait for it.
    await waitFor(() => expect(api.callsTo('POST /api/auth/sign-out')).toHaveLength(1));
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
    ).toEqual([
      'Dashboard',
      'All Orders',
      'Returns',
      'Invoices',
      'All User',
      'Add User',
      'Companies',
      'Credit applications',
      'Tax exemptions',
      'Catalogue',
      'Brands',
      'Parts diagrams',
      'Price lists',
      'Sales',
      'Promotions',
      'Activity',
      'Settings',
    ]);
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

  it.each([
    '/dashboard/allorders',
    '/dashboard/adduser',
    '/dashboard/parts',
    '/dashboard/parts/new',
    '/dashboard/credit',
  ])('signs a customer out who opens %s and sends them to /login', async (route) => {
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
  });
});

describe('AppRoutes cart', () => {
  const pads = createPart({ name: 'Brake pads', price: 21.99, availablequantity: 10, minquantity: 2 });
  const kit = createPart({ name: 'Chain kit', price: 89.5, availablequantity: 5, minquantity: 1 });
  const catalogue = () => jsonResponse([pads, kit], { headers: { 'x-total-count': '2' } });
  const facets = () =>
    jsonResponse({ brand: [], category: [], price: { min: 21.99, max: 89.5 }, inStock: 2, didYouMean: null });

  it('adds parts from the catalogue as a visitor, counts them in the navbar and lists them on /cart', async () => {
    mockApi({
      'GET /api/parts': catalogue,
      'GET /api/parts/facets': facets,
      [`GET /api/parts/${pads._id}`]: () => jsonResponse(pads),
      [`GET /api/parts/${kit._id}`]: () => jsonResponse({ ...kit, availablequantity: 1 }),
    });
    renderRoutes(<AppRoutes />, { route: '/parts' });

    const cart = screen.getByRole('link', { name: 'Cart' });
    // The pads' minimum order is 2: the card's button says it adds two.
    fireEvent.click(await screen.findByRole('button', { name: 'Add 2 to cart: Brake pads' }));
    await waitFor(() => expect(cart.getAttribute('aria-label')).toBe('Cart, 2 items'));
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Chain kit' }));
    await waitFor(() => expect(cart.getAttribute('aria-label')).toBe('Cart, 3 items'));

    fireEvent.click(cart);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your cart' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Brake pads' })).toBeTruthy();
    // The catalogue is asked how many are left now: one kit, and the line still fits.
    expect(screen.getByRole('article', { name: 'Chain kit' })).toBeTruthy();
    // Signed out, Checkout asks to log in and comes back to the checkout (issue #28).
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe(
      '/login?from=%2Fcheckout',
    );
  });

  it("moves a visitor's cart into the account on whichever page sign-in lands", async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    const server = fakeServerCart([pads, kit], [{ partId: kit._id, quantity: 1 }]);
    seedLocalCart([localLine(pads, 2)]);
    renderRoutes(<AppRoutes />, { route: '/about' });

    await waitFor(() =>
      expect(server.lines()).toEqual([
        { partId: kit._id, quantity: 1 },
        { partId: pads._id, quantity: 2 },
      ]),
    );
    await waitFor(() => expect(window.localStorage.getItem('pitstop.cart')).toBeNull());
    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toBeTruthy();
  });

  it('renders /cart and /checkout in the browser only', () => {
    expect(CLIENT_ONLY_PATHS).toContain('/cart');
    expect(CLIENT_ONLY_PATHS).toContain('/checkout');
    expect(CLIENT_ONLY_PATHS).toContain('/credit');
  });

  it('sends a signed-out visitor from /checkout to /login, remembering it', async () => {
    mockApi({ 'GET /api/settings': settingsOff });
    renderRoutes(<AppRoutes />, { route: '/checkout' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeTruthy();
    expect(screen.getByTestId('location-from').textContent).toBe('/checkout');
  });

  it('opens /checkout for a signed-in customer with the cart to order', async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    mockApi({
      'GET /api/cart': () =>
        jsonResponse({ items: [localLine(pads, 2)], subtotal: Math.round(pads.price * 200) / 100 }),
      'GET /api/tax-rates': () => jsonResponse({ rates: {} }),
      'GET /api/me/address': () => jsonResponse({ address: null }),
      'GET /api/me': () => jsonResponse(createProfile()),
    });
    renderRoutes(<AppRoutes />, { route: '/checkout' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(await screen.findByRole('rowheader', { name: 'Brake pads' })).toBeTruthy();
  });
});
