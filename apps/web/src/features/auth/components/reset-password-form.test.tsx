import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authErrorTexts, messages } from '@pitstop/core/messages';
import { authErrorResponse } from '@/testing/account-factory';
import { authorizationOf, mockApi } from '@/testing/api';
import { errorTextFor, jsonBodyOf } from '@/testing/form';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { ResetPasswordForm } from './reset-password-form';

function fill(password: string, confirmPassword: string) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirmPassword } });
  fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('ResetPasswordForm', () => {
  it('explains a link without a token and points to Log In', () => {
    renderWithProviders(<ResetPasswordForm resetToken={null} />);

    expect(screen.getByRole('alert').textContent).toContain(`Error: ${authErrorTexts.resetLinkInvalid}`);
    expect(screen.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('applies the registration password rules', async () => {
    const api = mockApi({});
    renderWithProviders(<ResetPasswordForm resetToken="reset-1" />);

    fill('12345', '12345');
    await waitFor(() =>
      expect(errorTextFor(screen.getByLabelText('New password'))).toBe(messages.registerPasswordTooShort),
    );

    fill('secret1', 'secret2');
    await waitFor(() =>
      expect(errorTextFor(screen.getByLabelText('Confirm new password'))).toBe(messages.passwordMismatch),
    );
    expect(api.spy).not.toHaveBeenCalled();
  });

  it('sets the new password with the token from the link, then offers Log In', async () => {
    window.localStorage.setItem('accessToken', 'someone-elses-key');
    const api = mockApi({ 'POST /api/auth/reset-password': () => jsonResponse({ status: true }) });
    renderWithProviders(<ResetPasswordForm resetToken="reset-1" />);

    fill('new-secret', 'new-secret');

    expect((await screen.findByRole('status')).textContent).toContain('Your password has been changed');
    expect(screen.getByRole('link', { name: 'Log In' })).toBeTruthy();
    const [request] = api.callsTo('POST /api/auth/reset-password');
    expect(jsonBodyOf(request?.init)).toEqual({ newPassword: 'new-secret', token: 'reset-1' });
    expect(authorizationOf(request?.init)).toBeNull();
  });

  it('says the link is invalid when the server refuses the token', async () => {
    mockApi({
      'POST /api/auth/reset-password': () => authErrorResponse(400, 'INVALID_TOKEN', 'Invalid token'),
    });
    renderWithProviders(<ResetPasswordForm resetToken="stale" />);

    fill('new-secret', 'new-secret');

    expect((await screen.findByRole('alert')).textContent).toContain(
      `Error: ${authErrorTexts.resetLinkInvalid}`,
    );
  });
});
