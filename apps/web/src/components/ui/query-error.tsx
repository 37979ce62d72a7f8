import { shopTexts } from '@pitstop/core/messages';
import { buttonStyles } from './button-styles';

interface QueryErrorProps {
  onRetry: () => void;
  /** True while the retry is in flight, to keep the button from being pressed twice. */
  retrying?: boolean;
  className?: string;
}

/** The visible error state of a data view: the catalogue text and a "Try again" button. */
export function QueryError({ onRetry, retrying = false, className = '' }: QueryErrorProps) {
  return (
    <div
      role="alert"
      className={`flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900 sm:flex-row sm:items-center sm:justify-between ${className}`}
    >
      <p className="font-medium">{shopTexts.loadFailed}</p>
      <button type="button" className={buttonStyles('secondary', 'md')} onClick={onRetry} disabled={retrying}>
        {shopTexts.retry}
      </button>
    </div>
  );
}
