import {
  startTransition,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type RefObject,
  useOptimistic,
} from 'react';
import { Link } from 'react-router';
import { CATEGORIES, CATEGORY_LABELS } from '@pitstop/core/catalogue';
import { shopTexts } from '@pitstop/core/messages';
import type { PartFacets } from '@pitstop/core/parts';
import { RATING_STEPS, formatCount, searchTexts, type RatingStep } from '@pitstop/core/search';
import { buttonStyles } from '@/components/ui/button-styles';
import { useEarlyChoice, useEarlyInput } from '@/hooks/use-early-input';
import {
  clearedFilters,
  currentPartFilters,
  hasFilters,
  parseBrands,
  toggledBrands,
  parsePrice,
  partsHref,
  withFilters,
  type PartFilters,
} from '../api/part-filters';

interface PartFacetsPanelProps {
  filters: PartFilters;
  facets: PartFacets | undefined;
  /** Old counts are showing while the new ones load. */
  stale: boolean;
  failed: boolean;
  onRetry: () => void;
  onChange: (next: PartFilters) => void;
}

const legendClass = 'mb-2 text-sm font-semibold text-slate-900';
const groupClass = 'border-t border-slate-200 pt-4';

function countOf(list: { value: string; count: number }[] | undefined, value: string): number {
  return list?.find((item) => item.value === value)?.count ?? 0;
}

function CheckMark({ on }: { on: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`flex size-4 shrink-0 items-center justify-center rounded border text-[0.65rem] leading-none ${
        on ? 'border-red-700 bg-red-700 text-white' : 'border-slate-400 bg-white'
      }`}
    >
      {on ? '✓' : ''}
    </span>
  );
}

interface FacetLinkListProps {
  title: string;
  values: readonly string[];
  labelOf: (value: string) => string;
  selected: string | undefined;
  counts: { value: string; count: number }[] | undefined;
  hrefOf: (value: string | undefined) => string;
}

const optionClass =
  'flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-2 text-sm text-slate-700 hover:bg-slate-100';

interface BrandChecklistProps {
  /** The brands ticked (as shown: a tick lands before the URL's new view renders). */
  chosen: readonly string[] | undefined;
  counts: { value: string; count: number }[] | undefined;
  onToggle: (brand: string, on: boolean) => void;
  listRef: RefObject<HTMLUListElement | null>;
}

/**
 * The brands to offer: those the facets count (brands are data: any brand with parts under the
 * other filters) and those ticked, by name (code-point order, as in the address).
 */
function brandsShown(chosen: readonly string[] | undefined, counts: BrandChecklistProps['counts']): string[] {
  return [...new Set([...(counts ?? []).map((c) => c.value), ...(chosen ?? [])])].sort();
}

/**
 * Brands: a checkbox each, and several ticked show the parts of any of them. Each count is the
 * brand's parts under the other filters (the API counts it so), so it does not change as other
 * brands are ticked. Only brands with parts are listed, and any ticked (so it can be unticked
 * when none is left): no box is inert.
 */
