import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authErrorTexts, messages } from '@pitstop/core/messages';
import { authErrorResponse } from '@/testing/account-factory';
import { authorizationOf, mockApi } from '@/testing/api';
import { errorTextFor, jsonBodyOf } from '@/testing/form';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { LoginRoute } from './login';

const RIDER = 'rider@pitstop.com';

function renderLogin(from?: string) {
  return renderWithProviders(<LoginRoute />, {
    route: { pathname: '/login', state: from ? { from: { pathname: from, search: '' } } : null },
    path: '/login',
    routes: <Route path="/order" element={<h1>My Orders</h1>} />,
  });
}

const settingsOff = () => jsonResponse({ googleSignIn: false });

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

describe('LoginRoute', () => {
  it('shows the required messages under email and password, without calling the server', async () => {
    const api = mockApi({ 'GET /api/settings': settingsOff });
    renderLogin();

    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));

    await waitFor(() => expect(errorTextFor(screen.getByLabelText('Email'))).toBe(messages.emailRequired));
    expect(errorTextFor(screen.getByLabelText('Password'))).toBe(messages.passwordRequired);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /api/auth/sign-in/email')).toHaveLength(0);
  });

  it('checks the email pattern and the 6-character password, and re-checks on change', async () => {
    mockApi({ 'GET /api/settings': settingsOff });
    renderLogin();

    fill('Rider@Pitstop', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));

    await waitFor(() => expect(errorTextFor(screen.getByLabelText('Email'))).toBe(messages.emailInvalid));
    expect(errorTextFor(screen.getByLabelText('Password'))).toBe(messages.passwordTooShort);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: RIDER } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: '123456' } });
    await waitFor(() => expect(errorTextFor(screen.getByLabelText('Email'))).toBeNull());
    expect(errorTextFor(screen.getByLabelText('Password'))).toBeNull();
  });

  it('signs in, exchanges for the access key, stores it and returns to where the guard came from', async () => {
    window.localStorage.removeItem('accessToken');
    const api = mockApi({
      'GET /api/settings': settingsOff,
      'POST /api/auth/sign-in/email': () =>
        jsonResponse({
          token: 'session-1',
          user: { id: 'u1', email: RIDER, name: 'Riley' },
          redirect: false,
        }),
      'PUT /api/user/rider%40pitstop.com': () => jsonResponse({ accessKey: 'access-key-1' }),
    });
    renderLogin('/order');

    fill(RIDER, 'pitstop-rider');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/order');
    expect(window.localStorage.getItem('accessToken')).toBe('access-key-1');

    const [signIn] = api.callsTo('POST /api/auth/sign-in/email');
    expect(jsonBodyOf(signIn?.init)).toEqual({ email: RIDER, password: 'pitstop-rider' });
    expect(authorizationOf(signIn?.init)).toBeNull();
    const [exchange] = api.callsTo('PUT /api/user/rider%40pitstop.com');
    expect(jsonBodyOf(exchange?.init)).toEqual({ email: RIDER });
    expect(authorizationOf(exchange?.init)).toBe('Bearer session-1');
  });

  it('goes home after signing in when no guard sent the visitor', async () => {
    mockApi({
      'GET /api/settings': settingsOff,
      'POST /api/auth/sign-in/email': () =>
        jsonResponse({ token: 's', user: { id: 'u1', email: RIDER, name: 'Riley' }, redirect: false }),
      'PUT /api/user/rider%40pitstop.com': () => jsonResponse({ accessKey: 'k' }),
    });
    renderLogin();

    fill(RIDER, 'pitstop-rider');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it("shows 'Error: …' in red in place of the form for a wrong password, and Try again brings it back", async () => {
    mockApi({
      'GET /api/settings': settingsOff,
      'POST /api/auth/sign-in/email': () =>
        authErrorResponse(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'),
    });
    renderLogin('/order');

    fill(RIDER, 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`Error: ${authErrorTexts.invalidCredentials}`);
    expect(screen.getByText(`Error: ${authErrorTexts.invalidCredentials}`).className).toContain(
      'text-red-700',
    );
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log In' })).toBeNull();
    // A wrong password is not an expired session: still on /login, nothing stored.
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(window.localStorage.getItem('accessToken')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(RIDER);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
  });

  it.each([
    [
      'an unknown user',
      () => authErrorResponse(401, 'USER_NOT_FOUND', 'User not found'),
      authErrorTexts.invalidCredentials,
    ],
    [
      'too many attempts',
      () => authErrorResponse(429, 'TOO_MANY_REQUESTS', 'Too many requests'),
      authErrorTexts.tooManyRequests,
    ],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), authErrorTexts.network],
  ])("shows a readable 'Error: …' for %s", async (_case, answer, text) => {
    mockApi({ 'GET /api/settings': settingsOff, 'POST /api/auth/sign-in/email': answer });
    renderLogin();

    fill(RIDER, 'pitstop-rider');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));

    expect((await screen.findByRole('alert')).textContent).toContain(`Error: ${text}`);
  });

  it("asks for the email when 'Forgot password?' is pressed with the field empty", async () => {
    const api = mockApi({ 'GET /api/settings': settingsOff });
    renderLogin();

    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));

    expect((await screen.findByRole('status')).textContent).toBe(messages.resetEmailMissing);
    expect(api.callsTo('POST /api/auth/request-password-reset')).toHaveLength(0);
  });

  it("requests the reset mail for the typed email and says 'Please!! Check Your Email'", async () => {
    const api = mockApi({
      'GET /api/settings': settingsOff,
      'POST /api/auth/request-password-reset': () => jsonResponse({ status: true }),
    });
    renderLogin();

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nobody@pitstop.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(messages.resetMailSent));
    const [request] = api.callsTo('POST /api/auth/request-password-reset');
    expect(jsonBodyOf(request?.init)).toEqual({
      email: 'nobody@pitstop.com',
      redirectTo: `${window.location.origin}/reset-password`,
    });
  });

  it('shows Continue with Google only when the server has it configured', async () => {
    mockApi({ 'GET /api/settings': () => jsonResponse({ googleSignIn: true }) });
    renderLogin();
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
  });

  it('offers no Google button when Google is not configured', async () => {
    const api = mockApi({ 'GET /api/settings': settingsOff });
    renderLogin();
    await waitFor(() => expect(api.callsTo('GET /api/settings')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });

  it('keeps where the guard came from when moving on to Register', () => {
    mockApi({ 'GET /api/settings': settingsOff });
    renderWithProviders(<LoginRoute />, {
      route: { pathname: '/login', state: { from: { pathname: '/order', search: '?x=1' } } },
      path: '/login',
      routes: <Route path="/register" element={<p>register</p>} />,
    });

    fireEvent.click(screen.getByRole('link', { name: 'Create an account' }));
    // In the state and in the address, so a reload or a new tab keeps it too.
    expect(screen.getByTestId('location').textContent).toBe('/register?from=%2Forder%3Fx%3D1');
    expect(screen.getByTestId('location-from').textContent).toBe('/order?x=1');
  });

  it('returns to the ?from= path (the checkout) after signing in, with no remembered state', async () => {
    mockApi({
      'GET /api/settings': settingsOff,
      'POST /api/auth/sign-in/email': () =>
        jsonResponse({ token: 's', user: { id: 'u1', email: RIDER, name: 'Riley' }, redirect: false }),
      'PUT /api/user/rider%40pitstop.com': () => jsonResponse({ accessKey: 'k' }),
    });
    renderWithProviders(<LoginRoute />, {
      route: '/login?from=%2Fcheckout',
      path: '/login',
      routes: <Route path="/checkout" element={<h1>Checkout</h1>} />,
    });

    fill(RIDER, 'pitstop-rider');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/checkout');
  });

  it('goes home, not off the site, for a ?from= that is not a path here', async () => {
    mockApi({
      'GET /api/settings': settingsOff,
      'POST /api/auth/sign-in/email': () =>
        jsonResponse({ token: 's', user: { id: 'u1', email: RIDER, name: 'Riley' }, redirect: false }),
      'PUT /api/user/rider%40pitstop.com': () => jsonResponse({ accessKey: 'k' }),
    });
    renderWithProviders(<LoginRoute />, {
      route: `/login?from=${encodeURIComponent('//evil.example/checkout')}`,
      path: '/login',
    });

    fill(RIDER, 'pitstop-rider');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it("keeps 'Forgot password?' in the error panel: one click mails the reset link for the email typed", async () => {
    const api = mockApi({
      'GET /api/settings': settingsOff,
      'POST /api/auth/sign-in/email': () =>
        authErrorResponse(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'),
      'POST /api/auth/request-password-reset': () => jsonResponse({ status: true }),
    });
    renderLogin('/order');

    fill(RIDER, 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`Error: ${authErrorTexts.invalidCredentials}`);
    // The panel stands in for the form (spec §8), with both ways on in it.
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Forgot password?' }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(messages.resetMailSent));
    const [request] = api.callsTo('POST /api/auth/request-password-reset');
    expect(jsonBodyOf(request?.init)).toMatchObject({ email: RIDER });
  });
});
