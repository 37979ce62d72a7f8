import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { GoogleButton } from '@/features/auth/components/google-button';
import { RegisterForm } from '@/features/auth/components/register-form';
import { fromSearch, redirectTarget } from '@/features/auth/utils/redirect-target';
import { useDocumentMeta } from '@/hooks/use-document-meta';

const linkClass = 'font-semibold text-red-700 underline decoration-2 underline-offset-4 hover:text-red-800';

/** /register: a new account is signed in at once and returns to where the guard sent it from. */
export function RegisterRoute() {
  useDocumentMeta(
    'Register',
    'Create a Pitstop Parts account to order parts, pay by card and follow your orders.',
  );
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = redirectTarget(location.state, params);

  return (
    <AuthCard title="Register" lead="Create your account. We will email you a link to verify your address.">
      <RegisterForm onSuccess={() => void navigate(target, { replace: true })} />
      <GoogleButton from={target} />
      <p className="text-sm text-slate-700">
        Already have an account?{' '}
        <Link
          to={{ pathname: '/login', search: fromSearch(target) }}
          state={location.state}
          className={linkClass}
        >
          Log In
        </Link>
      </p>
    </AuthCard>
  );
}
