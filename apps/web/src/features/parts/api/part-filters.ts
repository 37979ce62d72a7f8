import { BRANDS, CATEGORIES, type Brand, type Category } from '@pitstop/core/catalogue';

/** The catalogue filters the /parts screen keeps in its URL (?q=&brand=&category=). */
export interface PartFilters {
  q?: string;
  brand?: Brand;
  category?: Category;
}

const MAX_QUERY_LENGTH = 80;

function isBrand(value: string): value is Brand {
  return (BRANDS as readonly string[]).includes(value);
}

function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

/**
 * Reads filters from the address bar. Unknown brands and categories are dropped rather than sent:
 * the API would answer 400 for them, and a stale link should still show the catalogue.
 */
export function parsePartFilters(search: URLSearchParams): PartFilters {
  const filters: PartFilters = {};
  const q = search.get('q')?.trim().slice(0, MAX_QUERY_LENGTH);
  if (q) filters.q = q;
  const brand = search.get('brand') ?? '';
  if (isBrand(brand)) filters.brand = brand;
  const category = search.get('category') ?? '';
  if (isCategory(category)) filters.category = category;
  return filters;
}

export function toSearchParams(filters: PartFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.q) search.set('q', filters.q);
  if (filters.brand) search.set('brand', filters.brand);
  if (filters.category) search.set('category', filters.category);
  return search;
}

export function hasFilters(filters: PartFilters): boolean {
  return Boolean(filters.q ?? filters.brand ?? filters.category);
}
