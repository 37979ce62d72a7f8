import { startTransition, useId, useRef, useState, type ReactNode, useOptimistic } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PARTS_WEB_PAGE } from '@pitstop/core/catalogue';
import type { Vehicle } from '@pitstop/core/fitment';
import { headerSearchTexts } from '@pitstop/core/header-search';
import type { Part } from '@pitstop/core/parts';
import { PART_SORTS, SORT_LABELS, searchTexts, type PartSort } from '@pitstop/core/search';
import { buttonStyles } from '@/components/ui/button-styles';
import { QueryError } from '@/components/ui/query-error';
import { useEarlyInput } from '@/hooks/use-early-input';
import { usePartFacets } from '../api/get-facets';
import { usePartsPage } from '../api/get-parts-page';
import {
  activeFacetCount,
  currentPartFilters,
  facetFiltersOf,
  maxPage,
  parsePartFilters,
  partsHref,
  toSearchParams,
  withFilters,
  type PartFilters,
} from '../api/part-filters';
import { EmptyResults } from './empty-results';
import { PartCard } from './part-card';
import { PartFacetsPanel } from './part-facets';
import { PartsGrid } from './parts-grid';
import { PartsGridSkeleton } from './parts-grid-skeleton';
import { PartsPagination } from './parts-pagination';

/** Cards in the first row or two are likely above the fold on wide screens. */
/** Two rows of placeholders on wide screens fill the first view while the first page loads. */
const SKELETON_CARDS = 6;

interface PartsCatalogueProps {
  /** The rider's bike, for the fit badge on every card; the route decides which bike that is. */
  vehicle?: Vehicle | null;
  /** An action for each card beside Buy Now (the route plugs in "Add to cart"). */
  renderPartAction?: (part: Part) => ReactNode;
}

/**
 * The /parts search page: bike, facets, sort and numbered pages, all read from and written to the
 * URL (its search box is the one in the site header). Every change is a new history entry, so
 * Back restores the previous view.
 */
