import { refreshPartRating } from '../modules/reviews/service.js';
import type { Db } from '../db/client.js';
import { partFitments, parts, reviews, type NewPartRow, type PartRow } from '../db/schema.js';
import type { SeedFitment, SeedPart } from './catalogue-data.js';

let counter = 0;

/** A valid part with overrides; tests and the demo seed both build parts through here. */
export function buildPart(overrides: Partial<SeedPart> = {}): SeedPart {
  counter++;
  return {
    name: `Test Brake Pad ${counter}`,
    brand: 'Yamaha',
    category: 'brake-pads',
    partNumber: `TEST-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}`,
    seller: 'Test Moto Supply',
    priceCents: 1999,
    description: 'A test part.',
    stock: 100,
    availablequantity: 100,
    minquantity: 1,
    specifications: [{ key: 'Material', value: 'Sintered' }],
    fitment: [{ make: 'Yamaha', model: 'FZ-S V3', yearFrom: 2019, yearTo: 2024 }],
    img: '/images/parts/brake-pads.svg',
    ...overrides,
  };
}

function toRow(part: SeedPart, createdAt?: Date): NewPartRow {
  return {
    name: part.name,
    seller: part.seller,
    priceCents: part.priceCents,
    img: part.img,
    description: part.description,
    stock: part.stock,
    availablequantity: part.availablequantity,
    minquantity: part.minquantity,
    brand: part.brand,
    category: part.category,
    partNumber: part.partNumber,
    specifications: part.specifications,
    universal: part.universal ?? false,
    ...(createdAt ? { createdAt, updatedAt: createdAt } : {}),
  };
}

/**
 * Inserts parts with their fitment in one transaction. Creation times are spaced a millisecond
 * apart so catalogue order (oldest first) is the order given here.
 */
export async function insertParts(db: Db, list: SeedPart[]): Promise<PartRow[]> {
  if (list.length === 0) return [];
  const base = Date.now() - list.length;
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(parts)
      .values(list.map((p, i) => toRow(p, new Date(base + i))))
      .returning();
    const fitments = rows.flatMap((row, i) =>
      (list[i]?.fitment ?? []).map((f: SeedFitment) => ({
        partId: row.id,
        make: f.make,
        model: f.model,
        yearFrom: f.yearFrom,
        yearTo: f.yearTo,
        position: f.position ?? null,
        quantity: f.quantity ?? 1,
        note: f.note ?? null,
      })),
    );
    if (fitments.length) await tx.insert(partFitments).values(fitments);
    return rows;
  });
}

export async function createPart(db: Db, overrides: Partial<SeedPart> = {}): Promise<PartRow> {
  const [row] = await insertParts(db, [buildPart(overrides)]);
  if (!row) throw new Error('part was not inserted');
  return row;
}

/**
 * Reviews of a part with the given star ratings (1–5), and the part's rating refreshed from
 * them as adding a review through the API does. For tests: the demo catalogue has no reviews.
 */
export async function addReviews(
  db: Db,
  part: Pick<PartRow, 'id' | 'name'>,
  ratings: number[],
): Promise<void> {
  if (ratings.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.insert(reviews).values(
      ratings.map((rating, i) => ({
        partId: part.id,
        partName: part.name,
        name: `Test Rider ${i + 1}`,
        email: `rider${i + 1}@example.com`,
        descriptions: 'A test review.',
        img: '/images/parts/brake-pads.svg',
        rating,
      })),
    );
    await refreshPartRating(tx, part.id);
  });
}
