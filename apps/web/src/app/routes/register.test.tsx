import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authErrorTexts, messages } from '@pitstop/core/messages';
import { authErrorResponse } from '@/testing/account-factory';
import { authorizationOf, mockApi } from '@/testing/api';
import { errorTextFor, jsonBodyOf } from '@/testing/form';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { RegisterRoute } from './register';

const settingsOff = () => jsonResponse({ googleSignIn: false });

function renderRegister() {
  return renderWithProviders(<RegisterRoute />, { route: '/register', path: '/register' });
}

const field = (label: string) => screen.getByLabelText(label);

function fill(values: { name?: string; email?: string; password?: string; confirmPassword?: string }) {
  if (values.name !== undefined) fireEvent.change(field('Name'), { target: { value: values.name } });
  if (values.email !== undefined) fireEvent.change(field('Email'), { target: { value: values.email } });
  if (values.password !== undefined)
    fireEvent.change(field('Password'), { target: { value: values.password } });
  if (values.confirmPassword !== undefined)
    fireEvent.change(field('Confirm password'), { target: { value: values.confirmPassword } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Register' }));

describe('RegisterRoute', () => {
  it('shows each required message under its own field', async () => {
    const api = mockApi({ 'GET /api/settings': settingsOff });
    renderRegister();

    submit();

    // textContent, so the catalogue's leading space in ' Name is Required' is checked too.
    await waitFor(() => expect(errorTextFor(field('Name'))).toBe(messages.nameRequired));
    expect(errorTextFor(field('Email'))).toBe(messages.emailRequired);
    expect(errorTextFor(field('Password'))).toBe(messages.passwordRequired);
    expect(errorTextFor(field('Confirm password'))).toBe(messages.passwordRequired);
    expect(api.callsTo('POST /api/auth/sign-up/email')).toHaveLength(0);
  });

  it("says 'Provide a Valid Email' for an address outside the shop's pattern", async () => {
    mockApi({ 'GET /api/settings': settingsOff });
    renderRegister();

    fill({
      name: 'Riley',
      email: 'riley.rider@pitstop.com',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    submit();

    await waitFor(() => expect(errorTextFor(field('Email'))).toBe(messages.emailInvalid));
    expect(errorTextFor(field('Name'))).toBeNull();
  });

  it("says 'Password must be 6 Character' for a short password", async () => {
    mockApi({ 'GET /api/settings': settingsOff });
    renderRegister();

    fill({ name: 'Riley', email: 'riley@pitstop.com', password: '12345', confirmPassword: '12345' });
    submit();

    await waitFor(() => expect(errorTextFor(field('Password'))).toBe(messages.registerPasswordTooShort));
    expect(errorTextFor(field('Confirm password'))).toBe(messages.registerPasswordTooShort);
  });

  it("says 'You Password did not match' under the confirmation when the two differ", async () => {
    mockApi({ 'GET /api/settings': settingsOff });
    renderRegister();

    fill({ name: 'Riley', email: 'riley@pitstop.com', password: 'secret1', confirmPassword: 'secret2' });
    submit();

    await waitFor(() => expect(errorTextFor(field('Confirm password'))).toBe(messages.passwordMismatch));
    expect(errorTextFor(field('Password'))).toBeNull();

    // Fixing the confirmation clears it at once (validation on change after the first submit).
    fireEvent.change(field('Confirm password'), { target: { value: 'secret1' } });
    await waitFor(() => expect(errorTextFor(field('Confirm password'))).toBeNull());
  });

  it('registers, exchanges the new session for the access key and stores it', async () => {
    const api = mockApi({
      'GET /api/settings': settingsOff,
      'POST /api/auth/sign-up/email': () =>
        jsonResponse({ token: 'new-session', user: { id: 'u9', email: 'riley@pitstop.com', name: 'Riley' } }),
      'PUT /api/user/riley%40pitstop.com': () => jsonResponse({ accessKey: 'new-key' }),
    });
    renderRegister();

    fill({ name: 'Riley', email: 'riley@pitstop.com', password: 'secret1', confirmPassword: 'secret1' });
    submit();

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(window.localStorage.getItem('accessToken')).toBe('new-key');
    const [signUp] = api.callsTo('POST /api/auth/sign-up/email');
    expect(jsonBodyOf(signUp?.init)).toEqual({
      name: 'Riley',
      email: 'riley@pitstop.com',
      password: 'secret1',
      callbackURL: '/',
    });
    expect(authorizationOf(api.callsTo('PUT /api/user/riley%40pitstop.com')[0]?.init)).toBe(
      'Bearer new-session',
    );
  });

  it("shows 'Error: …' in place of the form when the email is already registered", async () => {
    mockApi({
      'GET /api/settings': settingsOff,
      'POST /api/auth/sign-up/email': () =>
        authErrorResponse(422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'User already exists.'),
    });
    renderRegister();

    fill({ name: 'Riley', email: 'rider@pitstop.com', password: 'secret1', confirmPassword: 'secret1' });
    submit();

    expect((await screen.findByRole('alert')).textContent).toContain(`Error: ${authErrorTexts.emailInUse}`);
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((field('Email') as HTMLInputElement).value).toBe('rider@pitstop.com');
    await waitFor(() => expect(document.activeElement).toBe(field('Email')));
  });

  it('returns to the checkout after registering when sent with ?from=/checkout, and passes it on to Log In', async () => {
    mockApi({
      'GET /api/settings': settingsOff,
      'POST /api/auth/sign-up/email': () =>
        jsonResponse({ token: 'new-session', user: { id: 'u9', email: 'riley@pitstop.com', name: 'Riley' } }),
      'PUT /api/user/riley%40pitstop.com': () => jsonResponse({ accessKey: 'new-key' }),
    });
    renderWithProviders(<RegisterRoute />, {
      route: '/register?from=%2Fcheckout',
      path: '/register',
    });
    expect(screen.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login?from=%2Fcheckout');

    fill({ name: 'Riley', email: 'riley@pitstop.com', password: 'secret1', confirmPassword: 'secret1' });
    submit();

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/checkout'));
  });
});
