import { messages } from '@pitstop/core/messages';
import type { Part } from '@pitstop/core/parts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { ErrorNotice, StatusNotice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { problemText } from '@/lib/error-text';
import { useDeletePart } from '../api/delete-part';
import { CATALOGUE_PAGE_SIZE, useCataloguePage } from '../api/get-catalogue';
import { CatalogueTable } from './catalogue-table';
import { PartsPagination } from './parts-pagination';

interface ManageCatalogueProps {
  newHref: string;
  editHref: (id: string) => string;
  /** A message from the screen that sent us here (e.g. "Part added"). */
  initialNotice?: string | null;
}

/** The table's view in the address: `?q=…&stock=low&page=2`; empty values left out. */
function viewHref(q: string, low: boolean, page: number): string {
  const next = new URLSearchParams();
  if (q) next.set('q', q);
  if (low) next.set('stock', 'low');
  if (page > 1) next.set('page', String(page));
  const query = next.toString();
  return query ? `?${query}` : '?';
}

/**
 * Catalogue management (admins): the parts a page at a time, newest first, with a search and a
 * low-stock view (?stock=low); Add, Edit, Delete. The server searches, filters and counts.
 */
export function ManageCatalogue({ newHref, editHref, initialNotice = null }: ManageCatalogueProps) {
  const [search, setSearch] = useSearchParams();
  const q = search.get('q')?.trim() ?? '';
  const lowOnly = search.get('stock') === 'low';
  const page = Math.max(1, Math.floor(Number(search.get('page'))) || 1);
  const catalogue = useCataloguePage({ q: q || undefined, low: lowOnly, page });
  const deletion = useDeletePart();
  const [notice, setNotice] = useState<string | null>(initialNotice);
  const [error, setError] = useState<string | null>(null);
  const searchId = useId();
  const tableTop = useRef<HTMLParagraphElement>(null);

  function setLowOnly(low: boolean) {
    setSearch(new URLSearchParams(viewHref(q, low, 1).slice(1)), { replace: true });
  }

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setSearch(new URLSearchParams(viewHref(typed, lowOnly, 1).slice(1)));
  }

  function remove(part: Part) {
    if (!window.confirm(messages.confirmDelete)) return;
    setNotice(null);
    setError(null);
    deletion.mutate(part, {
      onSuccess: () => setNotice(`${part.name} was deleted. Orders keep their copy.`),
      onError: (e) => setError(`${part.name} could not be deleted. ${problemText(e, 'Please try again.')}`),
    });
  }

  const shown = catalogue.data?.parts ?? [];
  const total = catalogue.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));
  const first = (page - 1) * CATALOGUE_PAGE_SIZE + 1;
  const counted = lowOnly ? `${total} parts are low on stock` : `${total} parts`;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Show</legend>
          <button
            type="button"
            aria-pressed={!lowOnly}
            className={buttonStyles(lowOnly ? 'secondary' : 'primary', 'md')}
            onClick={() => setLowOnly(false)}
          >
            All parts
          </button>
          <button
            type="button"
            aria-pressed={lowOnly}
            className={buttonStyles(lowOnly ? 'primary' : 'secondary', 'md')}
            onClick={() => setLowOnly(true)}
          >
            Low stock
          </button>
        </fieldset>
        <Link to={newHref} className={buttonStyles('primary', 'md')}>
          Add part
        </Link>
      </div>

      <form
        role="search"
        aria-label="Search the catalogue"
        onSubmit={submitSearch}
        className="flex flex-col gap-2 sm:flex-row"
      >
        <label htmlFor={searchId} className="sr-only">
          Search the catalogue
        </label>
        <input
          // A new address (Back, a cleared search) shows its own text.
          key={q}
          id={searchId}
          name="q"
          type="search"
          defaultValue={q}
          maxLength={80}
          placeholder="Name, part number or brand"
          className="min-h-11 w-full max-w-md rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm sm:text-sm"
        />
        <button type="submit" className={buttonStyles('secondary', 'md')}>
          Search
        </button>
      </form>

      <StatusNotice message={notice} />
      <ErrorNotice message={error} />

      {catalogue.isPending ? (
        <Spinner label="Loading the catalogue" className="py-16" />
      ) : catalogue.isError ? (
        <QueryError onRetry={() => void catalogue.refetch()} retrying={catalogue.isFetching} />
      ) : shown.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-lg text-slate-700">
          {q ? `No part matches “${q}”.` : lowOnly ? 'No part is low on stock.' : 'The catalogue is empty.'}
        </p>
      ) : (
        <>
          <p ref={tableTop} tabIndex={-1} className="text-sm text-slate-700 outline-none" aria-live="polite">
            {lastPage > 1 ? `${counted}; showing ${first}–${first + shown.length - 1}` : counted}
            {q ? ` matching “${q}”` : ''}
          </p>
          <CatalogueTable parts={shown} editHref={editHref} onDelete={remove} />
          <PartsPagination
            hrefFor={(n) => viewHref(q, lowOnly, n)}
            page={page}
            lastPage={lastPage}
            onNavigate={() => tableTop.current?.focus({ preventScroll: false })}
          />
        </>
      )}
    </div>
  );
}
