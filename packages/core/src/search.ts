import type { Vehicle } from './fitment.js';
import { groupThousands } from './money.js';
import { vehicleLabel } from './vehicle-fit.js';

/**
 * Catalogue search: sort orders and the texts of the /parts search page. No runtime dependencies
 * (no zod), so the web's catalogue chunk can use them without the schema library; parts.ts
 * re-exports the sorts beside the query schema that validates them.
 */

export const PART_SORTS = ['relevance', 'price_asc', 'price_desc', 'rating', 'newest'] as const;
export type PartSort = (typeof PART_SORTS)[number];
export const SORT_LABELS: Record<PartSort, string> = {
  relevance: 'Best match',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  rating: 'Top rated',
  newest: 'Newest',
};

/** The minimum ratings the catalogue offers as a filter ("4★ & up" … "1★ & up"). */
export const RATING_STEPS = [4, 3, 2, 1] as const;
export type RatingStep = (typeof RATING_STEPS)[number];

/** Suggestions are asked for from this many typed characters on. */
export const SUGGEST_MIN_CHARS = 2;

/** "1,234": counts as the shop writes them (whole numbers; see formatDollars for why not Intl). */
export function formatCount(n: number): string {
  return `${n < 0 ? '-' : ''}${groupThousands(Math.round(Math.abs(n)))}`;
}

function parts(total: number): string {
  return total === 1 ? 'part' : 'parts';
}

export const searchTexts = {
  // The search box and its suggestions.
  searchLabel: 'Search parts',
  searchPlaceholder: 'Part name, number, brand or bike',
  searchButton: 'Search',
  suggestionParts: 'Parts',
  suggestionBikes: 'Bikes',
  suggestionsShown: (n: number) =>
    `${n} ${n === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose one.`,
  // The results.
  showing: (from: number, to: number, total: number) =>
    `Showing ${formatCount(from)}–${formatCount(to)} of ${formatCount(total)} ${parts(total)}`,
  noParts: 'No parts match these filters.',
  noPartsFor: (q: string) => `No parts match “${q}”.`,
  /** Around the suggested text: "Did you mean <link>brake pads</link>?" */
  didYouMean: 'Did you mean',
  pastLastPage: 'There are no parts on this page.',
  firstPage: 'Go to the first page',
  loadingParts: 'Loading parts',
  clearAll: 'Clear all filters',
  // The bike filter.
  fitsBike: (v: Vehicle) => `Parts that fit ${vehicleLabel(v)}`,
  clearBike: (v: Vehicle) => `Show parts for every bike, not only the ${vehicleLabel(v)}`,
  clearBikeShort: 'Show all bikes',
  // Facets.
  filters: 'Filters',
  filtersActive: (n: number) => `Filters (${n})`,
  /** After a chosen brand or category, for screen readers: the link takes the filter off. */
  facetSelected: ', selected: choose again to remove',
  brand: 'Brand',
  category: 'Category',
  price: 'Price',
  minPrice: 'Min price',
  maxPrice: 'Max price',
  applyPrice: 'Apply',
  availability: 'Availability',
  inStockOnly: 'In stock only',
  rating: 'Customer rating',
  anyRating: 'Any rating',
  ratingShort: (n: number) => `${n}★ & up`,
  ratingLong: (n: number) => `${n} stars and up`,
  facetsFailed: 'The filters could not be loaded.',
  // Sorting and pages.
  sortBy: 'Sort by',
  /** The default order without search text: relevance means the shop's own catalogue order. */
  sortFeatured: 'Featured',
  pages: 'Pages',
  previous: 'Previous',
  next: 'Next',
  page: (n: number) => `Page ${n}`,
} as const;
