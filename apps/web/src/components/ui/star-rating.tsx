import { shopTexts } from '@pitstop/core/messages';

/** The five-point star every rating draws (20×20 viewBox). */
export const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z';
const MAX_STARS = 5;

function Stars({ className }: { className: string }) {
  return (
    <span className={`flex ${className}`}>
      {Array.from({ length: MAX_STARS }, (_, i) => (
        <svg key={i} viewBox="0 0 20 20" className="size-4 shrink-0" fill="currentColor" aria-hidden="true">
          <path d={STAR_PATH} />
        </svg>
      ))}
    </span>
  );
}

/** Keeps the value inside 0..5 with one decimal, the precision ratings are shown with. */
export function normaliseRating(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  return Math.min(MAX_STARS, Math.max(0, Math.round(rating * 10) / 10));
}

export function formatRating(rating: number): string {
  // "4.5", "4": one decimal at most (String of a value rounded to tenths writes no more).
  return String(normaliseRating(rating));
}

interface StarRatingProps {
  rating: number;
  /**
   * How many reviews the rating averages: shown after the value, e.g. "4.5 (128)", and read out
   * with it. Nothing is shown for zero (a part without reviews shows no stars at all).
   */
  reviewCount?: number | undefined;
  className?: string;
}

/**
 * A static, read-only star display: one image to assistive technology, "Rated 4.5 out of 5"
 * (", 128 reviews" when it averages several).
 */
export function StarRating({ rating, reviewCount, className = '' }: StarRatingProps) {
  const value = normaliseRating(rating);
  const label = `Rated ${formatRating(rating)} out of ${MAX_STARS}${reviewCount ? `, ${shopTexts.reviewCount(reviewCount)}` : ''}`;
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <span role="img" aria-label={label} className="relative inline-flex">
        <Stars className="text-slate-300" />
        <span
          className="absolute inset-y-0 left-0 overflow-hidden"
          style={{ width: `${(value / MAX_STARS) * 100}%` }}
        >
          <Stars className="text-amber-500" />
        </span>
      </span>
      <span className="text-sm text-slate-600" aria-hidden="true">
        {formatRating(rating)}
        {reviewCount ? ` (${reviewCount})` : null}
      </span>
    </div>
  );
}
