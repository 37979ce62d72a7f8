import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/api';
import { jsonBodyOf } from '@/testing/form';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { GoogleButton } from './google-button';

describe('GoogleButton', () => {
  it('starts Google sign-in with a callback that returns to `from`, and follows the answer', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const api = mockApi({
      'GET /api/settings': () => jsonResponse({ googleSignIn: true }),
      'POST /api/auth/sign-in/social': () =>
        jsonResponse({ url: 'https://accounts.google.com/o/oauth2/auth?x=1', redirect: true }),
    });
    renderWithProviders(<GoogleButton from="/parts/abc?tab=fit" />);

    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/auth?x=1'));
    const origin = window.location.origin;
    expect(jsonBodyOf(api.callsTo('POST /api/auth/sign-in/social')[0]?.init)).toEqual({
      provider: 'google',
      callbackURL: `${origin}/auth/callback?from=${encodeURIComponent('/parts/abc?tab=fit')}`,
      // A sign-in Google did not finish comes back to /login still knowing where to go after.
      errorCallbackURL: `${origin}/login?error=google&from=${encodeURIComponent('/parts/abc?tab=fit')}`,
    });
    expect(screen.getByRole('button', { name: 'Redirecting to Google…' }).hasAttribute('disabled')).toBe(
      true,
    );
  });
});
