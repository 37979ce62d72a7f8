import { shopTexts } from '@pitstop/core/messages';
import type { Part } from '@pitstop/core/parts';
import { StarRating } from '@/components/ui/star-rating';

interface PartRatingProps {
  part: Pick<Part, 'ratings' | 'reviewCount'>;
  className?: string;
}

/**
 * A part's rating as customers gave it: the average of its reviews in stars with how many there
 * are, or "No reviews yet". Never stars without reviews (docs/decisions/011-honest-ratings.md).
 */
export function PartRating({ part, className = '' }: PartRatingProps) {
  if (part.reviewCount === 0) {
    return <p className={`text-sm text-slate-600 ${className}`}>{shopTexts.noReviewsYet}</p>;
  }
  return <StarRating rating={part.ratings} reviewCount={part.reviewCount} className={className} />;
}
