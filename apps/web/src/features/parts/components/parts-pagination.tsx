import { Link } from 'react-router';
import { searchTexts } from '@pitstop/core/search';

export type PageItem = number | 'gap';

/**
 * The page numbers to show: the first, the last, and the current one with a neighbour each side;
 * a gap of one page shows that page instead of an ellipsis. `pageItems(6, 20)` → 1 … 5 6 7 … 20.
 */
export function pageItems(current: number, last: number): PageItem[] {
  const wanted = new Set([1, last, current - 1, current, current + 1]);
  const pages = [...wanted].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const page of pages) {
    const previous = items.at(-1);
    if (typeof previous === 'number' && page - previous === 2) items.push(previous + 1);
    else if (typeof previous === 'number' && page - previous > 2) items.push('gap');
    items.push(page);
  }
  return items;
}

interface PartsPaginationProps {
  /** The address of page `n` of this view. */
  hrefFor: (page: number) => string;
  page: number;
  lastPage: number;
  /** Called as a page link is followed, to bring the top of the results into view. */
  onNavigate: () => void;
}

const itemClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border px-3 text-sm font-semibold';
const linkClass = `${itemClass} border-slate-300 bg-white text-slate-900 hover:border-slate-400 hover:bg-slate-50`;
const disabledClass = `${itemClass} border-slate-200 text-slate-400`;

/**
 * Previous, numbered pages and Next, as real links: each page has an address to share or open in
 * a new tab, and Tab plus Enter moves through them.
 */
export function PartsPagination({ hrefFor: hrefOf, page, lastPage, onNavigate }: PartsPaginationProps) {
  if (lastPage <= 1) return null;

  return (
    <nav aria-label={searchTexts.pages}>
      <ul className="flex flex-wrap items-center justify-center gap-1 sm:gap-2">
        <li>
          {page > 1 ? (
            <Link to={hrefOf(page - 1)} rel="prev" className={linkClass} onClick={onNavigate}>
              {searchTexts.previous}
            </Link>
          ) : (
            <span aria-disabled="true" className={disabledClass}>
              {searchTexts.previous}
            </span>
          )}
        </li>
        {pageItems(page, lastPage).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefOf(item)}
                aria-label={searchTexts.page(item)}
                aria-current={item === page ? 'page' : undefined}
                onClick={onNavigate}
                className={item === page ? `${itemClass} border-red-700 bg-red-700 text-white` : linkClass}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < lastPage ? (
            <Link to={hrefOf(page + 1)} rel="next" className={linkClass} onClick={onNavigate}>
              {searchTexts.next}
            </Link>
          ) : (
            <span aria-disabled="true" className={disabledClass}>
              {searchTexts.next}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
