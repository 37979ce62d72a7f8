import { useId, type FormEvent } from 'react';
import { BRANDS, CATEGORIES, CATEGORY_LABELS } from '@pitstop/core/catalogue';
import { buttonStyles } from '@/components/ui/button-styles';
import { parsePartFilters, type PartFilters } from '../api/part-filters';

interface PartFilterBarProps {
  filters: PartFilters;
  onChange: (filters: PartFilters) => void;
}

const fieldClass =
  'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm hover:border-slate-400';
const labelClass = 'text-sm font-medium text-slate-700';

/** Search box plus brand and category selects; the URL holds the state, this only edits it. */
export function PartFilterBar({ filters, onChange }: PartFilterBarProps) {
  const id = useId();

  function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const q = data.get('q');
    const next = parsePartFilters(new URLSearchParams({ q: typeof q === 'string' ? q : '' }));
    onChange({ ...filters, q: next.q });
  }

  function handleSelect(key: 'brand' | 'category', value: string) {
    const next = parsePartFilters(new URLSearchParams(value ? { [key]: value } : {}));
    onChange({ ...filters, [key]: next[key] });
  }

  return (
    <div className="grid gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] md:items-end">
      <form role="search" aria-label="Parts" onSubmit={handleSearch} className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-q`} className={labelClass}>
          Search parts
        </label>
        <div className="flex gap-2">
          {/* Keyed by the URL's value so back/forward and "Clear filters" reset the box. */}
          <input
            key={filters.q ?? ''}
            id={`${id}-q`}
            name="q"
            type="search"
            defaultValue={filters.q ?? ''}
            maxLength={80}
            placeholder="Name, part number or description"
            className={fieldClass}
            autoComplete="off"
          />
          <button type="submit" className={buttonStyles('secondary', 'md')}>
            Search
          </button>
        </div>
      </form>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-brand`} className={labelClass}>
          Brand
        </label>
        <select
          id={`${id}-brand`}
          value={filters.brand ?? ''}
          onChange={(event) => handleSelect('brand', event.target.value)}
          className={fieldClass}
        >
          <option value="">All brands</option>
          {BRANDS.map((brand) => (
            <option key={brand} value={brand}>
              {brand}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-category`} className={labelClass}>
          Category
        </label>
        <select
          id={`${id}-category`}
          value={filters.category ?? ''}
          onChange={(event) => handleSelect('category', event.target.value)}
          className={fieldClass}
        >
          <option value="">All categories</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {CATEGORY_LABELS[category]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
