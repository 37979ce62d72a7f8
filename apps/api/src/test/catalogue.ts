import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { CATALOGUE_CSV_COLUMNS, type CatalogueCsvColumn } from '@pitstop/core/catalogue-io';
import type { Db } from '../db/client.js';
import { parts } from '../db/schema.js';
import { bearer } from './accounts.js';

/** A part as an admin sends it to POST/PUT /api/parts: valid, with one fitment and one specification. */
export function partBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Admin Test Chain Kit',
    seller: 'Test Supply',
    price: 49.5,
    img: '/images/parts/chains-sprockets.svg',
    description: 'A chain kit.',
    stock: 40,
    availablequantity: 30,
    minquantity: 2,
    brand: 'Honda',
    category: 'chains-sprockets',
    partNumber: `TEST-${randomUUID().slice(0, 8)}`,
    specifications: [{ key: 'Pitch', value: '428' }],
    fitment: [{ make: 'Honda', model: 'CB Shine', yearFrom: 2018, yearTo: 2024 }],
    ...overrides,
  };
}

/** POST /api/parts with partBody(body) as this admin; the answer must be 200. The new part's id. */
export async function createPartAs(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown>,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/parts',
    headers: bearer(token),
    payload: partBody(body),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().insertedId as string;
}

/** PUT /api/parts/:id with partBody(body) as this admin; the answer must be 200. */
export async function editPartAs(
  app: FastifyInstance,
  token: string,
  id: string,
  body: Record<string, unknown>,
): Promise<void> {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/parts/${id}`,
    headers: bearer(token),
    payload: partBody(body),
  });
  expect(res.statusCode, res.body).toBe(200);
}

export type CsvRow = Record<CatalogueCsvColumn, string>;

/** A unique part number per test run, so tests never collide with one another's parts. */
export const csvPartNumber = (name: string) => `CSV-${name}-${randomUUID().slice(0, 8)}`;

/** One valid row of the catalogue import's CSV. */
export function csvRow(overrides: Partial<CsvRow> = {}): CsvRow {
  return {
    part_number: csvPartNumber('X'),
    name: 'Yamaha YZF-R15 V3 Front Brake Pads — Sintered',
    brand: 'Yamaha',
    category: 'brake-pads',
    seller: 'CSV Moto Supply',
    price: '12.99',
    stock: '40',
    available_quantity: '30',
    min_quantity: '1',
    description: 'Sintered pads for the front caliper.',
    image: '',
    universal: 'false',
    specifications: 'Material=Sintered;Pieces=2',
    fitment: 'Yamaha|YZF-R15 V3|2017-2021|front',
    oem_numbers: '',
    interchange_numbers: '',
    supersedes: '',
    ...overrides,
  };
}

function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The rows as a CSV file with a header line (these columns, by default all of them). */
export function catalogueCsv(rows: CsvRow[], columns: readonly string[] = CATALOGUE_CSV_COLUMNS): string {
  const lines = [columns.join(',')];
  for (const r of rows) lines.push(columns.map((c) => cell(r[c as CatalogueCsvColumn] ?? '')).join(','));
  return `${lines.join('\n')}\n`;
}

/** The parts' available quantities, in the order of the ids given (-1 for a part not found). */
export async function availableOf(db: Db, ...ids: string[]): Promise<number[]> {
  const rows = await db
    .select({ id: parts.id, n: parts.availablequantity })
    .from(parts)
    .where(inArray(parts.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.n ?? -1);
}
