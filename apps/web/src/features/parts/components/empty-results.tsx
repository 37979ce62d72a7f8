import { Link } from 'react-router';
import { headerSearchTexts } from '@pitstop/core/header-search';
import { searchTexts } from '@pitstop/core/search';
import { buttonStyles } from '@/components/ui/button-styles';
import {
  activeFacetCount,
  clearedFilters,
  hasFilters,
  partsHref,
  withFilters,
  withSearch,
  type PartFilters,
} from '../api/part-filters';

interface EmptyResultsProps {
  filters: PartFilters;
  /** The nearest part name when the text matched nothing ("Did you mean …"). */
  didYouMean: string | null | undefined;
  /** With a bike: how many parts the same search finds for every bike (null: not known). */
  otherBikesTotal: number | null;
}

/**
 * What the catalogue offers when a view lists nothing: a spelling, and, when a bike narrowed the
 * search, the same search for every bike ("6 results for other bikes", one click away) and the
 * text alone across all bikes when other filters narrow it too. "Clear all filters" clears the
 * bike as well. (The status line above says what found nothing.)
 */
export function EmptyResults({ filters, didYouMean, otherBikesTotal }: EmptyResultsProps) {
  const { q, bike } = filters;
  const everyBike = withFilters(filters, { bike: undefined });
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center">
      {q && didYouMean && didYouMean.toLowerCase() !== q.toLowerCase() ? (
        <p className="text-lg text-slate-900">
          {searchTexts.didYouMean}{' '}
          <Link
            to={partsHref(withSearch(filters, didYouMean))}
            className="font-semibold text-red-700 underline"
          >
            {didYouMean}
          </Link>
          ?
        </p>
      ) : null}
      {bike && otherBikesTotal ? (
        <Link to={partsHref(everyBike)} className={buttonStyles('primary', 'md')}>
          {headerSearchTexts.otherBikes(otherBikesTotal)}
        </Link>
      ) : null}
      <div className="flex flex-wrap justify-center gap-3">
        {bike && q && activeFacetCount(filters) > 0 ? (
          <Link to={partsHref({ q })} className={buttonStyles('secondary', 'md')}>
            {headerSearchTexts.searchAllBikes}
          </Link>
        ) : null}
        {bike || hasFilters(filters) ? (
          <Link to={partsHref(clearedFilters(filters))} className={buttonStyles('secondary', 'md')}>
            {searchTexts.clearAll}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
