import { and, asc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  assemblySlug,
  diagramAssemblyPath,
  diagramPicture,
  diagramThumbnail,
  vehicleSlug,
  type AssemblyDetail,
  type AssemblySummary,
  type Callout,
  type CalloutInputSchema,
  type CalloutMove,
  type DiagramBikeSummary,
  type DiagramsDocument,
  type AssemblyInputSchema,
  type PartDiagramLink,
  type ResolvedBike,
} from '@pitstop/core/diagrams';
import { diagramTexts } from '@pitstop/core/diagram-texts';
import { centsToDollars } from '@pitstop/core/money';
import { partNumberKey } from '@pitstop/core/part-number-key';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { assemblies, assemblyCallouts, calloutParts, partNumbers, parts, vehicles } from '../../db/schema.js';
import { AppError, hasSqlState, type FieldError } from '../../lib/errors.js';
import { escapeLike } from '../../lib/sql.js';
import { recordAudit, type AuditContext } from '../audit/service.js';

/**
 * Parts diagrams (issue #29): a bike model's assemblies over year ranges, their numbered callouts
 * and the parts each names. Reads answer the contract in @pitstop/core/diagrams; every admin
 * write is one transaction with its audit row.
 */

type AssemblyValues = z.output<typeof AssemblyInputSchema>;
type CalloutValues = z.output<typeof CalloutInputSchema>;
export interface BikeQuery {
  year: number;
  make: string;
  model: string;
}

const summaryColumns = {
  id: assemblies.id,
  make: assemblies.make,
  model: assemblies.model,
  yearFrom: assemblies.yearFrom,
  yearTo: assemblies.yearTo,
  name: assemblies.name,
  slug: assemblies.slug,
  image: assemblies.image,
  position: assemblies.position,
  // Written out: drizzle names a column of the one table it selects from without its table.
  calloutCount: sql<number>`(select count(*)::int from assembly_callouts c where c.assembly_id = "assemblies"."id")`,
};
type SummaryRow = Omit<AssemblySummary, 'thumbnail'>;

const toSummary = (row: SummaryRow): AssemblySummary => ({ ...row, thumbnail: diagramThumbnail(row.image) });

const forBike = (bike: ResolvedBike): SQL =>
  and(
    eq(assemblies.make, bike.make),
    eq(assemblies.model, bike.model),
    lte(assemblies.yearFrom, bike.year),
    gte(assemblies.yearTo, bike.year),
  )!;

const notFound = () => new AppError('not_found', diagramTexts.assemblyNotFound);

/* ---------- Reads ---------- */

/** Every bike model with diagrams, its assemblies' years joined (the picker's links, the sitemap). */
export async function diagramBikes(db: Db): Promise<DiagramBikeSummary[]> {
  return db
    .select({
      make: assemblies.make,
      model: assemblies.model,
      yearFrom: sql<number>`min(${assemblies.yearFrom})::int`,
      yearTo: sql<number>`max(${assemblies.yearTo})::int`,
      assemblies: sql<number>`count(*)::int`,
    })
    .from(assemblies)
    .groupBy(assemblies.make, assemblies.model)
    .orderBy(asc(assemblies.make), asc(assemblies.model));
}

/**
 * The bike a diagram address names: make and model slugs (vehicleSlug) matched against the shop's
 * vehicles of that year, and against the assemblies covering it (a bike may have diagrams before
 * it has parts). Null when nothing matches.
 */
export async function resolveBike(db: Db, query: BikeQuery): Promise<ResolvedBike | null> {
  const make = vehicleSlug(query.make);
  const model = vehicleSlug(query.model);
  const candidates = await db
    .selectDistinct({ make: vehicles.make, model: vehicles.model })
    .from(vehicles)
    .where(eq(vehicles.year, query.year))
    .union(
      db
        .selectDistinct({ make: assemblies.make, model: assemblies.model })
        .from(assemblies)
        .where(and(lte(assemblies.yearFrom, query.year), gte(assemblies.yearTo, query.year))),
    );
  const found = candidates
    .sort((a, b) => a.make.localeCompare(b.make) || a.model.localeCompare(b.model))
    .find((c) => vehicleSlug(c.make) === make && vehicleSlug(c.model) === model);
  return found ? { year: query.year, make: found.make, model: found.model } : null;
}

