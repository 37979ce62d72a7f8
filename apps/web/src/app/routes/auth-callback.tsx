import { useSearchParams } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { AuthCallback } from '@/features/auth/components/auth-callback';
import { safeRedirectPath } from '@/features/auth/utils/redirect-target';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /auth/callback?from=… — the end of Google sign-in. */
export function AuthCallbackRoute() {
  useDocumentMeta('Signing in', 'Finishing your sign-in to Pitstop Parts.');
  const [params] = useSearchParams();

  return (
    <AuthCard title="Signing in">
      <AuthCallback to={safeRedirectPath(params.get('from'))} />
    </AuthCard>
  );
}
