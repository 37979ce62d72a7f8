import type { Review } from '@pitstop/core/reviews';
import { Link } from 'react-router';
import { StarRating } from '@/components/ui/star-rating';
import { imageSources } from '@/lib/responsive-image';
import { mediumDateOf } from '@/lib/date-format';

interface ReviewCardProps {
  review: Review;
  /** Name the reviewed part too (the home page mixes reviews of many parts). */
  showPart?: boolean;
}

/**
 * One customer review. Everything in it was typed by a customer, so it is only ever rendered as
 * text (React escapes it); never as HTML.
 */
export function ReviewCard({ review, showPart = false }: ReviewCardProps) {
  const date = mediumDateOf(review.createdAt);
  return (
    <article className="flex h-full gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- the agreed alt text: it says whose photo this is */}
      <img
        {...imageSources(review.img, 'review')}
        alt={`Photo from ${review.name}`}
        loading="lazy"
        decoding="async"
        className="size-20 shrink-0 rounded-xl bg-slate-100 object-cover sm:size-24"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
          <h3 className="font-semibold break-words text-slate-900">{review.name}</h3>
          {date ? (
            <time dateTime={review.createdAt} className="text-sm text-slate-600">
              {date}
            </time>
          ) : null}
        </div>
        <StarRating rating={review.rating} />
        {showPart && review.partName ? (
          <p className="text-sm text-slate-600">
            on{' '}
            {review.productId ? (
              <Link
                to={`/parts/${encodeURIComponent(review.productId)}`}
                className="font-medium text-slate-900 underline-offset-4 hover:underline"
              >
                {review.partName}
              </Link>
            ) : (
              <span className="font-medium text-slate-900">{review.partName}</span>
            )}
          </p>
        ) : null}
        <p className="leading-relaxed break-words whitespace-pre-line text-slate-700">
          {review.descriptions}
        </p>
      </div>
    </article>
  );
}
