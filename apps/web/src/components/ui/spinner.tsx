interface SpinnerProps {
  /** The accessible name and the text announced, e.g. "Loading parts". */
  label: string;
  className?: string;
}

/** A polite loading indicator: a spinning ring plus text for screen readers. */
export function Spinner({ label, className = '' }: SpinnerProps) {
  return (
    <div role="status" aria-label={label} className={`flex items-center justify-center gap-3 ${className}`}>
      <svg
        className="size-6 text-red-700 motion-safe:animate-spin"
        viewBox="0 0 24 24"
        fill="none"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.2" strokeWidth="4" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <span className="text-sm text-slate-600">{label}…</span>
    </div>
  );
}