export async function requireBike(db: Db, query: BikeQuery): Promise<ResolvedBike> {
  const bike = await resolveBike(db, query);
  if (!bike) throw new AppError('not_found', diagramTexts.bikeNotFound);
  return bike;
}

/** A bike's assemblies in their order; `q` keeps those whose name has every word of it. */
export async function bikeAssemblies(db: Db, bike: ResolvedBike, q?: string): Promise<AssemblySummary[]> {
  const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6);
  const rows = await db
    .select(summaryColumns)
    .from(assemblies)
    .where(and(forBike(bike), ...words.map((w) => sql`${assemblies.name} ilike ${`%${escapeLike(w)}%`}`)))
    .orderBy(asc(assemblies.position), asc(assemblies.name));
  return rows.map(toSummary);
}

/** The admin's list: every assembly, or a make's, a model's, those covering a year. */
export async function listAssemblies(
  db: Db,
  filter: { make?: string | undefined; model?: string | undefined; year?: number | undefined },
): Promise<AssemblySummary[]> {
  const conditions: SQL[] = [];
  if (filter.make) conditions.push(eq(assemblies.make, filter.make));
  if (filter.model) conditions.push(eq(assemblies.model, filter.model));
  if (filter.year !== undefined) {
    conditions.push(lte(assemblies.yearFrom, filter.year), gte(assemblies.yearTo, filter.year));
  }
  const rows = await db
    .select(summaryColumns)
    .from(assemblies)
    .where(and(...conditions))
    .orderBy(
      asc(assemblies.make),
      asc(assemblies.model),
      asc(assemblies.yearFrom),
      asc(assemblies.position),
      asc(assemblies.name),
    );
  return rows.map(toSummary);
}

/** One assembly with its callouts in number order and each callout's parts, `fits` for the bike. */
async function detailOf(db: Db, summary: SummaryRow, bike: ResolvedBike): Promise<AssemblyDetail> {
  const callouts = await db
    .select({
      id: assemblyCallouts.id,
      number: assemblyCallouts.number,
      x: assemblyCallouts.x,
      y: assemblyCallouts.y,
    })
    .from(assemblyCallouts)
    .where(eq(assemblyCallouts.assemblyId, summary.id))
    .orderBy(asc(assemblyCallouts.number));
  const rows = callouts.length
    ? await db
        .select({
          calloutId: calloutParts.calloutId,
          _id: parts.id,
          name: parts.name,
          partNumber: parts.partNumber,
          brand: parts.brand,
          // For price lists' category rules (issue #30): laid over the cached answer per viewer.
          category: parts.category,
          priceCents: parts.priceCents,
          img: parts.img,
          availablequantity: parts.availablequantity,
          minquantity: parts.minquantity,
          universal: parts.universal,
          quantity: calloutParts.quantity,
          note: calloutParts.note,
          fitsBike: sql<boolean>`exists (select 1 from part_fitments f where f.part_id = ${parts.id}
            and f.make = ${bike.make} and f.model = ${bike.model}
            and f.year_from <= ${bike.year} and f.year_to >= ${bike.year})`,
        })
        .from(calloutParts)
        .innerJoin(parts, eq(parts.id, calloutParts.partId))
        .where(
          inArray(
            calloutParts.calloutId,
            callouts.map((c) => c.id),
          ),
        )
        .orderBy(asc(calloutParts.position), asc(parts.name))
    : [];
  const byCallout = new Map<string, Callout['parts']>();
  for (const { calloutId, priceCents, fitsBike, ...part } of rows) {
    const list = byCallout.get(calloutId) ?? [];
    list.push({ ...part, price: centsToDollars(priceCents), fits: Boolean(fitsBike) || part.universal });
    byCallout.set(calloutId, list);
  }
  return {
    ...toSummary(summary),
    picture: diagramPicture(summary.image),
    bike,
    callouts: callouts.map((c) => ({ ...c, parts: byCallout.get(c.id) ?? [] })),
  };
}

/** One assembly of a bike by its slug, or null. */
export async function bikeAssembly(db: Db, bike: ResolvedBike, slug: string): Promise<AssemblyDetail | null> {
  const [row] = await db
    .select(summaryColumns)
    .from(assemblies)
    .where(and(forBike(bike), eq(assemblies.slug, slug)))
    .orderBy(asc(assemblies.yearFrom))
    .limit(1);
  return row ? detailOf(db, row, bike) : null;
}

