import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterSchema } from '@pitstop/core/accounts';
import { buttonStyles } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/text-field';
import { useAppForm } from '@/hooks/use-app-form';
import { useSignUp } from '../api/sign-up';
import { AuthFormWithRetry } from './auth-form-with-retry';

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
  return (
    <AuthFormWithRetry focusOnRetry={() => form.setFocus('email')}>
      {(onError) => (
        <form
          noValidate
          className="flex flex-col gap-5"
          onSubmit={form.handleSubmit((values) => signUp.mutate(values, { onSuccess, onError }))}
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
          <button
            type="submit"
            className={buttonStyles('primary', 'lg', 'w-full')}
            disabled={signUp.isPending}
          >
            {signUp.isPending ? 'Creating your account…' : 'Register'}
          </button>
        </form>
      )}
    </AuthFormWithRetry>
  );
}