export function PartsCatalogue({ vehicle = null, renderPartAction }: PartsCatalogueProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parsePartFilters(searchParams);
  const page = filters.page ?? 1;
  const query = usePartsPage(filters);
  const facetsQuery = usePartFacets(facetFiltersOf(filters));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const id = useId();
  const statusRef = useRef<HTMLParagraphElement>(null);

  function go(next: PartFilters) {
    const search = toSearchParams(next);
    // The same view again (Enter on an unchanged search) is no new history entry. Compared with
    // the address as it is now, not as this render saw it: a price box's blur and the Apply click
    // that caused it both land before React renders again, and must not push the view twice.
    const current = toSearchParams(currentPartFilters());
    if (search.toString() === current.toString()) return;
    setSearchParams(search, { preventScrollReset: true });
  }

  /** A page link was followed: bring the top of the results into view and start reading there. */
  function toResultsTop() {
    statusRef.current?.scrollIntoView?.({ block: 'start' });
    statusRef.current?.focus({ preventScroll: true });
  }

  const total = query.data?.total ?? 0;
  const parts = query.data?.parts ?? [];
  const lastPage = Math.min(Math.max(1, Math.ceil(total / PARTS_WEB_PAGE)), maxPage(PARTS_WEB_PAGE));
  // From the page on screen: while the next page loads, the last one (and its range) stays.
  const from = (query.data?.offset ?? 0) + 1;
  const facetCount = activeFacetCount(filters);
  // Facets kept from the previous view would suggest a spelling for the previous search.
  const didYouMean = facetsQuery.isPlaceholderData ? null : facetsQuery.data?.didYouMean;

  // An empty answer kept while the next view loads would name the new search text: wait instead.
  const loading = query.isPending || (query.isPlaceholderData && parts.length === 0);
  let status = '';
  if (!loading && query.data) {
    if (parts.length > 0) status = searchTexts.showing(from, from + parts.length - 1, total);
    else if (total === 0 && filters.bike) status = headerSearchTexts.noPartsForBike(filters.bike, filters.q);
    else if (total === 0) status = filters.q ? searchTexts.noPartsFor(filters.q) : searchTexts.noParts;
  }

  let body: ReactNode;
  if (loading) {
    body = <PartsGridSkeleton count={SKELETON_CARDS} label={searchTexts.loadingParts} />;
  } else if (query.isError) {
    body = <QueryError onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else if (parts.length === 0 && total > 0) {
    body = (
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center">
        <p className="text-lg font-medium text-slate-900">{searchTexts.pastLastPage}</p>
        <Link to={partsHref({ ...filters, page: 1 })} className={buttonStyles('secondary', 'md')}>
          {searchTexts.firstPage}
        </Link>
      </div>
    );
  } else if (parts.length === 0) {
    body = (
      <EmptyResults
        filters={filters}
        didYouMean={didYouMean}
        otherBikesTotal={query.data?.otherBikesTotal ?? null}
      />
    );
  } else {
    body = (
      <div
        aria-busy={query.isPlaceholderData}
        className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}
      >
        <PartsGrid>
          {parts.map((part, index) => (
            <li key={part._id}>
              <PartCard
                part={part}
                vehicle={vehicle}
                headingLevel={2}
                priority={index === 0}
                action={renderPartAction?.(part)}
              />
            </li>
          ))}
        </PartsGrid>
      </div>
    );
  }

  const panelId = `${id}-filters`;

  return (
    <div className="flex flex-col gap-6">
      {filters.bike ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-950">
          <p className="font-medium">{searchTexts.fitsBike(filters.bike)}</p>
          <Link
            to={partsHref(withFilters(filters, { bike: undefined }))}
            aria-label={searchTexts.clearBike(filters.bike)}
            className={buttonStyles('secondary', 'sm')}
          >
            {searchTexts.clearBikeShort}
            <span aria-hidden="true">×</span>
          </Link>
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <aside aria-labelledby={`${id}-filters-heading`} className="flex flex-col gap-3">
          <h2
            id={`${id}-filters-heading`}
            className="sr-only lg:not-sr-only lg:text-lg lg:font-semibold lg:text-slate-900"
          >
            {searchTexts.filters}
          </h2>
          {/* On a phone the facets wait behind this button; on a desktop they are a sidebar. */}
          <button
            type="button"
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen((open) => !open)}
            className={buttonStyles('secondary', 'md', 'w-full lg:hidden')}
          >
            {facetCount > 0 ? searchTexts.filtersActive(facetCount) : searchTexts.filters}
            <span aria-hidden="true">{filtersOpen ? '▴' : '▾'}</span>
          </button>
          <div id={panelId} className={filtersOpen ? 'block' : 'hidden lg:block'}>
            <PartFacetsPanel
              filters={filters}
              facets={facetsQuery.data}
              stale={facetsQuery.isPlaceholderData}
              failed={facetsQuery.isError}
              onRetry={() => void facetsQuery.refetch()}
              onChange={go}
            />
          </div>
        </aside>
        <div className="flex min-w-0 flex-col gap-6">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <p
              ref={statusRef}
              role="status"
              tabIndex={-1}
              className="min-h-6 scroll-mt-24 text-sm font-medium text-slate-700 outline-none"
            >
              {status}
            </p>
            <SortSelect
              value={filters.sort ?? 'relevance'}
              searching={Boolean(filters.q)}
              onChange={(sort) => go(withFilters(filters, { sort }))}
              onEarlyChange={(sort) => go(withFilters(currentPartFilters(), { sort }))}
            />
          </div>
          {body}
          {query.data && parts.length > 0 ? (
            <PartsPagination
              hrefFor={(n) => partsHref({ ...filters, page: n })}
              page={page}
              lastPage={lastPage}
              onNavigate={toResultsTop}
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}

function SortSelect({
  value,
  searching,
  onChange,
  onEarlyChange,
}: {
  value: PartSort;
  searching: boolean;
  onChange: (sort: PartSort) => void;
  /** A sort chosen before the script ran, applied with other such choices. */
  onEarlyChange: (sort: PartSort) => void;
}) {
  const id = useId();
  // Shows the choice at once, while the router renders the new URL in a transition.
  const [shown, setShown] = useOptimistic(value);
  // A sort chosen on the server-rendered page before the script ran.
  const ref = useRef<HTMLSelectElement>(null);
  useEarlyInput(ref, value, (sort) => onEarlyChange(sort as PartSort));
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-slate-700">
        {searchTexts.sortBy}
      </label>
      <select
        ref={ref}
        id={id}
        value={shown}
        onChange={(event) => {
          const sort = event.target.value as PartSort;
          startTransition(() => {
            setShown(sort);
            onChange(sort);
          });
        }}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm hover:border-slate-400"
      >
        {PART_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {/* Without search text "relevance" is the shop's own order. */}
            {sort === 'relevance' && !searching ? searchTexts.sortFeatured : SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
