import { messages } from '@pitstop/core/messages';
import { useState } from 'react';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { authErrorText } from '../api/auth-error';

interface ForgotPasswordProps {
  /** Reads the email typed into the sign-in form at the moment of the click. */
  getEmail: () => string;
}

/**
 * "Forgot password?" (spec §4): without an email it asks for one; with one it requests the
 * reset mail and says to check the inbox. The answer is the same whether or not the address
 * has an account.
 */
export function ForgotPassword({ getEmail }: ForgotPasswordProps) {
  const request = useRequestPasswordReset();
  const [emailMissing, setEmailMissing] = useState(false);

  function onClick() {
    const email = getEmail().trim();
    request.reset();
    setEmailMissing(email === '');
    if (email !== '') request.mutate(email);
  }

  const notice = emailMissing
    ? { text: messages.resetEmailMissing, tone: 'text-red-700' }
    : request.isSuccess
      ? { text: messages.resetMailSent, tone: 'text-green-800' }
      : request.isError
        ? { text: `Error: ${authErrorText(request.error)}`, tone: 'text-red-700' }
        : null;

  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        onClick={onClick}
        disabled={request.isPending}
        className="rounded text-sm font-semibold text-red-700 underline decoration-2 underline-offset-4 hover:text-red-800 disabled:opacity-60"
      >
        {request.isPending ? 'Sending reset link…' : 'Forgot password?'}
      </button>
      <p role="status" className={`min-h-5 text-sm font-medium ${notice?.tone ?? ''}`}>
        {notice?.text}
      </p>
    </div>
  );
}
