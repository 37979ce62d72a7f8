import { authErrorTexts } from '@pitstop/core/messages';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { GoogleButton } from '@/features/auth/components/google-button';
import { LoginForm } from '@/features/auth/components/login-form';
import { fromSearch, redirectTarget } from '@/features/auth/utils/redirect-target';
import { useDocumentMeta } from '@/hooks/use-document-meta';

const linkClass = 'font-semibold text-red-700 underline decoration-2 underline-offset-4 hover:text-red-800';

/**
 * /login: back to where the visitor was sent from (the guard's state, or `?from=`; home without
 * either) once signed in, registered or through Google.
 */
export function LoginRoute() {
  useDocumentMeta('Log In', 'Log in to Pitstop Parts to order parts, pay by card and follow your orders.');
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = redirectTarget(location.state, params);

  return (
    <AuthCard title="Log In" lead="Welcome back. Log in to order parts and follow your orders.">
      {/* Google sends the browser back here with ?error=… when its sign-in did not finish. */}
      {params.has('error') ? (
        <p role="alert" className="font-medium text-red-700">
          Error: {authErrorTexts.generic}
        </p>
      ) : null}
      <LoginForm onSuccess={() => void navigate(target, { replace: true })} />
      <GoogleButton from={target} />
      <p className="text-sm text-slate-700">
        New to Pitstop Parts?{' '}
        <Link
          to={{ pathname: '/register', search: fromSearch(target) }}
          state={location.state}
          className={linkClass}
        >
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
