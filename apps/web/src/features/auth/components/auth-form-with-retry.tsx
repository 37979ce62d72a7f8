import { useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { authErrorText } from '../api/auth-error';
import { AuthErrorPanel } from './auth-error-panel';

interface AuthFormWithRetryProps {
  /** Puts the focus back in the form once Try again has brought it back. */
  focusOnRetry: () => void;
  /** The form; it hands its submit's failure to `onError`. */
  children: (onError: (error: unknown) => void) => ReactNode;
  /** Shown in the error panel under Try again (the login keeps "Forgot password?" one click away). */
  panelExtra?: ReactNode;
}

/**
 * A sign-in or registration form that a failure replaces with the error panel (spec §8) until
 * Try again. The failure is kept here rather than read from the mutation so Try again can
 * bring the form back at once; the form's values live in its own useForm, above this.
 */
export function AuthFormWithRetry({ focusOnRetry, children, panelExtra }: AuthFormWithRetryProps) {
  // Boxed, so any thrown value (even null) counts as a failure.
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);

  if (failure !== null) {
    return (
      <AuthErrorPanel
        message={authErrorText(failure.error)}
        onRetry={() => {
          // Render the form again first, so there is a field to put the focus back on.
          flushSync(() => setFailure(null));
          focusOnRetry();
        }}
      >
        {panelExtra}
      </AuthErrorPanel>
    );
  }
  return children((error) => setFailure({ error }));
}
