import { useId } from 'react';
import { STAR_PATH } from '@/components/ui/star-rating';

const STARS = [1, 2, 3, 4, 5] as const;

export function starLabel(n: number): string {
  return `${n} ${n === 1 ? 'star' : 'stars'}`;
}

interface RatingInputProps {
  name: string;
  /** The chosen rating, 1–5; 0 while none is chosen. */
  value: number;
  onChange: (value: number) => void;
  onBlur?: () => void;
  error?: string | undefined;
}

/**
 * A 1–5 star rating control: a radio group named "Rating" whose five radios ("1 star" … "5
 * stars") are drawn as stars. The radios stay real inputs, so arrow keys, forms and screen
 * readers work as they do for any radio group.
 */
export function RatingInput({ name, value, onChange, onBlur, error }: RatingInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-semibold text-slate-800">Rating</legend>
      <div className="flex flex-wrap items-center gap-1">
        {STARS.map((n) => (
          <label
            key={n}
            className="relative cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-red-600"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              onBlur={onBlur}
              className="sr-only"
            />
            <svg
              viewBox="0 0 20 20"
              fill="currentColor"
              aria-hidden="true"
              className={`size-9 transition-colors ${n <= value ? 'text-amber-500' : 'text-slate-300 hover:text-amber-300'}`}
            >
              <path d={STAR_PATH} />
            </svg>
            <span className="sr-only">{starLabel(n)}</span>
          </label>
        ))}
        <span className="ml-2 whitespace-nowrap text-sm text-slate-600" aria-hidden="true">
          {value > 0 ? `${value} of 5` : 'Not rated yet'}
        </span>
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