/** One assembly by id (the admin's), `fits` for the year asked or its first year. */
export async function assemblyById(db: Db, id: string, year?: number): Promise<AssemblyDetail> {
  const [row] = await db.select(summaryColumns).from(assemblies).where(eq(assemblies.id, id)).limit(1);
  if (!row) throw notFound();
  const bikeYear = year !== undefined && year >= row.yearFrom && year <= row.yearTo ? year : row.yearFrom;
  return detailOf(db, row, { year: bikeYear, make: row.make, model: row.model });
}

/**
 * The diagrams a part is on, for "See it on the diagram": with a bike, only its assemblies (the
 * link opens that bike's year); without, every one (the link opens its last year).
 */
export async function partDiagrams(db: Db, partId: string, bike?: BikeQuery): Promise<PartDiagramLink[]> {
  const conditions: SQL[] = [eq(calloutParts.partId, partId)];
  if (bike) {
    conditions.push(
      eq(assemblies.make, bike.make),
      eq(assemblies.model, bike.model),
      lte(assemblies.yearFrom, bike.year),
      gte(assemblies.yearTo, bike.year),
    );
  }
  const rows = await db
    .select({
      assemblyId: assemblies.id,
      name: assemblies.name,
      make: assemblies.make,
      model: assemblies.model,
      yearFrom: assemblies.yearFrom,
      yearTo: assemblies.yearTo,
      slug: assemblies.slug,
      number: sql<number>`min(${assemblyCallouts.number})::int`,
    })
    .from(calloutParts)
    .innerJoin(assemblyCallouts, eq(assemblyCallouts.id, calloutParts.calloutId))
    .innerJoin(assemblies, eq(assemblies.id, assemblyCallouts.assemblyId))
    .where(and(...conditions))
    .groupBy(assemblies.id)
    .orderBy(asc(assemblies.make), asc(assemblies.model), asc(assemblies.yearFrom), asc(assemblies.position));
  return rows.map((r) => ({
    ...r,
    path: diagramAssemblyPath({ year: bike?.year ?? r.yearTo, make: r.make, model: r.model }, r.slug),
  }));
}

/* ---------- Admin writes ---------- */

const assemblyAudited = (a: {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  name: string;
  slug: string;
  image: string;
  position: number;
}) => ({
  make: a.make,
  model: a.model,
  yearFrom: a.yearFrom,
  yearTo: a.yearTo,
  name: a.name,
  slug: a.slug,
  image: a.image,
  position: a.position,
});

const slugTaken = (slug: string) =>
  new AppError('conflict', diagramTexts.slugTaken(slug), [
    { field: 'slug', message: diagramTexts.slugTaken(slug) },
  ]);

/**
 * A bike's address names one assembly per slug: another assembly of the same model with the slug
 * over years that overlap these would make /diagrams/…/:year/:slug mean two things.
 */
async function assertSlugFree(
  tx: Db,
  values: AssemblyValues & { slug: string },
  exceptId?: string,
): Promise<void> {
  const [clash] = await tx
    .select({ id: assemblies.id })
    .from(assemblies)
    .where(
      and(
        eq(assemblies.make, values.make),
        eq(assemblies.model, values.model),
        eq(assemblies.slug, values.slug),
        lte(assemblies.yearFrom, values.yearTo),
        gte(assemblies.yearTo, values.yearFrom),
        exceptId ? ne(assemblies.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw slugTaken(values.slug);
}

const withSlug = <T extends { slug: string; name: string }>(values: T): T => ({
  ...values,
  slug: values.slug || assemblySlug(values.name) || 'assembly',
});

export async function createAssembly(
  db: Db,
  input: AssemblyValues,
  audit: AuditContext,
): Promise<AssemblyDetail> {
  const values = withSlug(input);
  const id = await db
    .transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await assertSlugFree(tx, values);
      const [row] = await tx.insert(assemblies).values(values).returning({ id: assemblies.id });
      if (!row) throw new Error('assembly was not inserted');
      await recordAudit(tx, audit, {
        action: 'assembly.create',
        recordType: 'assembly',
        recordId: row.id,
        after: assemblyAudited(values),
      });
      return row.id;
    })
    .catch(rethrowSlugClash(values.slug));
  return assemblyById(db, id);
}

const rethrowSlugClash = (slug: string) => (err: unknown) => {
  if (hasSqlState(err, '23505')) throw slugTaken(slug);
  throw err;
};

export async function updateAssembly(
  db: Db,
  id: string,
  input: AssemblyValues,
  audit: AuditContext,
): Promise<AssemblyDetail> {
  const values = withSlug(input);
  await db
    .transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [was] = await tx.select().from(assemblies).where(eq(assemblies.id, id)).limit(1).for('update');
      if (!was) throw notFound();
      await assertSlugFree(tx, values, id);
      await tx
        .update(assemblies)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(assemblies.id, id));
      await recordAudit(tx, audit, {
        action: 'assembly.update',
        recordType: 'assembly',
        recordId: id,
        before: assemblyAudited(was),
        after: assemblyAudited(values),
        about: { name: was.name, make: was.make, model: was.model },
      });
    })
    .catch(rethrowSlugClash(values.slug));
  return assemblyById(db, id);
}

