interface NoticeProps {
  /** The text to announce; null keeps the live region mounted but empty. */
  message: string | null;
  className?: string;
}

/**
 * A polite live region for success messages (e.g. 'Make Admin Successfully'). It stays mounted
 * so screen readers announce the text when it arrives.
 */
export function StatusNotice({ message, className = '' }: NoticeProps) {
  return (
    <p
      role="status"
      className={
        message
          ? `rounded-xl border border-green-200 bg-green-50 px-5 py-3 font-medium text-green-900 ${className}`
          : 'sr-only'
      }
    >
      {message ?? ''}
    </p>
  );
}

/** An error the person should read now (a refused delete, a 403). */
export function ErrorNotice({ message, className = '' }: NoticeProps) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className={`rounded-xl border border-red-200 bg-red-50 px-5 py-3 font-medium text-red-900 ${className}`}
    >
      {message}
    </p>
  );
}
