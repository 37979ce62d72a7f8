import { useSearchParams } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/**
 * /reset-password?token=… — where the mailed link lands (the server redirects here, with
 * ?error=INVALID_TOKEN instead when the link is stale).
 */
export function ResetPasswordRoute() {
  useDocumentMeta('Reset password', 'Choose a new password for your Pitstop Parts account.');
  const [params] = useSearchParams();
  const token = params.has('error') ? null : params.get('token');

  return (
    <AuthCard title="Reset password" lead="Choose a new password of at least 6 characters.">
      <ResetPasswordForm resetToken={token} />
    </AuthCard>
  );
}
