import { Link, Navigate } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/spinner';
import { authErrorText } from '../api/auth-error';
import { useCompleteOAuthSignIn } from '../api/complete-oauth-sign-in';

interface AuthCallbackProps {
  /** Where to go once signed in (already checked to be a path on this site). */
  to: string;
}

/** Where the browser lands after Google: finish the sign-in, then go on. */
export function AuthCallback({ to }: AuthCallbackProps) {
  const signIn = useCompleteOAuthSignIn();

  if (signIn.isSuccess) return <Navigate to={to} replace />;
  if (signIn.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-4 rounded-xl border border-red-200 bg-red-50 p-5"
      >
        <p className="font-medium text-red-700">Error: {authErrorText(signIn.error)}</p>
        <Link to="/login" className={buttonStyles('secondary', 'md')}>
          Back to Log In
        </Link>
      </div>
    );
  }
  return <Spinner label="Signing you in" className="py-10" />;
}
