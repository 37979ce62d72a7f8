import { messages } from '@pitstop/core/messages';
import type { Part } from '@pitstop/core/parts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { ErrorNotice, StatusNotice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { problemText } from '@/lib/error-text';
import { useDeletePart } from '../api/delete-part';
import { useCatalogue } from '../api/get-catalogue';
import { isLowStock } from '@pitstop/core/catalogue';
import { CatalogueTable } from './catalogue-table';

interface ManageCatalogueProps {
  newHref: string;
  editHref: (id: string) => string;
  /** A message from the screen that sent us here (e.g. "Part added"). */
  initialNotice?: string | null;
}

/** Catalogue management (admins): every part, a low-stock view (?stock=low), Add, Edit, Delete. */
export function ManageCatalogue({ newHref, editHref, initialNotice = null }: ManageCatalogueProps) {
  const catalogue = useCatalogue();
  const deletion = useDeletePart();
  const [search, setSearch] = useSearchParams();
  const lowOnly = search.get('stock') === 'low';
  const [notice, setNotice] = useState<string | null>(initialNotice);
  const [error, setError] = useState<string | null>(null);

  function setLowOnly(low: boolean) {
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (low) next.set('stock', 'low');
        else next.delete('stock');
        return next;
      },
      { replace: true },
    );
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

  const all = catalogue.data ?? [];
  const shown = lowOnly ? all.filter(isLowStock) : all;

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

      <StatusNotice message={notice} />
      <ErrorNotice message={error} />

      {catalogue.isPending ? (
        <Spinner label="Loading the catalogue" className="py-16" />
      ) : catalogue.isError ? (
        <QueryError onRetry={() => void catalogue.refetch()} retrying={catalogue.isFetching} />
      ) : shown.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-lg text-slate-700">
          {lowOnly ? 'No part is low on stock.' : 'The catalogue is empty.'}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {lowOnly ? `${shown.length} of ${all.length} parts are low on stock` : `${all.length} parts`}
          </p>
          <CatalogueTable parts={shown} editHref={editHref} onDelete={remove} />
        </>
      )}
    </div>
  );
}
