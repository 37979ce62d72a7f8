import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { partFitments, vehicles } from '../../db/schema.js';
import { vehicleYears } from './vehicles-data.js';
import { escapeLike } from '../../lib/sql.js';

/**
 * The selector lists only bikes the catalogue has parts for: a vehicle year counts when some
 * fitment row covers it. Universal parts fit every bike, so they would make every bike count and
 * are left out of this question.
 */
const hasParts = sql`exists (select 1 from ${partFitments} where ${partFitments.make} = ${vehicles.make}
  and ${partFitments.model} = ${vehicles.model} and ${partFitments.yearFrom} <= ${vehicles.year}
  and ${partFitments.yearTo} >= ${vehicles.year})`;

export async function vehicleYearList(db: Db): Promise<number[]> {
  const rows = await db
    .selectDistinct({ year: vehicles.year })
    .from(vehicles)
    .where(hasParts)
    .orderBy(desc(vehicles.year));
  return rows.map((r) => r.year);
}

export async function vehicleMakeList(db: Db, year: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ make: vehicles.make })
    .from(vehicles)
    .where(and(eq(vehicles.year, year), hasParts))
    .orderBy(asc(vehicles.make));
  return rows.map((r) => r.make);
}

export async function vehicleModelList(
  db: Db,
  year: number,
  make: string,
): Promise<{ model: string; variant: string | null; engine: string | null }[]> {
  return db
    .select({ model: vehicles.model, variant: vehicles.variant, engine: vehicles.engine })
    .from(vehicles)
    .where(and(eq(vehicles.year, year), eq(vehicles.make, make), hasParts))
    .orderBy(asc(vehicles.model));
}

/** The search box's words: every text word must be in "make model"; a 4-digit word may be the year. */
function suggestionTerms(q: string): { year: number | null; words: string[] } {
  const tokens = (q.toLowerCase().match(/[\p{L}\p{N}'.-]+/gu) ?? []).slice(0, 6);
  const yearToken = tokens.find((t) => /^(19|20)\d\d$/.test(t));
  return { year: yearToken ? Number(yearToken) : null, words: tokens.filter((t) => t !== yearToken) };
}

/**
 * Bikes for the search box: every word must appear in "make model" (a 4-digit word may be the
 * year instead). Without a year, the newest year that has parts is offered.
 */
export async function suggestVehicles(
  db: Db,
  q: string,
  limit = 5,
): Promise<{ year: number; make: string; model: string }[]> {
  const { year, words } = suggestionTerms(q);
  if (words.length === 0) return [];
  const label = sql`lower(${vehicles.make} || ' ' || ${vehicles.model})`;
  const conditions = words.map((t) => sql`${label} like ${`%${escapeLike(t)}%`}`);
  if (year !== null) conditions.push(eq(vehicles.year, year));
  const rows = await db
    .select({
      make: vehicles.make,
      model: vehicles.model,
      year: sql<number>`max(${vehicles.year})::int`,
    })
    .from(vehicles)
    .where(and(...conditions, hasParts))
    .groupBy(vehicles.make, vehicles.model)
    .orderBy(asc(vehicles.make), asc(vehicles.model))
    .limit(limit);
  return rows.map((r) => ({ year: r.year, make: r.make, model: r.model }));
}

export interface BikeWithParts {
  year: number;
  make: string;
  model: string;
  /** "make model" in lower case, as the search box's words are matched against it. */
  label: string;
}

/** Every model year the catalogue has parts for, in the database's make, model, year order. */
export async function bikesWithParts(db: Db): Promise<BikeWithParts[]> {
  const rows = await db
    .select({ year: vehicles.year, make: vehicles.make, model: vehicles.model })
    .from(vehicles)
    .where(hasParts)
    .orderBy(asc(vehicles.make), asc(vehicles.model), asc(vehicles.year));
  return rows.map((r) => ({ ...r, label: `${r.make} ${r.model}`.toLowerCase() }));
}

/** suggestVehicles, answered from bikesWithParts' list (kept in memory by the catalogue index). */
export function suggestVehiclesFrom(
  bikes: readonly BikeWithParts[],
  q: string,
  limit = 5,
): { year: number; make: string; model: string }[] {
  const { year, words } = suggestionTerms(q);
  if (words.length === 0) return [];
  // Map keeps first-seen order, which is the list's (make, model) order.
  const newest = new Map<string, BikeWithParts>();
  for (const bike of bikes) {
    if (year !== null && bike.year !== year) continue;
    if (!words.every((w) => bike.label.includes(w))) continue;
    const key = `${bike.make}\u0000${bike.model}`;
    const seen = newest.get(key);
    if (!seen || bike.year > seen.year) newest.set(key, bike);
  }
  return [...newest.values()].slice(0, limit).map((b) => ({ year: b.year, make: b.make, model: b.model }));
}

/**
 * The known bikes are reference data, kept in step with the list in the code at every start:
 * new models are added, existing rows left as they are.
 */
export async function syncVehicleList(db: Db): Promise<number> {
  // Every start (and every test app) passes here: one read of the ~900 keys finds what the list
  // has that the table lacks (a model added or renamed in vehicles-data.ts), and only those are
  // written. A count would miss a rename, which leaves the number of rows as it was.
  const stored = await db
    .select({ year: vehicles.year, make: vehicles.make, model: vehicles.model })
    .from(vehicles);
  const key = (v: { year: number; make: string; model: string }) =>
    `${v.year}\u0000${v.make}\u0000${v.model}`;
  const have = new Set(stored.map(key));
  const missing = vehicleYears().filter((row) => !have.has(key(row)));
  let added = 0;
  for (let i = 0; i < missing.length; i += 500) {
    const inserted = await db
      .insert(vehicles)
      .values(missing.slice(i, i + 500))
      .onConflictDoNothing()
      .returning({ id: vehicles.id });
    added += inserted.length;
  }
  return added;
}

export async function isKnownVehicle(
  db: Db,
  bike: { year: number; make: string; model: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.year, bike.year), eq(vehicles.make, bike.make), eq(vehicles.model, bike.model)))
    .limit(1);
  return Boolean(row);
}
