import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onUnauthorized } from '@/lib/auth-events';

/** Screens a visitor is never sent back to after signing in. */
const AUTH_SCREENS = new Set(['/login', '/register', '/reset-password', '/auth/callback']);

/**
 * Ends the session in the UI when any API call answers 401 (the api-client has already dropped
 * the token): cached answers belong to the old session, so they go, and the visitor is sent to
 * /login remembering where they were. Mounted once, inside the router.
 */
export function useUnauthorizedRedirect(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  useEffect(
    () =>
      onUnauthorized(() => {
        queryClient.clear();
        const from = AUTH_SCREENS.has(location.pathname) ? undefined : location;
        void navigate('/login', { replace: true, state: from ? { from } : null });
      }),
    [location, navigate, queryClient],
  );
}
