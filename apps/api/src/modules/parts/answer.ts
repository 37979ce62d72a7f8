import { getTableColumns, sql } from 'drizzle-orm';
import { PgTimestamp } from 'drizzle-orm/pg-core';
import { centsToDollars } from '@pitstop/core/money';
import type { Part, PartListItem } from '@pitstop/core/parts';
import { partFitments, parts, type FitmentRow, type PartRow } from '../../db/schema.js';

/**
 * A part as the catalogue's answers show it, from its row: the columns read (partColumns), or the
 * same built as JSON by the database with the fitment rows beside it (partAnswerJson), for the
 * reads where one statement instead of two is worth it.
 */

export function toFitment(f: FitmentFields): Part['fitment'][number] {
  return {
    make: f.make,
    model: f.model,
    yearFrom: f.yearFrom,
    yearTo: f.yearTo,
    position: f.position ?? null,
    quantity: f.quantity,
    note: f.note ?? null,
  };
}

/**
 * Every column a part answer needs: not the search vector (hundreds of bytes a row that only the
 * database reads) nor the part-number key.
 */
export const { searchVector: _vector, partNumberKey: _key, ...partColumns } = getTableColumns(parts);
export type PartAnswerRow = Omit<PartRow, 'searchVector' | 'partNumberKey'>;

/** What a part's answer shows of a fitment row (a whole row, or partAnswerJson's). */
export type FitmentFields = Pick<
  FitmentRow,
  'make' | 'model' | 'yearFrom' | 'yearTo' | 'position' | 'quantity' | 'note'
>;

export function toPart(row: PartAnswerRow, fitment: readonly FitmentFields[]): Part {
  return {
    _id: row.id,
    name: row.name,
    seller: row.seller,
    price: centsToDollars(row.priceCents),
    img: row.img,
    description: row.description,
    // Only real reviews rate a part; the table's check keeps ratings 0 while there are none.
    ratings: row.reviewCount > 0 ? Math.round(row.ratings * 10) / 10 : 0,
    reviewCount: row.reviewCount,
    stock: row.stock,
    availablequantity: row.availablequantity,
    minquantity: row.minquantity,
    brand: row.brand,
    category: row.category,
    partNumber: row.partNumber,
    specifications: row.specifications,
    universal: row.universal,
    fitment: fitment.map(toFitment),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** partAnswerJson's shape: the row's columns by their names here, times as epoch milliseconds. */
export type PartAnswerJson = Omit<PartAnswerRow, 'createdAt' | 'updatedAt'> & {
  createdAt: number;
  updatedAt: number;
  fitment: FitmentFields[];
};

/**
 * A part's answer as one JSON value: every column of partColumns under its name (made from the
 * table's columns, so a column added later comes with it), and its fitment rows in fitmentsFor's
 * order. Columns are spelt `"parts"."…"`: drizzle leaves a column unqualified in a one-table
 * select, and part_fitments has an id too.
 */
export const partAnswerJson = sql<PartAnswerJson>`json_build_object(${sql.join(
  Object.entries(partColumns).map(([key, column]) => {
    const value = sql`"parts".${sql.identifier(column.name)}`;
    return sql`${sql.raw(`'${key}'`)}, ${column instanceof PgTimestamp ? sql`extract(epoch from ${value}) * 1000` : value}`;
  }),
  sql`, `,
)}, 'fitment', coalesce((
  select json_agg(json_build_object(
    'make', f.make, 'model', f.model, 'yearFrom', f.year_from, 'yearTo', f.year_to,
    'position', f.position, 'quantity', f.quantity, 'note', f.note
  ) order by f.make, f.model, f.year_from)
  from ${partFitments} f where f.part_id = "parts"."id"), '[]'::json))`;

/** The list item partAnswerJson describes, with no reason (a list adds one). */
export function partFromAnswerJson(json: PartAnswerJson): PartListItem {
  const { fitment, createdAt, updatedAt, ...row } = json;
  return {
    ...toPart({ ...row, createdAt: new Date(createdAt), updatedAt: new Date(updatedAt) }, fitment),
    matchedBy: null,
  };
}
