import { useEffect, useRef, type ReactNode } from 'react';
import { shopTexts } from '@pitstop/core/messages';
import { buttonStyles } from '@/components/ui/button-styles';

interface AuthErrorPanelProps {
  /** The readable text; shown as 'Error: {message}' (spec §8). */
  message: string;
  onRetry: () => void;
  /** More ways on from the failure, beside Try again (the login's "Forgot password?"). */
  children?: ReactNode;
}

/**
 * What a sign-in or registration shows in place of its form when it fails, in red, with a way
 * back to the form. Focus moves to the button, since the control that had it is gone.
 */
export function AuthErrorPanel({ message, onRetry, children }: AuthErrorPanelProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    buttonRef.current?.focus();
  }, []);

  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-4 rounded-xl border border-red-200 bg-red-50 p-5"
    >
      <p className="font-medium text-red-700">Error: {message}</p>
      <button ref={buttonRef} type="button" className={buttonStyles('secondary', 'md')} onClick={onRetry}>
        {shopTexts.retry}
      </button>
      {children}
    </div>
  );
}
