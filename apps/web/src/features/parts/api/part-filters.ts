import { CATEGORIES, PARTS_WEB_PAGE, type Category } from '@pitstop/core/catalogue';
import { withoutControlCharacters } from '@pitstop/core/control-characters';
import type { Vehicle } from '@pitstop/core/fitment';
import { PART_SORTS, RATING_STEPS, type PartSort, type RatingStep } from '@pitstop/core/search';
import { VEHICLE_YEAR_MAX, VEHICLE_YEAR_MIN } from '@pitstop/core/vehicle-fit';

/**
 * The /parts view as the address bar holds it: search text, bike, facets, sort and page. The URL
 * is the only place this state lives, so a view can be shared, reloaded, and Back restores it.
 * Undefined means "not set" (or the default), and is left out of the URL.
 */
export interface PartFilters {
  q?: string;
  /** The bike whose parts to show (year, make and model together, or none). */
  bike?: Vehicle;
  /** Parts of any of these brands (by name, in code-point order, each once; never empty). */
  brands?: string[];
  category?: Category;
  /** Dollars, inclusive. */
  minPrice?: number;
  maxPrice?: number;
  inStock?: true;
  minRating?: RatingStep;
  /** Left out when relevance, the API's default. */
  sort?: PartSort;
  /** 1-based; left out when 1. */
  page?: number;
}

/** What narrows the list (everything but sort and page): what the facets are counted under. */
export type FacetFilters = Omit<PartFilters, 'sort' | 'page'>;

/** The API's limits (PartListQuerySchema): anything outside them is dropped, not sent. */
const MAX_QUERY_LENGTH = 80;
const MAX_MAKE_LENGTH = 60;
const MAX_MODEL_LENGTH = 80;
const MAX_PRICE = 100_000;
const MAX_OFFSET = 1_000_000;

function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

function isSort(value: string): value is PartSort {
  return (PART_SORTS as readonly string[]).includes(value);
}

function isRatingStep(value: number): value is RatingStep {
  return (RATING_STEPS as readonly number[]).includes(value);
}

/**
 * The brand names among these (brands are data: which exist only the server knows, and the
 * catalogue says so when a name is not one), each once, in code-point order as the API answers
 * them, so equal views have equal URLs; undefined when none.
 */
export function parseBrands(values: readonly string[]): string[] | undefined {
  const brands = [...new Set(values.filter(Boolean))].sort();
  return brands.length ? brands : undefined;
}

/** The brands after ticking (or unticking) one, as parseBrands orders them. */
export function toggledBrands(
  brands: readonly string[] | undefined,
  brand: string,
  on: boolean,
): string[] | undefined {
  return parseBrands(on ? [...(brands ?? []), brand] : (brands ?? []).filter((b) => b !== brand));
}

/** A whole number written plainly ("12", not "1e1", "12.0" or " 12"). */
function parseWhole(raw: string | null): number | undefined {
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined;
  return Number(raw);
}

/** Dollars within the API's range, to the cent. */
export function parsePrice(raw: string | null | undefined): number | undefined {
  const text = raw?.trim() ?? '';
  const [whole = '', fraction = '', ...more] = text.split('.');
  if (!/^\d{1,6}$/.test(whole) || !/^\d{0,6}$/.test(fraction) || more.length > 0) return undefined;
  const value = Math.round(Number(text) * 100) / 100;
  return value <= MAX_PRICE ? value : undefined;
}

/**
 * Search text as the API takes it: control characters (a NUL or a tab pasted into the box or the
 * address) are spaces, as the server-rendered page cleans them (decision 027), and runs of
 * spaces one.
 */
function searchText(raw: string): string {
  return withoutControlCharacters(raw).trim().replace(/\s+/g, ' ');
}

function parseText(raw: string | null, max: number): string | undefined {
  const text = raw === null ? undefined : searchText(raw);
  return text && text.length <= max ? text : undefined;
}

function parseBike(search: URLSearchParams): Vehicle | undefined {
  const year = parseWhole(search.get('year'));
  const make = parseText(search.get('make'), MAX_MAKE_LENGTH);
  const model = parseText(search.get('model'), MAX_MODEL_LENGTH);
  if (year === undefined || year < VEHICLE_YEAR_MIN || year > VEHICLE_YEAR_MAX || !make || !model) {
    return undefined;
  }
  return { year, make, model };
}

/** The highest page whose offset the API still accepts. */
export function maxPage(pageSize: number): number {
  return Math.floor(MAX_OFFSET / pageSize) + 1;
}

/**
 * The view the address bar holds now, which may be ahead of what this render saw: a navigation
 * updates the address at once and the screen in a transition. Choices adopted together after
 * hydration build on each other through it.
 */
export function currentPartFilters(): PartFilters {
  return parsePartFilters(new URLSearchParams(window.location.search));
}

/**
 * Reads the view from the address bar. Values the API would refuse with a 400 (an unknown brand,
 * a negative price, page 0, half a bike) are dropped rather than sent, so a stale or hand-edited
 * link still shows a catalogue.
 */
