import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterSchema } from '@pitstop/core/accounts';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { buttonStyles } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/text-field';
import { useAppForm } from '@/hooks/use-app-form';
import { authErrorText } from '../api/auth-error';
import { useSignUp } from '../api/sign-up';
import { AuthErrorPanel } from './auth-error-panel';

interface RegisterFormProps {
  /** Called once the new account is signed in and its access token stored. */
  onSuccess: () => void;
}

/** Registration: name, email, password and its confirmation, with the spec's rules (§5). */
export function RegisterForm({ onSuccess }: RegisterFormProps) {
  const form = useAppForm({
    resolver: zodResolver(RegisterSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const signUp = useSignUp();
  const { errors } = form.formState;
  // Kept here rather than read from the mutation so Try again can bring the form back at once.
  const [failure, setFailure] = useState<unknown>(null);

  if (failure !== null) {
    return (
      <AuthErrorPanel
        message={authErrorText(failure)}
        onRetry={() => {
          flushSync(() => setFailure(null));
          form.setFocus('email');
        }}
      />
    );
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit((values) => signUp.mutate(values, { onSuccess, onError: setFailure }))}
    >
      <TextField
        label="Name"
        error={errors.name?.message}
        {...form.register('name')}
        type="text"
        autoComplete="name"
      />
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
        {...form.register('password', { deps: ['confirmPassword'] })}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        label="Confirm password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
        type="password"
        autoComplete="new-password"
      />
      <button type="submit" className={buttonStyles('primary', 'lg', 'w-full')} disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating your account…' : 'Register'}
      </button>
    </form>
  );
}
