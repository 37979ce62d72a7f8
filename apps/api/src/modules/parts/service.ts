import { and, asc, eq, exists, ilike, inArray, lte, gte, or, sql, type SQL } from 'drizzle-orm';
import type { PartInput } from '@pitstop/core/admin';
import { centsToDollars, dollarsToCents } from '@pitstop/core/money';
import type { Part, PartListQuery } from '@pitstop/core/parts';
import type { Db } from '../../db/client.js';
import { partFitments, parts, type FitmentRow, type PartRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { escapeLike } from '../../lib/sql.js';

export interface PartPage {
  items: Part[];
  total: number;
}

function toPart(row: PartRow, fitment: FitmentRow[]): Part {
  return {
    _id: row.id,
    name: row.name,
    seller: row.seller,
    price: centsToDollars(row.priceCents),
    img: row.img,
    description: row.description,
    ratings: Math.round(row.ratings * 10) / 10,
    reviewCount: row.reviewCount,
    stock: row.stock,
    availablequantity: row.availablequantity,
    minquantity: row.minquantity,
    brand: row.brand,
    category: row.category,
    partNumber: row.partNumber,
    specifications: row.specifications,
    fitment: fitment.map((f) => ({ make: f.make, model: f.model, yearFrom: f.yearFrom, yearTo: f.yearTo })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function filtersOf(db: Db, query: PartListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const text = or(
      ilike(parts.name, pattern),
      ilike(parts.description, pattern),
      ilike(parts.partNumber, pattern),
      ilike(parts.seller, pattern),
    );
    if (text) conditions.push(text);
  }
  if (query.brand) conditions.push(eq(parts.brand, query.brand));
  if (query.category) conditions.push(eq(parts.category, query.category));
  if (query.make || query.model || query.year !== undefined) {
    const fit: SQL[] = [eq(partFitments.partId, parts.id)];
    if (query.make) fit.push(ilike(partFitments.make, escapeLike(query.make)));
    if (query.model) fit.push(ilike(partFitments.model, `%${escapeLike(query.model)}%`));
    if (query.year !== undefined) {
      fit.push(lte(partFitments.yearFrom, query.year), gte(partFitments.yearTo, query.year));
    }
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(partFitments)
          .where(and(...fit)),
      ),
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

async function fitmentsFor(db: Db, ids: string[]): Promise<Map<string, FitmentRow[]>> {
  const byPart = new Map<string, FitmentRow[]>();
  if (ids.length === 0) return byPart;
  const rows = await db
    .select()
    .from(partFitments)
    .where(inArray(partFitments.partId, ids))
    .orderBy(asc(partFitments.make), asc(partFitments.model), asc(partFitments.yearFrom));
  for (const row of rows) {
    const list = byPart.get(row.partId) ?? [];
    list.push(row);
    byPart.set(row.partId, list);
  }
  return byPart;
}

export async function listParts(db: Db, query: PartListQuery): Promise<PartPage> {
  const where = filtersOf(db, query);
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(parts)
      .where(where)
      .orderBy(asc(parts.createdAt), asc(parts.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(parts)
      .where(where),
  ]);
  const fitments = await fitmentsFor(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toPart(r, fitments.get(r.id) ?? [])),
    total: counted[0]?.total ?? 0,
  };
}

export async function getPart(db: Db, id: string): Promise<Part> {
  const [row] = await db.select().from(parts).where(eq(parts.id, id)).limit(1);
  if (!row) throw new AppError('not_found', 'We could not find that part.');
  const fitments = await fitmentsFor(db, [row.id]);
  return toPart(row, fitments.get(row.id) ?? []);
}

function rowValues(input: PartInput) {
  return {
    name: input.name,
    seller: input.seller,
    priceCents: dollarsToCents(input.price),
    img: input.img,
    description: input.description,
    ratings: input.ratings,
    stock: input.stock,
    availablequantity: input.availablequantity,
    minquantity: input.minquantity,
    brand: input.brand,
    category: input.category,
    partNumber: input.partNumber,
    specifications: input.specifications,
  };
}

const duplicateNumber = () =>
  new AppError('conflict', 'Another part already has this part number.', [
    { field: 'partNumber', message: 'Another part already has this part number.' },
  ]);

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Admins add a part with its fitment rows, in one transaction. */
export async function createPartFromInput(db: Db, input: PartInput): Promise<{ insertedId: string }> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(parts).values(rowValues(input)).returning({ id: parts.id });
      if (!row) throw new Error('part was not inserted');
      if (input.fitment.length) {
        await tx.insert(partFitments).values(input.fitment.map((f) => ({ partId: row.id, ...f })));
      }
      return { insertedId: row.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateNumber();
    throw err;
  }
}

/** Admins edit a part; its fitment rows are replaced by the ones given. */
export async function updatePartFromInput(db: Db, id: string, input: PartInput): Promise<Part> {
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(parts)
        .set({ ...rowValues(input), updatedAt: new Date() })
        .where(eq(parts.id, id))
        .returning({ id: parts.id });
      if (!row) throw new AppError('not_found', 'We could not find that part.');
      await tx.delete(partFitments).where(eq(partFitments.partId, id));
      if (input.fitment.length) {
        await tx.insert(partFitments).values(input.fitment.map((f) => ({ partId: id, ...f })));
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateNumber();
    throw err;
  }
  return getPart(db, id);
}

/** Orders keep their own copy of the part's name and price, so they survive its deletion. */
export async function deletePartById(db: Db, id: string): Promise<{ deletedCount: number }> {
  const deleted = await db.delete(parts).where(eq(parts.id, id)).returning({ id: parts.id });
  return { deletedCount: deleted.length };
}