export async function deleteAssembly(db: Db, id: string, audit: AuditContext): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [gone] = await tx.delete(assemblies).where(eq(assemblies.id, id)).returning();
    if (!gone) throw notFound();
    await recordAudit(tx, audit, {
      action: 'assembly.delete',
      recordType: 'assembly',
      recordId: id,
      before: assemblyAudited(gone),
    });
  });
}

/**
 * Part numbers as the quick search matches them (partNumberKey: no dashes, spaces, dots, case):
 * a part's own number first, else an OEM or interchange number that names exactly one part.
 * Answers key → part id for the numbers found.
 */
export async function resolvePartNumbers(db: Db, numbers: string[]): Promise<Map<string, string>> {
  const keys = [...new Set(numbers.map(partNumberKey).filter(Boolean))];
  const found = new Map<string, string>();
  if (keys.length === 0) return found;
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000);
    const own = await db
      .select({ key: parts.partNumberKey, id: parts.id })
      .from(parts)
      .where(inArray(parts.partNumberKey, chunk));
    for (const row of own) found.set(row.key, row.id);
    const rest = chunk.filter((k) => !found.has(k));
    if (rest.length === 0) continue;
    const other = await db
      .select({ key: partNumbers.numberKey, id: sql<string>`min(${partNumbers.partId}::text)` })
      .from(partNumbers)
      .where(and(inArray(partNumbers.numberKey, rest), inArray(partNumbers.kind, ['oem', 'interchange'])))
      .groupBy(partNumbers.numberKey)
      .having(sql`count(distinct ${partNumbers.partId}) = 1`);
    for (const row of other) found.set(row.key, row.id);
  }
  return found;
}

/** The callout's parts as rows, or 400 naming `parts.N.partNumber` for a number no part has. */
async function calloutPartRows(
  tx: Db,
  calloutId: string,
  input: CalloutValues,
): Promise<(typeof calloutParts.$inferInsert)[]> {
  const found = await resolvePartNumbers(
    tx,
    input.parts.map((p) => p.partNumber),
  );
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const rows = input.parts.flatMap((p, index) => {
    const partId = found.get(partNumberKey(p.partNumber));
    if (!partId) {
      errors.push({
        field: `parts.${index}.partNumber`,
        message: diagramTexts.unknownPartNumber(p.partNumber),
      });
      return [];
    }
    if (seen.has(partId)) {
      errors.push({ field: `parts.${index}.partNumber`, message: diagramTexts.partRepeated(p.partNumber) });
      return [];
    }
    seen.add(partId);
    return [{ calloutId, partId, quantity: p.quantity, note: p.note || null, position: index }];
  });
  if (errors.length) throw new AppError('invalid', errors[0]!.message, errors);
  return rows;
}

const numberTaken = (n: number) =>
  new AppError('conflict', diagramTexts.numberTaken(n), [
    { field: 'number', message: diagramTexts.numberTaken(n) },
  ]);

