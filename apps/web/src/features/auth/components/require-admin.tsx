import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/current-user';
import { signOut } from '@/lib/sign-out';
import { useAdminCheck } from '../api/check-admin';

const CHECKING = 'Checking access';

/** Not an admin (spec §4): sign out, as Logout does, and go to /login. */
function SignOutToLogin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    // Leave first, so the sign-in guard around this screen doesn't remember it as `from`.
    void navigate('/login', { replace: true });
    void signOut(queryClient);
  }, [navigate, queryClient]);
  return <Spinner label={CHECKING} className="py-16" />;
}

/**
 * Guard for admin screens: asks GET /api/admin/:email, shows a spinner while it is pending, and
 * signs out a user who is not an admin (or whose check fails). The server enforces the role on
 * every admin call as well; this only keeps the screens away.
 */
export function RequireAdmin() {
  const user = useCurrentUser();
  const admin = useAdminCheck(user.data?.email);

  if (!user.isSignedIn || user.isError || admin.isError || admin.data?.admin === false) {
    return <SignOutToLogin />;
  }
  if (admin.data?.admin) return <Outlet />;
  return <Spinner label={CHECKING} className="py-16" />;
}