export function parsePartFilters(search: URLSearchParams, pageSize = PARTS_WEB_PAGE): PartFilters {
  const filters: PartFilters = {};
  const raw = search.get('q');
  const q = raw === null ? undefined : searchText(raw).slice(0, MAX_QUERY_LENGTH).trim();
  if (q) filters.q = q;
  const bike = parseBike(search);
  if (bike) filters.bike = bike;
  // `brand=Honda&brand=Yamaha`: several brands, any of them; a lone `brand=Honda` is one.
  const brands = parseBrands(search.getAll('brand'));
  if (brands) filters.brands = brands;
  const category = search.get('category') ?? '';
  if (isCategory(category)) filters.category = category;
  let minPrice = parsePrice(search.get('minPrice'));
  let maxPrice = parsePrice(search.get('maxPrice'));
  // A range typed the wrong way round still means the same range.
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
  }
  if (minPrice !== undefined && minPrice > 0) filters.minPrice = minPrice;
  if (maxPrice !== undefined) filters.maxPrice = maxPrice;
  if (search.get('inStock') === 'true') filters.inStock = true;
  const minRating = parseWhole(search.get('minRating'));
  if (minRating !== undefined && isRatingStep(minRating)) filters.minRating = minRating;
  const sort = search.get('sort') ?? '';
  if (isSort(sort) && sort !== 'relevance') filters.sort = sort;
  const page = parseWhole(search.get('page'));
  if (page !== undefined && page > 1 && page <= maxPage(pageSize)) filters.page = page;
  return filters;
}

/** The URL's query string for a view, in a fixed order so equal views have equal URLs. */
export function toSearchParams(filters: PartFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.q) search.set('q', filters.q);
  if (filters.bike) {
    search.set('year', String(filters.bike.year));
    search.set('make', filters.bike.make);
    search.set('model', filters.bike.model);
  }
  for (const brand of filters.brands ?? []) search.append('brand', brand);
  if (filters.category) search.set('category', filters.category);
  if (filters.minPrice !== undefined) search.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== undefined) search.set('maxPrice', String(filters.maxPrice));
  if (filters.inStock) search.set('inStock', 'true');
  if (filters.minRating !== undefined) search.set('minRating', String(filters.minRating));
  if (filters.sort && filters.sort !== 'relevance') search.set('sort', filters.sort);
  if (filters.page !== undefined && filters.page > 1) search.set('page', String(filters.page));
  return search;
}

/** "/parts?…" for a view: the href of a facet, a page or a "Did you mean" link. */
export function partsHref(filters: PartFilters): string {
  const query = toSearchParams(filters).toString();
  return query ? `/parts?${query}` : '/parts';
}

/**
 * The view after changing some filters: any change to what is listed starts again at page 1.
 * Keys given as undefined are removed.
 */
export function withFilters(filters: PartFilters, changes: Partial<PartFilters>): PartFilters {
  const next: PartFilters = { ...filters, ...changes };
  delete next.page;
  for (const key of Object.keys(next) as (keyof PartFilters)[]) {
    if (next[key] === undefined) delete next[key];
  }
  return next;
}

/** A new search: the text replaces the old one, and results come best match first from page 1. */
export function withSearch(filters: PartFilters, q: string): PartFilters {
  return withFilters(filters, {
    q: searchText(q).slice(0, MAX_QUERY_LENGTH) || undefined,
    sort: undefined,
  });
}

/**
 * "Clear all filters": everything, the bike too (a rider whose bike hid every part should not
 * have to find a second control); the bike alone still has its own "Show all bikes".
 */
export function clearedFilters(_filters: PartFilters): PartFilters {
  return {};
}

export function hasFilters(filters: PartFilters): boolean {
  return activeFacetCount(filters) > 0 || Boolean(filters.q);
}

/** How many facets narrow the list (shown on the phone's "Filters (n)" button). */
export function activeFacetCount(filters: PartFilters): number {
  return [
    filters.brands?.length ? filters.brands : undefined,
    filters.category,
    filters.minPrice ?? filters.maxPrice,
    filters.inStock,
    filters.minRating,
  ].filter((value) => value !== undefined).length;
}

export function facetFiltersOf({ sort: _sort, page: _page, ...filters }: PartFilters): FacetFilters {
  return filters;
}

/** The query string GET /api/parts and /api/parts/facets read (a type alias, so it fits QueryParams). */
export type PartsApiParams = {
  q?: string | undefined;
  /** Several brands are the key repeated (any of them). */
  brand?: readonly string[] | undefined;
  category?: string | undefined;
  year?: number | undefined;
  make?: string | undefined;
  model?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  inStock?: 'true' | undefined;
  minRating?: number | undefined;
  /** `low`: only parts low on stock (the admin's catalogue). */
  stock?: 'low' | undefined;
  sort?: PartSort | undefined;
};

/** The filters as GET /api/parts and /api/parts/facets spell them. */
export function toApiParams(filters: FacetFilters): PartsApiParams {
  return {
    q: filters.q,
    brand: filters.brands,
    category: filters.category,
    year: filters.bike?.year,
    make: filters.bike?.make,
    model: filters.bike?.model,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    inStock: filters.inStock ? 'true' : undefined,
    minRating: filters.minRating,
  };
}