async function lockAssembly(tx: Db, id: string) {
  const [row] = await tx
    .select({ id: assemblies.id, name: assemblies.name, make: assemblies.make, model: assemblies.model })
    .from(assemblies)
    .where(eq(assemblies.id, id))
    .limit(1)
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** How the audit trail shows a callout: its place and parts by their own numbers ("B1A-F5805-00 ×2"). */
async function calloutAuditOf(tx: Db, calloutId: string): Promise<Record<string, unknown>> {
  const [c] = await tx
    .select({ x: assemblyCallouts.x, y: assemblyCallouts.y })
    .from(assemblyCallouts)
    .where(eq(assemblyCallouts.id, calloutId));
  const rows = await tx
    .select({ partNumber: parts.partNumber, quantity: calloutParts.quantity, note: calloutParts.note })
    .from(calloutParts)
    .innerJoin(parts, eq(parts.id, calloutParts.partId))
    .where(eq(calloutParts.calloutId, calloutId))
    .orderBy(asc(calloutParts.position));
  return {
    x: c?.x,
    y: c?.y,
    parts: rows.map((p) => `${p.partNumber} ×${p.quantity}${p.note ? ` (${p.note})` : ''}`).join(', '),
  };
}

async function touch(tx: Db, id: string): Promise<void> {
  await tx.update(assemblies).set({ updatedAt: new Date() }).where(eq(assemblies.id, id));
}

export async function addCallout(
  db: Db,
  assemblyId: string,
  input: CalloutValues,
  audit: AuditContext,
): Promise<AssemblyDetail> {
  await db
    .transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const assembly = await lockAssembly(tx, assemblyId);
      const [taken] = await tx
        .select({ id: assemblyCallouts.id })
        .from(assemblyCallouts)
        .where(and(eq(assemblyCallouts.assemblyId, assemblyId), eq(assemblyCallouts.number, input.number)));
      if (taken) throw numberTaken(input.number);
      const [row] = await tx
        .insert(assemblyCallouts)
        .values({ assemblyId, number: input.number, x: input.x, y: input.y })
        .returning({ id: assemblyCallouts.id });
      if (!row) throw new Error('callout was not inserted');
      await tx.insert(calloutParts).values(await calloutPartRows(tx, row.id, input));
      await touch(tx, assemblyId);
      await recordAudit(tx, audit, {
        action: 'assembly.update',
        recordType: 'assembly',
        recordId: assemblyId,
        before: { [`callout ${input.number}`]: null },
        after: { [`callout ${input.number}`]: await calloutAuditOf(tx, row.id) },
        about: { name: assembly.name, make: assembly.make, model: assembly.model },
      });
    })
    .catch((err: unknown) => {
      if (hasSqlState(err, '23505')) throw numberTaken(input.number);
      throw err;
    });
  return assemblyById(db, assemblyId);
}

async function requireCallout(tx: Db, assemblyId: string, calloutId: string) {
  const [row] = await tx
    .select()
    .from(assemblyCallouts)
    .where(and(eq(assemblyCallouts.id, calloutId), eq(assemblyCallouts.assemblyId, assemblyId)))
    .limit(1);
  if (!row) throw new AppError('not_found', diagramTexts.calloutNotFound);
  return row;
}

/** A callout's number, place and parts replaced by these. */
export async function replaceCallout(
  db: Db,
  assemblyId: string,
  calloutId: string,
  input: CalloutValues,
  audit: AuditContext,
): Promise<AssemblyDetail> {
  await db
    .transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const assembly = await lockAssembly(tx, assemblyId);
      const was = await requireCallout(tx, assemblyId, calloutId);
      const before = await calloutAuditOf(tx, calloutId);
      if (input.number !== was.number) {
        const [taken] = await tx
          .select({ id: assemblyCallouts.id })
          .from(assemblyCallouts)
          .where(and(eq(assemblyCallouts.assemblyId, assemblyId), eq(assemblyCallouts.number, input.number)));
        if (taken) throw numberTaken(input.number);
      }
      await tx
        .update(assemblyCallouts)
        .set({ number: input.number, x: input.x, y: input.y })
        .where(eq(assemblyCallouts.id, calloutId));
      await tx.delete(calloutParts).where(eq(calloutParts.calloutId, calloutId));
      await tx.insert(calloutParts).values(await calloutPartRows(tx, calloutId, input));
      await touch(tx, assemblyId);
      await recordAudit(tx, audit, {
        action: 'assembly.update',
        recordType: 'assembly',
        recordId: assemblyId,
        before: { [`callout ${was.number}`]: before },
        after: { [`callout ${input.number}`]: await calloutAuditOf(tx, calloutId) },
        about: { name: assembly.name, make: assembly.make, model: assembly.model },
      });
    })
    .catch((err: unknown) => {
      if (hasSqlState(err, '23505')) throw numberTaken(input.number);
      throw err;
    });
  return assemblyById(db, assemblyId);
}

