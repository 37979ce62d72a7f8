import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Vehicle } from '@pitstop/core/fitment';
import { hasMinimum, minimumsTexts } from '@pitstop/core/minimums-texts';
import { formatDollars } from '@pitstop/core/money';
import { WasPrice } from '@/features/price-lists/was-price';
import type { NumberMatch } from '@pitstop/core/part-numbers';
import type { Part } from '@pitstop/core/parts';
import { buttonStyles } from '@/components/ui/button-styles';
import { NumberMatchNote } from '@/components/ui/number-match';
import { StockWords } from '@/components/ui/stock-words';
import { usePreloadImage } from '@/lib/render-context';
import { imageSources } from '@/lib/responsive-image';
import { FitBadge } from './fit-badge';
import { PartRating } from './part-rating';

interface PartCardProps {
  /** With why a search found it, when one of its other numbers matched (a search's results). */
  part: Part & { matchedBy?: NumberMatch | null };
  /** The card title's heading level, so it sits under the section's own heading. */
  headingLevel?: 2 | 3;
  /**
   * The first card of a list: on a wide screen its picture is likely the largest paint, fetched
   * before anything else. On a phone the list starts below the first view, and the picture waits
   * its turn like the others.
   */
  priority?: boolean;
  /** The rider's bike: the card then says whether the part fits it. */
  vehicle?: Vehicle | null;
  /** More actions beside Buy Now (the screen plugs in the cart's "Add to cart"). */
  action?: ReactNode;
}

/** Tailwind's lg: where a list's filters are a sidebar and its first row of cards is in view. */
const WIDE_SCREEN = '(min-width: 1024px)';

export function partPath(id: string): string {
  return `/parts/${encodeURIComponent(id)}`;
}

/**
 * One part in a grid: picture, name, seller, whether it fits the rider's bike, price, stock in
 * words (never the count: that is for admins), the minimum order when above 1, description,
 * rating, Buy Now and whatever action the screen adds (Add to cart).
 */
export function PartCard({
  part,
  headingLevel = 2,
  priority = false,
  vehicle = null,
  action = null,
}: PartCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const sources = imageSources(part.img, 'card');
  // On a wide screen the first card's picture is the largest a list page shows above the fold.
  usePreloadImage(priority ? { ...sources, media: WIDE_SCREEN } : null);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <img
        {...sources}
        alt={part.name}
        // Lazy even for the first card: on a wide screen its preload has fetched it already, and
        // on a phone the list starts out of view.
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-col gap-1">
          <Heading className="text-lg font-semibold leading-snug text-slate-900">{part.name}</Heading>
          <NumberMatchNote match={part.matchedBy} className="text-sm font-semibold text-red-800" />
          <p className="text-sm text-slate-600">
            <span className="sr-only">Seller: </span>
            {part.seller}
          </p>
        </div>
        {vehicle ? <FitBadge part={part} vehicle={vehicle} className="self-start" /> : null}
        <PartRating part={part} />
        <p className="line-clamp-3 text-sm leading-relaxed text-slate-600">{part.description}</p>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-3 pt-2">
          <div>
            <p className="text-2xl font-bold tracking-tight text-slate-900">
              {formatDollars(part.price)} <WasPrice part={part} className="text-base" />
            </p>
            <p>
              <StockWords part={part} />
            </p>
            {hasMinimum(part) ? (
              <p className="text-sm text-slate-600">{minimumsTexts.minimumOrder(part.minquantity)}</p>
            ) : null}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            {action}
            {/* Named after the part, so a list of cards is not a list of identical "Buy Now" links. */}
            <Link
              to={partPath(part._id)}
              className={buttonStyles('primary', 'md')}
              aria-label={`Buy Now: ${part.name}`}
            >
              Buy Now
            </Link>
          </div>
        </div>
      </div>
    </article>
  );
}
