/**
 * Whether a part fits a bike, and how the shop says so. No runtime dependencies (no zod), so the
 * home page and every part card can import it without the schema library: fitment.ts holds the
 * schemas and re-exports all of this, so API code keeps importing from one place.
 */

/** One bike as these helpers read it; fitment.ts's `Vehicle` (the schema's) has this shape. */
interface Vehicle {
  year: number;
  make: string;
  model: string;
}

export const FITMENT_POSITIONS = ['front', 'rear', 'left', 'right', 'pair'] as const;
export type FitmentPosition = (typeof FITMENT_POSITIONS)[number];

export const POSITION_LABELS: Record<FitmentPosition, string> = {
  front: 'Front',
  rear: 'Rear',
  left: 'Left',
  right: 'Right',
  pair: 'Pair',
};

export const VEHICLE_YEAR_MIN = 1950;
export const VEHICLE_YEAR_MAX = 2100;

/** A garage holds a handful of bikes; more is a mistake, not a garage. */
export const GARAGE_MAX = 10;

/** "2019 Yamaha YZF-R15 V3" */
export function vehicleLabel(v: Vehicle): string {
  return `${v.year} ${v.make} ${v.model}`;
}

export function sameVehicle(a: Vehicle, b: Vehicle): boolean {
  return a.year === b.year && a.make === b.make && a.model === b.model;
}

/** The fitment facts a part carries in API answers. */
export interface FitmentFacts {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  position?: FitmentPosition | null | undefined;
}

export type FitStatus =
  { kind: 'universal' } | { kind: 'fits'; positions: FitmentPosition[] } | { kind: 'does-not-fit' };

/**
 * Whether a part fits a bike, from the part's own rows: the same rule the API's `fits` endpoint
 * and the catalogue's bike filter apply in SQL (year range inclusive at both ends, make and model
 * exact). A part with rows for the bike fits it even when it is also marked universal.
 */
export function fitStatus(part: { universal: boolean; fitment: FitmentFacts[] }, bike: Vehicle): FitStatus {
  const rows = part.fitment.filter(
    (f) => f.make === bike.make && f.model === bike.model && f.yearFrom <= bike.year && bike.year <= f.yearTo,
  );
  if (rows.length > 0) {
    const positions = [...new Set(rows.flatMap((r) => (r.position ? [r.position] : [])))];
    return { kind: 'fits', positions };
  }
  return part.universal ? { kind: 'universal' } : { kind: 'does-not-fit' };
}

/** The bike as query parameters: how GET /api/parts and the /parts page name it. */
export function vehicleParams(v: Vehicle): { year: string; make: string; model: string } {
  return { year: String(v.year), make: v.make, model: v.model };
}

/**
 * The catalogue page for a bike, as the selector and the "see parts that fit" links open it:
 * `/parts?year=2019&make=Yamaha&model=YZF-R15+V3`, plus any other filters given.
 */
export function vehiclePartsPath(v: Vehicle, extra: Record<string, string> = {}): string {
  return `/parts?${new URLSearchParams({ ...vehicleParams(v), ...extra }).toString()}`;
}

/** "2018–2021", or "2019" for a one-year range. */
export function yearRangeLabel(from: number, to: number): string {
  return from === to ? String(from) : `${from}–${to}`;
}

/**
 * A bike's years from its fitment rows, overlapping and touching ranges joined:
 * [2018–2019, 2020–2021, 2024–2024] → "2018–2021, 2024".
 */
export function yearRangesLabel(rows: { yearFrom: number; yearTo: number }[]): string {
  const sorted = [...rows].sort((a, b) => a.yearFrom - b.yearFrom || a.yearTo - b.yearTo);
  const merged: { from: number; to: number }[] = [];
  for (const { yearFrom, yearTo } of sorted) {
    const last = merged.at(-1);
    if (last && yearFrom <= last.to + 1) last.to = Math.max(last.to, yearTo);
    else merged.push({ from: yearFrom, to: yearTo });
  }
  return merged.map((r) => yearRangeLabel(r.from, r.to)).join(', ');
}

export const fitmentTexts = {
  fits: (v: Vehicle) => `Fits your ${vehicleLabel(v)}`,
  doesNotFit: (v: Vehicle) => `Does not fit your ${vehicleLabel(v)}`,
  seeFitting: 'see parts that fit',
  universal: 'Universal',
  universalLong: 'Universal: fits any bike',
  /** "Front", "Front, Rear": where the part goes on the chosen bike. */
  positions: (labels: string[]) => labels.join(', '),
  // The Year → Make → Model selector.
  selectorHeading: 'Find parts for your bike',
  selectorLead: 'Choose your bike once and see the parts that fit it.',
  selectorLabel: 'Your bike',
  year: 'Year',
  make: 'Make',
  model: 'Model',
  chooseYear: 'Choose a year',
  chooseMake: 'Choose a make',
  chooseModel: 'Choose a model',
  chooseYearFirst: 'Choose a year first',
  chooseMakeFirst: 'Choose a make first',
  loadingOptions: 'Loading…',
  showParts: 'Show parts',
  pickerFailed: 'The bike picker cannot be shown right now.',
  // My Garage.
  garageHeading: 'My Garage',
  garageEmpty: 'No bikes saved yet. Choose your bike to see the parts that fit it.',
  activeBike: 'Shopping for',
  otherBikes: 'Your other bikes',
  yourBikes: 'Your bikes',
  switchTo: (v: Vehicle) => `Shop for ${vehicleLabel(v)}`,
  remove: (v: Vehicle) => `Remove ${vehicleLabel(v)} from My Garage`,
  garageFailed: 'My Garage could not be updated. Please try again.',
  onlyFitting: (v: Vehicle) => `Show only parts that fit your ${vehicleLabel(v)}`,
  /** The active bike's link to its exploded parts diagrams (issue #29). */
  partsDiagrams: 'Parts diagrams',
  // The part page's fitment table.
  fitmentHeading: 'Fitment',
  fitmentNone: 'No fitment is listed for this part.',
  years: 'Years',
  position: 'Position',
  quantity: 'Qty per bike',
  quantityShort: 'Qty',
  note: 'Note',
  noValue: 'None',
} as const;

export const garageTexts = {
  full: `A garage holds at most ${GARAGE_MAX} bikes: remove one first.`,
  notFound: 'That bike is not in your garage.',
} as const;