export async function moveCallout(
  db: Db,
  assemblyId: string,
  calloutId: string,
  move: CalloutMove,
  audit: AuditContext,
): Promise<AssemblyDetail> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const assembly = await lockAssembly(tx, assemblyId);
    const was = await requireCallout(tx, assemblyId, calloutId);
    await tx.update(assemblyCallouts).set({ x: move.x, y: move.y }).where(eq(assemblyCallouts.id, calloutId));
    await touch(tx, assemblyId);
    const key = `callout ${was.number}`;
    await recordAudit(tx, audit, {
      action: 'assembly.update',
      recordType: 'assembly',
      recordId: assemblyId,
      before: { [key]: { x: was.x, y: was.y } },
      after: { [key]: { x: move.x, y: move.y } },
      about: { name: assembly.name, make: assembly.make, model: assembly.model },
    });
  });
  return assemblyById(db, assemblyId);
}

export async function deleteCallout(
  db: Db,
  assemblyId: string,
  calloutId: string,
  audit: AuditContext,
): Promise<AssemblyDetail> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const assembly = await lockAssembly(tx, assemblyId);
    const was = await requireCallout(tx, assemblyId, calloutId);
    const before = await calloutAuditOf(tx, calloutId);
    await tx.delete(assemblyCallouts).where(eq(assemblyCallouts.id, calloutId));
    await touch(tx, assemblyId);
    await recordAudit(tx, audit, {
      action: 'assembly.update',
      recordType: 'assembly',
      recordId: assemblyId,
      before: { [`callout ${was.number}`]: before },
      after: { [`callout ${was.number}`]: null },
      about: { name: assembly.name, make: assembly.make, model: assembly.model },
    });
  });
  return assemblyById(db, assemblyId);
}

/* ---------- Import / export ---------- */

/** A bike's assemblies (or all) with their callouts and parts, as the JSON document. */
export async function exportDiagrams(
  db: Db,
  filter: { make?: string | undefined; model?: string | undefined; year?: number | undefined },
): Promise<DiagramsDocument> {
  const list = await listAssemblies(db, filter);
  const ids = list.map((a) => a.id);
  const callouts = ids.length
    ? await db
        .select({
          id: assemblyCallouts.id,
          assemblyId: assemblyCallouts.assemblyId,
          number: assemblyCallouts.number,
          x: assemblyCallouts.x,
          y: assemblyCallouts.y,
        })
        .from(assemblyCallouts)
        .where(inArray(assemblyCallouts.assemblyId, ids))
        .orderBy(asc(assemblyCallouts.number))
    : [];
  const partRows = callouts.length
    ? await db
        .select({
          calloutId: calloutParts.calloutId,
          partNumber: parts.partNumber,
          quantity: calloutParts.quantity,
          note: calloutParts.note,
        })
        .from(calloutParts)
        .innerJoin(parts, eq(parts.id, calloutParts.partId))
        .where(
          inArray(
            calloutParts.calloutId,
            callouts.map((c) => c.id),
          ),
        )
        .orderBy(asc(calloutParts.position), asc(parts.partNumber))
    : [];
  return {
    version: 1,
    assemblies: list.map((a) => ({
      make: a.make,
      model: a.model,
      yearFrom: a.yearFrom,
      yearTo: a.yearTo,
      name: a.name,
      slug: a.slug,
      image: a.image,
      position: a.position,
      callouts: callouts
        .filter((c) => c.assemblyId === a.id)
        .map((c) => ({
          number: c.number,
          x: c.x,
          y: c.y,
          parts: partRows
            .filter((p) => p.calloutId === c.id)
            .map((p) => ({ partNumber: p.partNumber, quantity: p.quantity, note: p.note })),
        })),
    })),
  };
}

/**
 * Where an import's error is reported: the JSON document's path, or the CSV's line and column.
 * `at` is the assembly's index in the document, then the callout's and the part's when the error
 * is theirs; `key` is the document's field name.
 */
export interface ImportLocator {
  /** The error as the answer lists it. */
  error(key: string, at: [number, number?, number?], message: string): FieldError;
}

export const jsonLocator: ImportLocator = {
  error(key, [a, c, p], message) {
    const path = ['assemblies', a];
    if (c !== undefined) path.push('callouts', c);
    if (p !== undefined) path.push('parts', p);
    return { field: [...path, key].join('.'), message };
  },
};

/**
 * Checks a whole import document (part numbers, pictures, repeated callouts and assemblies, slugs)
 * and writes it in one transaction with one audit row: all of it lands, or none and every error
 * is listed. An assembly already at its bike and slug is replaced (its callouts too).
 */
