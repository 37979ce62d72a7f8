import { Link, useSearchParams } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { QueryError } from '@/components/ui/query-error';
import { useLoadMoreOnScroll } from '@/hooks/use-load-more-on-scroll';
import { useInfiniteParts } from '../api/get-parts';
import { hasFilters, parsePartFilters, toSearchParams, type PartFilters } from '../api/part-filters';
import { PartCard } from './part-card';
import { PartFilterBar } from './part-filter-bar';
import { PartsGrid } from './parts-grid';
import { PartsGridSkeleton } from './parts-grid-skeleton';

/** Cards in the first row or two are likely above the fold on wide screens. */
const EAGER_IMAGES = 3;
/** Two rows of placeholders on wide screens fill the first view while the first page loads. */
const SKELETON_CARDS = 6;

export function showingText(shown: number, total: number): string {
  return `Showing ${shown} of ${total} ${total === 1 ? 'part' : 'parts'}`;
}

/**
 * The whole catalogue, page by page: more parts load as the sentinel nears the viewport, and the
 * "Load more parts" button does the same for keyboards, reduced scrolling, or no observer.
 */
export function PartsCatalogue() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parsePartFilters(searchParams);
  const query = useInfiniteParts(filters);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  const canAutoLoad = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const sentinelRef = useLoadMoreOnScroll<HTMLDivElement>(canAutoLoad, () => void fetchNextPage());

  function changeFilters(next: PartFilters) {
    setSearchParams(toSearchParams(next), { preventScrollReset: true });
  }

  const parts = query.data?.pages.flatMap((page) => page.parts) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;

  let body;
  if (query.isPending) {
    body = <PartsGridSkeleton count={SKELETON_CARDS} />;
  } else if (query.isError && !query.data) {
    body = <QueryError onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else if (parts.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center">
        <p className="text-lg font-medium text-slate-900">No parts match these filters.</p>
        {hasFilters(filters) ? (
          <Link to="/parts" className={buttonStyles('secondary', 'md')} preventScrollReset>
            Clear filters
          </Link>
        ) : null}
      </div>
    );
  } else {
    body = (
      <>
        <PartsGrid>
          {parts.map((part, index) => (
            <li key={part._id}>
              <PartCard part={part} headingLevel={2} eager={index < EAGER_IMAGES} priority={index === 0} />
            </li>
          ))}
        </PartsGrid>
        <div ref={sentinelRef} aria-hidden="true" className="h-px" />
        <div className="flex flex-col items-center gap-4">
          {isFetchNextPageError ? (
            <QueryError
              onRetry={() => void fetchNextPage()}
              retrying={isFetchingNextPage}
              className="w-full"
            />
          ) : hasNextPage ? (
            <button
              type="button"
              className={buttonStyles('secondary', 'lg')}
              onClick={() => void fetchNextPage()}
              disabled={isFetchingNextPage}
            >
              {isFetchingNextPage ? 'Loading more parts…' : 'Load more parts'}
            </button>
          ) : (
            <p className="text-sm text-slate-600">You have reached the end of the catalogue.</p>
          )}
        </div>
      </>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <PartFilterBar filters={filters} onChange={changeFilters} />
      <p role="status" className="min-h-6 text-sm font-medium text-slate-700">
        {query.data ? showingText(parts.length, total) : ''}
      </p>
      {body}
    </div>
  );
}
