import { zodResolver } from '@hookform/resolvers/zod';
import { LoginSchema } from '@pitstop/core/accounts';
import { buttonStyles } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/text-field';
import { useAppForm } from '@/hooks/use-app-form';
import { useSignIn } from '../api/sign-in';
import { AuthFormWithRetry } from './auth-form-with-retry';
import { ForgotPassword } from './forgot-password';

interface LoginFormProps {
  /** Called once the access token is stored. */
  onSuccess: () => void;
}

/**
 * Email and password sign-in with the spec's rules (§5); a failure replaces the form (§8) with a
 * panel that keeps the way back one click away: Try again (the form, its email kept) and "Forgot
 * password?" for the email typed (issue #28).
 */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const form = useAppForm({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const signIn = useSignIn();
  const { errors } = form.formState;
  return (
    <AuthFormWithRetry
      focusOnRetry={() => form.setFocus('password')}
      panelExtra={<ForgotPassword getEmail={() => form.getValues('email')} />}
    >
      {(onError) => (
        <form
          noValidate
          className="flex flex-col gap-5"
          onSubmit={form.handleSubmit((values) => signIn.mutate(values, { onSuccess, onError }))}
        >
          <TextField
            label="Email"
            error={errors.email?.message}
            {...form.register('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
          />
          <TextField
            label="Password"
            error={errors.password?.message}
            {...form.register('password')}
            type="password"
            autoComplete="current-password"
          />
          <ForgotPassword getEmail={() => form.getValues('email')} />
          <button
            type="submit"
            className={buttonStyles('primary', 'lg', 'w-full')}
            disabled={signIn.isPending}
          >
            {signIn.isPending ? 'Logging in…' : 'Log In'}
          </button>
        </form>
      )}
    </AuthFormWithRetry>
  );
}