export async function importDiagrams(
  db: Db,
  doc: DiagramsDocument,
  options: { audit: AuditContext; locator: ImportLocator; isStoredImage: (url: string) => Promise<boolean> },
): Promise<{ assemblies: number; callouts: number; parts: number }> {
  const { locator } = options;
  const errors: FieldError[] = [];
  const found = await resolvePartNumbers(
    db,
    doc.assemblies.flatMap((a) => a.callouts.flatMap((c) => c.parts.map((p) => p.partNumber))),
  );
  const keys = new Set<string>();
  const documentAssemblies = doc.assemblies.map((a) => withSlug(a));
  for (const [ai, a] of documentAssemblies.entries()) {
    const key = [a.make, a.model, a.yearFrom, a.yearTo, a.slug].join('\u0000');
    if (keys.has(key)) errors.push(locator.error('slug', [ai], diagramTexts.slugTaken(a.slug)));
    keys.add(key);
    if (!(await options.isStoredImage(a.image))) {
      errors.push(locator.error('image', [ai], diagramTexts.imageRequired));
    }
    const numbers = new Set<number>();
    for (const [ci, c] of a.callouts.entries()) {
      if (numbers.has(c.number))
        errors.push(locator.error('number', [ai, ci], diagramTexts.numberTaken(c.number)));
      numbers.add(c.number);
      const seen = new Set<string>();
      for (const [pi, p] of c.parts.entries()) {
        const partId = found.get(partNumberKey(p.partNumber));
        if (!partId)
          errors.push(
            locator.error('partNumber', [ai, ci, pi], diagramTexts.unknownPartNumber(p.partNumber)),
          );
        else if (seen.has(partId)) {
          errors.push(locator.error('partNumber', [ai, ci, pi], diagramTexts.partRepeated(p.partNumber)));
        } else seen.add(partId);
      }
    }
  }
  if (errors.length) throw new AppError('invalid', errors[0]!.message, errors.slice(0, 100));

  const counts = { assemblies: 0, callouts: 0, parts: 0 };
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    for (const [ai, a] of documentAssemblies.entries()) {
      const { callouts, ...values } = a;
      const [existing] = await tx
        .select({ id: assemblies.id })
        .from(assemblies)
        .where(
          and(
            eq(assemblies.make, a.make),
            eq(assemblies.model, a.model),
            eq(assemblies.yearFrom, a.yearFrom),
            eq(assemblies.yearTo, a.yearTo),
            eq(assemblies.slug, a.slug),
          ),
        )
        .for('update');
      try {
        await assertSlugFree(tx, values, existing?.id);
      } catch (err) {
        if (err instanceof AppError)
          throw new AppError('invalid', err.message, [locator.error('slug', [ai], err.message)]);
        throw err;
      }
      let id: string;
      if (existing) {
        id = existing.id;
        await tx
          .update(assemblies)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(assemblies.id, id));
        await tx.delete(assemblyCallouts).where(eq(assemblyCallouts.assemblyId, id));
      } else {
        const [row] = await tx.insert(assemblies).values(values).returning({ id: assemblies.id });
        if (!row) throw new Error('assembly was not inserted');
        id = row.id;
      }
      counts.assemblies++;
      if (callouts.length === 0) continue;
      const inserted = await tx
        .insert(assemblyCallouts)
        .values(callouts.map((c) => ({ assemblyId: id, number: c.number, x: c.x, y: c.y })))
        .returning({ id: assemblyCallouts.id, number: assemblyCallouts.number });
      const idOf = new Map(inserted.map((r) => [r.number, r.id]));
      const partValues = callouts.flatMap((c) =>
        c.parts.map((p, position) => ({
          calloutId: idOf.get(c.number)!,
          partId: found.get(partNumberKey(p.partNumber))!,
          quantity: p.quantity,
          note: p.note || null,
          position,
        })),
      );
      await tx.insert(calloutParts).values(partValues);
      counts.callouts += callouts.length;
      counts.parts += partValues.length;
    }
    await recordAudit(tx, options.audit, {
      action: 'assembly.import',
      recordType: 'assembly',
      recordId: null,
      after: {
        ...counts,
        bikes: [...new Set(documentAssemblies.map((a) => `${a.make} ${a.model}`))].slice(0, 20).join(', '),
      },
    });
  });
  return counts;
}