function BrandChecklist({ chosen, counts, onToggle, listRef }: BrandChecklistProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={groupClass}>
      <h3 id={headingId} className={legendClass}>
        {searchTexts.brand}
      </h3>
      <ul ref={listRef} className="flex flex-col">
        {brandsShown(chosen, counts).map((brand) => {
          const on = chosen?.includes(brand) ?? false;
          return (
            <li key={brand}>
              <label className={optionClass}>
                <input
                  type="checkbox"
                  value={brand}
                  className="size-4 accent-red-700"
                  checked={on}
                  onChange={(event) => onToggle(brand, event.target.checked)}
                />
                <span className="flex-1">{brand}</span>
                <span className="text-xs tabular-nums text-slate-600">
                  ({formatCount(countOf(counts, brand))})
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * Category: one link per value, so each narrowed view has its own shareable address and
 * works with Tab and Enter. The chosen value links back to the view without it. A value no part
 * would match stays in place, greyed and inert, so the list does not jump around.
 */
function FacetLinkList({ title, values, labelOf, selected, counts, hrefOf }: FacetLinkListProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={groupClass}>
      <h3 id={headingId} className={legendClass}>
        {title}
      </h3>
      <ul className="flex flex-col">
        {values.map((value) => {
          const on = value === selected;
          const n = countOf(counts, value);
          const body = (
            <>
              <CheckMark on={on} />
              <span className="flex-1">{labelOf(value)}</span>
              <span className="text-xs tabular-nums text-slate-600">({formatCount(n)})</span>
            </>
          );
          const rowClass = 'flex min-h-10 items-center gap-2 rounded-md px-2 text-sm';
          return (
            <li key={value}>
              {n === 0 && !on ? (
                <span aria-disabled="true" className={`${rowClass} text-slate-500 opacity-60`}>
                  {body}
                </span>
              ) : (
                <Link
                  to={hrefOf(on ? undefined : value)}
                  aria-current={on ? 'true' : undefined}
                  preventScrollReset
                  className={`${rowClass} hover:bg-slate-100 ${on ? 'font-semibold text-slate-900' : 'text-slate-700'}`}
                >
                  {body}
                  {on ? <span className="sr-only">{searchTexts.facetSelected}</span> : null}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Min and max price, applied on submit or when focus leaves a box; the facet's range as hints. */
function PriceRange({
  filters,
  facets,
  onChange,
}: Pick<PartFacetsPanelProps, 'filters' | 'facets' | 'onChange'>) {
  const id = useId();
  const fromUrl = `${filters.minPrice ?? ''}|${filters.maxPrice ?? ''}`;
  const [min, setMin] = useState(filters.minPrice?.toString() ?? '');
  const [max, setMax] = useState(filters.maxPrice?.toString() ?? '');
  // Back, forward or "Clear all" changed the range: show the URL's, not what was typed before.
  const [shown, setShown] = useState(fromUrl);
  if (fromUrl !== shown) {
    setShown(fromUrl);
    setMin(filters.minPrice?.toString() ?? '');
    setMax(filters.maxPrice?.toString() ?? '');
  }
  // Amounts typed into the server-rendered boxes before the script ran.
  const minRef = useRef<HTMLInputElement>(null);
  const maxRef = useRef<HTMLInputElement>(null);
  useEarlyInput(minRef, min, setMin);
  useEarlyInput(maxRef, max, setMax);

  function apply() {
    const minPrice = parsePrice(min);
    const maxPrice = parsePrice(max);
    if (minPrice === filters.minPrice && maxPrice === filters.maxPrice) return;
    onChange(withFilters(filters, { minPrice, maxPrice }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply();
  }

  const low = facets?.price.min;
  const high = facets?.price.max;
  const inputClass =
    'min-h-10 w-full rounded-lg border border-slate-300 bg-white pr-2 pl-6 text-base text-slate-900 shadow-sm sm:text-sm';

  function priceBox(
    key: 'min' | 'max',
    label: string,
    value: string,
    set: (v: string) => void,
    hint: number | null | undefined,
  ) {
    return (
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={`${id}-${key}`} className="text-xs font-medium text-slate-700">
          {label}
        </label>
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-sm text-slate-500"
          >
            $
          </span>
          <input
            ref={key === 'min' ? minRef : maxRef}
            id={`${id}-${key}`}
            type="number"
            inputMode="decimal"
            min={0}
            // Any amount: the filter rounds to the cent, so the browser need not refuse 10.555.
            step="any"
            value={value}
            placeholder={hint == null ? '' : String(key === 'min' ? Math.floor(hint) : Math.ceil(hint))}
            onChange={(event) => set(event.target.value)}
            onBlur={apply}
            className={inputClass}
          />
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={handleSubmit} className={groupClass}>
      <fieldset>
        <legend className={legendClass}>{searchTexts.price}</legend>
        <div className="flex items-end gap-2">
          {priceBox('min', searchTexts.minPrice, min, setMin, low)}
          {priceBox('max', searchTexts.maxPrice, max, setMax, high)}
          <button type="submit" className={buttonStyles('secondary', 'sm', 'min-h-10')}>
            {searchTexts.applyPrice}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function Group({
  legend,
  children,
  groupRef,
}: {
  legend: string;
  children: ReactNode;
  groupRef?: RefObject<HTMLDivElement | null>;
}) {
  return (
    // The rule sits on a wrapper: on the fieldset itself the legend would straddle it.
    <div ref={groupRef} className={groupClass}>
      <fieldset>
        <legend className={legendClass}>{legend}</legend>
        {children}
      </fieldset>
    </div>
  );
}

/** Brand, category, price, stock and rating, each counted under the other active filters. */
export function PartFacetsPanel({ filters, facets, stale, failed, onRetry, onChange }: PartFacetsPanelProps) {
  const ratingName = useId();
  const inStockCount = facets?.inStock ?? 0;
  // The router renders a new URL in a transition; until it lands, a box just ticked would show
  // the old URL's state. The optimistic view shows the choice at once.
  const [shown, setShown] = useOptimistic(filters);
  function choose(next: PartFilters) {
    startTransition(() => {
      setShown(next);
      onChange(next);
    });
  }
  // A box ticked or a rating chosen on the server-rendered page before the script ran.
  const stockRef = useRef<HTMLInputElement>(null);
  const ratingsRef = useRef<HTMLDivElement>(null);
  const brandsRef = useRef<HTMLUListElement>(null);
  useEarlyChoice(
    () => {
      const boxes = brandsRef.current?.querySelectorAll<HTMLInputElement>('input:checked');
      return boxes ? (parseBrands(Array.from(boxes, (box) => box.value)) ?? []).join(',') : undefined;
    },
    (filters.brands ?? []).join(','),
    (ticked) => choose(withFilters(currentPartFilters(), { brands: parseBrands(ticked.split(',')) })),
  );
  function toggleBrand(brand: string, on: boolean) {
    // From the view as shown: a second box ticked before the first one's view lands adds to it.
    choose(withFilters(shown, { brands: toggledBrands(shown.brands, brand, on) }));
  }
  useEarlyChoice(
    () => stockRef.current?.checked,
    filters.inStock === true,
    (checked) => choose(withFilters(currentPartFilters(), { inStock: checked ? true : undefined })),
  );
  useEarlyChoice<RatingStep | 'any'>(
    () => {
      const value = ratingsRef.current?.querySelector<HTMLInputElement>('input:checked')?.value;
      return value === undefined ? undefined : value === 'any' ? 'any' : (Number(value) as RatingStep);
    },
    filters.minRating ?? 'any',
    (step) => choose(withFilters(currentPartFilters(), { minRating: step === 'any' ? undefined : step })),
  );
  return (
    <div className={`flex flex-col gap-4 transition-opacity ${stale ? 'opacity-70' : ''}`} aria-busy={stale}>
      {hasFilters(filters) ? (
        <Link
          to={partsHref(clearedFilters(filters))}
          preventScrollReset
          className={buttonStyles('secondary', 'sm', 'self-start')}
        >
          {searchTexts.clearAll}
        </Link>
      ) : null}
      {failed && !facets ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          <p>{searchTexts.facetsFailed}</p>
          <button type="button" className={buttonStyles('secondary', 'sm')} onClick={onRetry}>
            {shopTexts.retry}
          </button>
        </div>
      ) : null}
      {/* The two long lists and the price form come alive each in a step of its own. */}
      <BrandChecklist
        chosen={shown.brands}
        counts={facets?.brand}
        onToggle={toggleBrand}
        listRef={brandsRef}
      />
      <FacetLinkList
        title={searchTexts.category}
        values={CATEGORIES}
        labelOf={(value) => CATEGORY_LABELS[value as keyof typeof CATEGORY_LABELS]}
        selected={filters.category}
        counts={facets?.category}
        hrefOf={(category) =>
          partsHref(withFilters(filters, { category: category as PartFilters['category'] }))
        }
      />
      <PriceRange filters={filters} facets={facets} onChange={onChange} />
      <Group legend={searchTexts.availability}>
        <label className={optionClass}>
          <input
            ref={stockRef}
            type="checkbox"
            className="size-4 accent-red-700"
            checked={shown.inStock === true}
            disabled={inStockCount === 0 && !shown.inStock && facets !== undefined}
            onChange={(event) =>
              choose(withFilters(filters, { inStock: event.target.checked ? true : undefined }))
            }
          />
          <span className="flex-1">{searchTexts.inStockOnly}</span>
          <span className="text-xs tabular-nums text-slate-600">({formatCount(inStockCount)})</span>
        </label>
      </Group>
      <Group legend={searchTexts.rating} groupRef={ratingsRef}>
        {([undefined, ...RATING_STEPS] as (RatingStep | undefined)[]).map((step) => (
          <label key={step ?? 'any'} className={optionClass}>
            <input
              type="radio"
              name={ratingName}
              value={step ?? 'any'}
              className="size-4 accent-red-700"
              checked={shown.minRating === step}
              onChange={() => choose(withFilters(filters, { minRating: step }))}
            />
            {step === undefined ? (
              <span>{searchTexts.anyRating}</span>
            ) : (
              <>
                <span aria-hidden="true">{searchTexts.ratingShort(step)}</span>
                <span className="sr-only">{searchTexts.ratingLong(step)}</span>
              </>
            )}
          </label>
        ))}
      </Group>
    </div>
  );
}
