import { zodResolver } from '@hookform/resolvers/zod';
import { ResetPasswordSchema } from '@pitstop/core/accounts';
import { authErrorTexts } from '@pitstop/core/messages';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/text-field';
import { useAppForm } from '@/hooks/use-app-form';
import { isApiError } from '@/lib/api-client';
import { authErrorText } from '../api/auth-error';
import { useResetPassword } from '../api/reset-password';
import { AuthErrorPanel } from './auth-error-panel';

function InvalidLink() {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-4 rounded-xl border border-red-200 bg-red-50 p-5"
    >
      <p className="font-medium text-red-700">Error: {authErrorTexts.resetLinkInvalid}</p>
      <p className="text-sm text-slate-700">
        On the Log In screen, type your email and choose “Forgot password?” for a new link.
      </p>
      <Link to="/login" className={buttonStyles('secondary', 'md')}>
        Log In
      </Link>
    </div>
  );
}

interface ResetPasswordFormProps {
  /** The token from the mailed link; null when the link carried none or an error. */
  resetToken: string | null;
}

/** Sets a new password from a reset link (/reset-password?token=…). */
export function ResetPasswordForm({ resetToken }: ResetPasswordFormProps) {
  const form = useAppForm({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const reset = useResetPassword();
  const { errors } = form.formState;

  if (!resetToken) return <InvalidLink />;
  if (reset.isError && isApiError(reset.error) && reset.error.code === 'INVALID_TOKEN')
    return <InvalidLink />;
  if (reset.isError)
    return <AuthErrorPanel message={authErrorText(reset.error)} onRetry={() => reset.reset()} />;
  if (reset.isSuccess) {
    return (
      <div
        role="status"
        className="flex flex-col items-start gap-4 rounded-xl border border-green-200 bg-green-50 p-5"
      >
        <p className="font-medium text-green-900">Your password has been changed. Log in with the new one.</p>
        <Link to="/login" className={buttonStyles('primary', 'md')}>
          Log In
        </Link>
      </div>
    );
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit(({ password }) => reset.mutate({ resetToken, newPassword: password }))}
    >
      <TextField
        label="New password"
        error={errors.password?.message}
        {...form.register('password', { deps: ['confirmPassword'] })}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        label="Confirm new password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
        type="password"
        autoComplete="new-password"
      />
      <button type="submit" className={buttonStyles('primary', 'lg', 'w-full')} disabled={reset.isPending}>
        {reset.isPending ? 'Saving…' : 'Set new password'}
      </button>
    </form>
  );
}
