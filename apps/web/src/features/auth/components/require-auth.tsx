import { Navigate, Outlet, useLocation } from 'react-router';
import { useIsSignedIn } from '@/lib/session';

/**
 * Guard for signed-in screens (spec §2): a signed-out visitor goes to /login, which sends them
 * back here (`state.from`) after logging in or registering.
 */
export function RequireAuth() {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  if (!signedIn) return <Navigate to="/login" state={{ from: location }} replace />;
  return <Outlet />;
}
