import type { Vehicle } from './fitment.js';
import { formatCount } from './search.js';
import { vehicleLabel } from './vehicle-fit.js';

/**
 * The search box in every page's header and what a search for a chosen bike says. No runtime
 * dependencies (no zod): the header is on every page's first load.
 */

/**
 * GET /api/parts with a whole bike (`year` + `make` + `model`) that finds nothing: how many parts
 * the same search and filters find for every bike ("N results for other bikes"). Absent otherwise,
 * so the list's answer is unchanged for every client that does not look for it.
 */
export const OTHER_BIKES_TOTAL_HEADER = 'x-total-other-bikes';

export const headerSearchTexts = {
  /** The phone's button that opens the header's search box (its state is aria-expanded). */
  openSearch: 'Search the shop',
  /** Heading of the suggested parts when a bike is chosen: each part says whether it fits. */
  suggestionPartsFor: (v: Vehicle) => `Parts, marked for your ${vehicleLabel(v)}`,
  fits: 'Fits your bike',
  doesNotFit: "Doesn't fit your bike",
  // A search that finds nothing for the chosen bike.
  noPartsForBike: (v: Vehicle, q?: string) =>
    q
      ? `No parts for your ${vehicleLabel(v)} match “${q}”.`
      : `No parts for your ${vehicleLabel(v)} match these filters.`,
  otherBikes: (n: number) => `${formatCount(n)} ${n === 1 ? 'result' : 'results'} for other bikes`,
  searchAllBikes: 'Search all bikes',
  /** GET /api/search/suggest refuses part of a bike, naming each missing field. */
  wholeBike: 'Give the year, make and model of the bike together.',
} as const;
