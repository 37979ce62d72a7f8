import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { parse, type CsvError } from 'csv-parse';
import { asc, gt, sql } from 'drizzle-orm';
import {
  CATALOGUE_CSV_COLUMNS,
  IMPORT_FAILURES_LISTED,
  importTexts,
  type CatalogueCsvColumn,
  type CatalogueImportResult,
} from '@pitstop/core/catalogue-io';
import { brandSlug } from '@pitstop/core/brands';
import type { FitmentPosition } from '@pitstop/core/fitment';
import type { PartNumberKind } from '@pitstop/core/part-numbers';
import type { Db } from '../../db/client.js';
import { brands, partFitments, partNumbers, parts } from '../../db/schema.js';
import { AppError, isDatabaseUnavailable, type ErrorKind, type FieldError } from '../../lib/errors.js';
import { lockSupersessions, supersessionLoop } from '../part-numbers/service.js';
import { isStoredUpload } from '../uploads/stored-upload.js';
import type { UploadStore } from '../uploads/store.js';
import { timeOrderedIds } from './ids.js';
import {
  fitmentSignature,
  headerLine,
  numbersSignature,
  partLine,
  readHeader,
  readRow,
  sameFields,
  type CsvFitment,
  type CsvNumber,
  type CsvPart,
} from './csv.js';

/**
 * Rows written per transaction. Each batch is a few statements whatever its size (read the
 * current rows, upsert, drop old fitment and numbers, insert new ones, look for loops); 500 parts carry about 5,000
 * fitment rows. Measured on 100,000 parts (npm run bench:import): 250–1,000 take the same time
 * within noise, and smaller batches keep less in memory at once.
 */
export const IMPORT_BATCH_SIZE = 500;
/** Parts read per page by the export. */
export const EXPORT_PAGE_SIZE = 1000;
/** A single CSV record larger than this is refused (an unclosed quote would otherwise swallow the file). */
const MAX_RECORD_BYTES = 1_000_000;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Queryable = Db | Tx;

interface PendingRow {
  line: number;
  part: CsvPart;
}

// ---------------------------------------------------------------------------------------------
// Reading the current state

/** The part as stored, in the CSV's terms, with its fitment (one query for a whole batch or page). */
function storedPartColumns() {
  return {
    id: parts.id,
    partNumber: parts.partNumber,
    name: parts.name,
    brand: parts.brand,
    category: parts.category,
    seller: parts.seller,
    priceCents: parts.priceCents,
    stock: parts.stock,
    availablequantity: parts.availablequantity,
    minquantity: parts.minquantity,
    description: parts.description,
    img: parts.img,
    universal: parts.universal,
    specifications: parts.specifications,
    // A fixed order, so a part's entries always come out the same way. (`parts.id` is written
    // out: Drizzle leaves a single table's columns unqualified, which here would mean f.id.)
    fitment: sql<[string, string, number, number, FitmentPosition | null, number, string | null][]>`coalesce((
      select json_agg(json_build_array(f.make, f.model, f.year_from, f.year_to, f.position, f.quantity, f.note)
        order by f.make, f.model, f.year_from, f.year_to, f.position, f.quantity, f.note)
      from ${partFitments} f where f.part_id = parts.id), '[]'::json)`,
    // OEM, interchange, supersedes (the CSV's column order), each kind in the admin's order.
    numbers: sql<[PartNumberKind, string | null, string][]>`coalesce((
      select json_agg(json_build_array(n.kind, n.brand, n.number)
        order by array_position(array['oem', 'interchange', 'supersedes'], n.kind), n.position, n.number)
      from ${partNumbers} n where n.part_id = parts.id), '[]'::json)`,
  };
}

type StoredRow = { id: string } & Omit<CsvPart, 'fitment' | 'numbers'> & {
    fitment: [string, string, number, number, FitmentPosition | null, number, string | null][];
    numbers: [PartNumberKind, string | null, string][];
  };

function toCsvPart(row: StoredRow): CsvPart {
  return {
    ...row,
    fitment: row.fitment.map(([make, model, yearFrom, yearTo, position, quantity, note]): CsvFitment => ({
      make,
      model,
      yearFrom,
      yearTo,
      position,
      quantity,
      note,
    })),
    numbers: row.numbers.map(([kind, brand, number]): CsvNumber => ({ kind, brand, number })),
  };
}

async function storedByNumber(
  db: Queryable,
  numbers: string[],
): Promise<Map<string, CsvPart & { id: string }>> {
  const rows = (await db
    .select(storedPartColumns())
    .from(parts)
    .where(sql`${parts.partNumber} = any(${sql.param(numbers)}::text[])`)) as StoredRow[];
  return new Map(rows.map((r) => [r.partNumber, { ...toCsvPart(r), id: r.id }]));
}

// ---------------------------------------------------------------------------------------------
// Writing one batch

/**
 * One statement upserts the whole batch by part number. The WHERE on the update keeps rows whose
 * columns are all the same (and whose fitment and numbers are the same: `refit` lists the part
 * numbers whose fitment or other numbers differ) exactly as they are, updated_at included, so a re-import touches nothing.
 * Columns travel as one array each (unnest), so the statement has 15 parameters at any size.
 * `xmax = 0` tells a row this statement inserted from one it updated (PostgreSQL's row version
 * bookkeeping; PGlite is the same engine).
 */
async function upsertParts(
  tx: Tx,
  list: CsvPart[],
  refit: string[],
): Promise<{ id: string; partNumber: string; inserted: boolean }[]> {
  const column = <T>(pick: (p: CsvPart) => T) => sql.param(list.map(pick));
  const result = (await tx.execute(sql`
    insert into parts as p (id, part_number, name, brand, category, seller, price_cents, stock,
      available_quantity, min_quantity, description, img, universal, specifications)
    select id, n, name, brand, category, seller, price, stock, available, minimum, description, img, universal, specs::jsonb
    from unnest(
      ${sql.param(timeOrderedIds(list.length))}::uuid[],
      ${column((p) => p.partNumber)}::text[], ${column((p) => p.name)}::text[], ${column((p) => p.brand)}::text[],
      ${column((p) => p.category)}::text[], ${column((p) => p.seller)}::text[], ${column((p) => p.priceCents)}::int[],
      ${column((p) => p.stock)}::int[], ${column((p) => p.availablequantity)}::int[], ${column((p) => p.minquantity)}::int[],
      ${column((p) => p.description)}::text[], ${column((p) => p.img)}::text[], ${column((p) => p.universal)}::bool[],
      ${column((p) => JSON.stringify(p.specifications))}::text[]
    ) as t(id, n, name, brand, category, seller, price, stock, available, minimum, description, img, universal, specs)
    on conflict (part_number) do update set
      name = excluded.name, brand = excluded.brand, category = excluded.category, seller = excluded.seller,
      price_cents = excluded.price_cents, stock = excluded.stock, available_quantity = excluded.available_quantity,
      min_quantity = excluded.min_quantity, description = excluded.description, img = excluded.img,
      universal = excluded.universal, specifications = excluded.specifications, updated_at = now()
    where (p.name, p.brand, p.category, p.seller, p.price_cents, p.stock, p.available_quantity, p.min_quantity,
        p.description, p.img, p.universal, p.specifications)
      is distinct from (excluded.name, excluded.brand, excluded.category, excluded.seller, excluded.price_cents,
        excluded.stock, excluded.available_quantity, excluded.min_quantity, excluded.description, excluded.img,
        excluded.universal, excluded.specifications)
      or p.part_number = any(${sql.param(refit)}::text[])
    returning id, part_number, (xmax = 0) as inserted`)) as unknown as {
    rows: { id: string; part_number: string; inserted: boolean }[];
  };
  return result.rows.map((r) => ({ id: r.id, partNumber: r.part_number, inserted: r.inserted }));
}

interface Written {
  id: string;
  inserted: boolean;
  part: CsvPart;
}

/**
 * The written parts' fitment is replaced: the updated parts' old rows out, the file's rows in
 * (one statement each). Rows go in sorted by bike, the order of the bike index.
 */
async function replaceFitment(tx: Tx, written: Written[]): Promise<void> {
  const updated = written.filter((w) => !w.inserted).map((w) => w.id);
  if (updated.length) {
    await tx.delete(partFitments).where(sql`${partFitments.partId} = any(${sql.param(updated)}::uuid[])`);
  }
  const rows = written.flatMap((w) => w.part.fitment.map((f) => ({ partId: w.id, ...f })));
  if (rows.length === 0) return;
  rows.sort((a, b) =>
    a.make === b.make
      ? a.model === b.model
        ? a.yearFrom - b.yearFrom
        : a.model < b.model
          ? -1
          : 1
      : a.make < b.make
        ? -1
        : 1,
  );
  const column = <T>(pick: (r: (typeof rows)[number]) => T) => sql.param(rows.map(pick));
  await tx.execute(sql`
    insert into part_fitments (id, part_id, make, model, year_from, year_to, position, quantity, note)
    select * from unnest(
      ${sql.param(timeOrderedIds(rows.length))}::uuid[],
      ${column((r) => r.partId)}::uuid[], ${column((r) => r.make)}::text[], ${column((r) => r.model)}::text[],
      ${column((r) => r.yearFrom)}::int[], ${column((r) => r.yearTo)}::int[], ${column((r) => r.position)}::text[],
      ${column((r) => r.quantity)}::int[], ${column((r) => r.note)}::text[])`);
}

/**
 * The written parts' other numbers are replaced like their fitment: the updated parts' old rows
 * out, the file's in, one statement each. `position` is the entry's place in the part's list
 * (OEM, interchange, supersedes), as the admin form saves it (part-numbers module).
 */
async function replaceNumbers(tx: Tx, written: Written[]): Promise<void> {
  const updated = written.filter((w) => !w.inserted).map((w) => w.id);
  if (updated.length) {
    await tx.delete(partNumbers).where(sql`${partNumbers.partId} = any(${sql.param(updated)}::uuid[])`);
  }
  const rows = written.flatMap((w) =>
    w.part.numbers.map((n, position) => ({ partId: w.id, ...n, position })),
  );
  if (rows.length === 0) return;
  const column = <T>(pick: (r: (typeof rows)[number]) => T) => sql.param(rows.map(pick));
  await tx.execute(sql`
    insert into part_numbers (id, part_id, kind, brand, number, position)
    select * from unnest(
      ${sql.param(timeOrderedIds(rows.length))}::uuid[], ${column((r) => r.partId)}::uuid[],
      ${column((r) => r.kind)}::text[], ${column((r) => r.brand)}::text[], ${column((r) => r.number)}::text[],
      ${column((r) => r.position)}::int[])`);
}

/**
 * Adds the brands the batch names that the shop does not know, as aftermarket brands, in the
 * batch's own transaction (a batch that fails takes its brands with it). In name order, so two
 * batches adding the same brands at once wait for each other instead of deadlocking. A slug
 * another brand already holds gets the name's hash after it, as migration 0018 did. Answers the
 * names this transaction added.
 */
async function createBrands(tx: Tx, names: string[]): Promise<string[]> {
  const created: string[] = [];
  for (const name of [...names].sort()) {
    const base = brandSlug(name);
    for (const slug of [base, `${base}-${createHash('md5').update(name).digest('hex').slice(0, 6)}`]) {
      const rows = await tx
        .insert(brands)
        .values({ name, slug, kind: 'aftermarket' })
        .onConflictDoNothing()
        .returning({ name: brands.name });
      if (rows.length) {
        created.push(name);
        break;
      }
      const [existing] = await tx
        .select({ name: brands.name })
        .from(brands)
        .where(sql`${brands.name} = ${name}`);
      if (existing) break;
    }
  }
  return created;
}

/** A batch whose supersessions close a loop: the row that does, and the number it loops on. */
export class SupersessionLoopError extends Error {
  constructor(
    readonly partNumber: string,
    readonly number: string,
  ) {
    super('supersession loop');
  }
}

interface BatchOutcome {
  created: number;
  updated: number;
  unchanged: number;
  brandsCreated: string[];
}

async function writeBatch(
  db: Db,
  batch: PendingRow[],
  newBrands: ReadonlySet<string>,
): Promise<BatchOutcome> {
  return db.transaction(async (tx) => {
    const stored = await storedByNumber(
      tx,
      batch.map((r) => r.part.partNumber),
    );
    const toWrite: CsvPart[] = [];
    const refit: string[] = [];
    for (const { part } of batch) {
      const current = stored.get(part.partNumber);
      const sameFit = current
        ? fitmentSignature(current.fitment) === fitmentSignature(part.fitment) &&
          numbersSignature(current.numbers) === numbersSignature(part.numbers)
        : false;
      if (current && sameFit && sameFields(current, part)) continue;
      if (current && !sameFit) refit.push(part.partNumber);
      toWrite.push(part);
    }
    if (toWrite.length === 0) return { created: 0, updated: 0, unchanged: batch.length, brandsCreated: [] };

    const wanted = [...new Set(toWrite.map((p) => p.brand).filter((b) => newBrands.has(b)))];
    const brandsCreated = wanted.length ? await createBrands(tx, wanted) : [];
    const written = await upsertParts(tx, toWrite, refit);
    const byNumber = new Map(toWrite.map((p) => [p.partNumber, p]));
    const withParts = written.flatMap((w) => {
      const part = byNumber.get(w.partNumber);
      return part ? [{ id: w.id, inserted: w.inserted, part }] : [];
    });
    await replaceFitment(tx, withParts);
    const replacing = withParts.some((w) => w.part.numbers.some((n) => n.kind === 'supersedes'));
    await replaceNumbers(tx, withParts);
    if (replacing) {
      // Batches (PostgreSQL writes two at once) and admins' saves take turns from here to the commit.
      await lockSupersessions(tx);
    }
    await refuseLoops(tx, withParts, new Map(batch.map((r) => [r.part.partNumber, r.line])));
    const created = written.filter((w) => w.inserted).length;
    return {
      created,
      updated: written.length - created,
      unchanged: batch.length - written.length,
      brandsCreated,
    };
  });
}

/**
 * The part-numbers module's loop check over the written parts that replace something (only such
 * a part can close a loop), in the batch's transaction, once for the whole batch. A loop rolls
 * the batch back naming the row that closed it: of the batch's rows on a loop, the file's last
 * (each is asked alone, which only happens when there is a loop).
 */
async function refuseLoops(tx: Tx, written: Written[], lineOf: Map<string, number>): Promise<void> {
  const replacing = written.filter((w) => w.part.numbers.some((n) => n.kind === 'supersedes'));
  if (replacing.length === 0) return;
  const asDb = tx as unknown as Db;
  const loop = await supersessionLoop(
    asDb,
    replacing.map((w) => w.id),
  );
  if (!loop) return;
  let last = { partId: loop.partId, number: loop.number, line: -1 };
  for (const w of replacing) {
    const line = lineOf.get(w.part.partNumber) ?? -1;
    if (line <= last.line) continue;
    const own = w.id === loop.partId ? loop : await supersessionLoop(asDb, [w.id]);
    if (own) last = { partId: w.id, number: own.number, line };
  }
  const part = replacing.find((w) => w.id === last.partId)?.part;
  throw new SupersessionLoopError(part?.partNumber ?? '', last.number);
}

// ---------------------------------------------------------------------------------------------
// The import

/** The 1-based line a record starts on: csv-parse reports the line it ends on. */
function startLine(endLine: number, raw: string | undefined): number {
  if (!raw) return endLine;
  // Leading blank lines (skipped) and the record's own line end are not part of it.
  const body = raw.replace(/^[\r\n]+/, '').replace(/\r?\n$|\r$/, '');
  return endLine - (body.match(/\n/g)?.length ?? 0);
}

export interface ImportOptions {
  /** Where /uploads/ paths are checked (the app's upload store). */
  uploads: UploadStore;
  batchSize?: number;
  /**
   * Batches written at once while the next is read. The file is read and checked in this
   * process while the database writes, so even 1 overlaps the two; PostgreSQL can take 2
   * (each on its own connection), PGlite has one connection and gains nothing from more.
   */
  concurrency?: number;
  /** Add the brands the file names that the shop does not know, instead of refusing their rows. */
  createMissingBrands?: boolean;
}

/** The shop's brands by lower-cased name: a file may write "yamaha" for Yamaha. */
async function knownBrands(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ name: brands.name }).from(brands);
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.name]));
}

const columnOrder = (field: string) => CATALOGUE_CSV_COLUMNS.indexOf(field as CatalogueCsvColumn);

/**
 * Reads a catalogue CSV from a stream and upserts it by part number, a batch at a time, so only
 * a few batches of rows are ever held in memory (plus the part numbers seen, to catch repeats). Good
 * rows land, each bad row is reported with its line, column and message. A header that is not
 * the documented one refuses the whole file before anything is written.
 */
export async function importCatalogue(
  db: Db,
  source: Readable,
  options: ImportOptions,
): Promise<CatalogueImportResult> {
  const batchSize = options.batchSize ?? IMPORT_BATCH_SIZE;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const result: CatalogueImportResult = {
    created: 0,
    updated: 0,
    unchanged: 0,
    failed: [],
    failedRows: 0,
    brandsCreated: [],
  };
  const fail = (line: number, errors: FieldError[]) => {
    result.failedRows++;
    for (const e of errors) {
      if (result.failed.length >= IMPORT_FAILURES_LISTED) break;
      result.failed.push({ line, field: e.field, message: e.message });
    }
  };
  const add = (outcome: BatchOutcome) => {
    result.created += outcome.created;
    result.updated += outcome.updated;
    result.unchanged += outcome.unchanged;
    result.brandsCreated.push(...outcome.brandsCreated);
  };

  // Brands are matched by name whatever the case; unknown ones are refused or (asked to) created.
  const brandNames = await knownBrands(db);
  /** Brands the file names that the shop does not know (created by the batches that use them). */
  const newBrands = new Set<string>();
  const brandProblem = (brand: string, line: number): FieldError | undefined => {
    if (brand === '' || brandNames.has(brand.toLowerCase())) return undefined;
    if (options.createMissingBrands) return undefined;
    return { field: 'brand', message: importTexts.unknownBrand(brand, line) };
  };
  /** The brand as the table writes it; a new one as the file first wrote it. */
  const canonicalBrand = (brand: string): string => {
    const key = brand.toLowerCase();
    const known = brandNames.get(key);
    if (known !== undefined) return known;
    brandNames.set(key, brand);
    newBrands.add(brand);
    return brand;
  };

  /**
   * A batch the database refuses is retried row by row, so one bad row cannot sink 999 good ones.
   * A batch that would close a loop of replacements is written again without the rows that do.
   */
  const flush = async (batch: PendingRow[]): Promise<void> => {
    if (batch.length === 0) return;
    try {
      add(await writeBatch(db, batch, newBrands));
    } catch (err) {
      if (err instanceof SupersessionLoopError) {
        const looping = batch.find((row) => row.part.partNumber === err.partNumber);
        // Named no row of this batch (it always should): the whole batch row by row instead.
        if (!looping) return flushRowByRow(batch, err);
        const { line } = looping;
        fail(line, [{ field: 'supersedes', message: importTexts.supersessionLoop(err.number, line) }]);
        return flush(batch.filter((row) => row !== looping));
      }
      if (isDatabaseUnavailable(err) || batch.length === 1) throw err;
      await flushRowByRow(batch, err);
    }
  };
  const flushRowByRow = async (batch: PendingRow[], err: unknown) => {
    if (batch.length === 1 && !(err instanceof SupersessionLoopError)) throw err;
    for (const row of batch) {
      try {
        add(await writeBatch(db, [row], newBrands));
      } catch (rowErr) {
        if (isDatabaseUnavailable(rowErr)) throw rowErr;
        fail(row.line, [
          rowErr instanceof SupersessionLoopError
            ? { field: 'supersedes', message: importTexts.supersessionLoop(rowErr.number, row.line) }
            : { field: '', message: importTexts.notSaved },
        ]);
      }
    }
  };

  // The uploads module's rule (an /uploads/ path must be a stored file), each path asked once.
  const uploadChecked = new Map<string, boolean>();
  const uploadExists = async (img: string): Promise<boolean> => {
    let known = uploadChecked.get(img);
    if (known === undefined) {
      known = await isStoredUpload(options.uploads, img);
      if (uploadChecked.size < 10_000) uploadChecked.set(img, known);
    }
    return known;
  };

  const parser = source.pipe(
    parse({
      bom: true,
      info: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      max_record_size: MAX_RECORD_BYTES,
    }),
  );
  source.on('error', (err) => parser.destroy(err));
  parser.on('skip', (err: CsvError) => {
    const { lines } = err as unknown as { lines?: unknown };
    const line = typeof lines === 'number' ? lines : 0;
    fail(line, [{ field: '', message: importTexts.malformed(err.code) }]);
  });

  // Batches being written. A failed write stops the import; batches already sent finish first,
  // so nothing is still writing once the answer (or the error) goes out.
  const writing = new Set<Promise<void>>();
  let writeError: { error: unknown } | undefined;
  const send = async (full: PendingRow[]) => {
    while (writing.size >= concurrency) await Promise.race(writing);
    if (writeError) throw writeError.error;
    const write: Promise<void> = flush(full)
      .catch((error: unknown) => {
        writeError ??= { error };
      })
      .finally(() => writing.delete(write));
    writing.add(write);
  };

  let index: Record<CatalogueCsvColumn, number> | undefined;
  let columns = 0;
  /** Part number → the line it landed from, to refuse a second row for it. */
  const seen = new Map<string, number>();
  let batch: PendingRow[] = [];

  try {
    for await (const item of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
      raw?: string;
    }>) {
      const { record } = item;
      if (!index) {
        const header = readHeader(record);
        if (!header.ok) {
          throw new AppError('invalid', header.message, [{ field: 'file', message: header.message }]);
        }
        index = header.index;
        columns = record.length;
        continue;
      }
      const line = startLine(item.info.lines, item.raw);
      if (record.length !== columns) {
        fail(line, [{ field: '', message: importTexts.cellCount(record.length, columns) }]);
        continue;
      }
      const at = index;
      const cells = Object.fromEntries(CATALOGUE_CSV_COLUMNS.map((c) => [c, record[at[c]] ?? ''])) as Record<
        CatalogueCsvColumn,
        string
      >;
      const row = readRow(cells);
      const unknownBrand = brandProblem(cells.brand.trim(), line);
      if (!row.ok || unknownBrand) {
        const errors = row.ok ? [] : row.errors.filter((e) => !unknownBrand || e.field !== 'brand');
        if (unknownBrand) errors.push(unknownBrand);
        fail(
          line,
          errors.sort((a, b) => columnOrder(a.field) - columnOrder(b.field)),
        );
        continue;
      }
      row.part.brand = canonicalBrand(row.part.brand);
      const first = seen.get(row.part.partNumber);
      if (first !== undefined) {
        fail(line, [{ field: 'part_number', message: importTexts.duplicate(first) }]);
        continue;
      }
      if (!(await uploadExists(row.part.img))) {
        fail(line, [{ field: 'image', message: importTexts.uploadMissing }]);
        continue;
      }
      seen.set(row.part.partNumber, line);
      batch.push({ line, part: row.part });
      if (batch.length >= batchSize) {
        const full = batch;
        batch = [];
        await send(full);
      }
    }
    if (!index)
      throw new AppError('invalid', importTexts.empty, [{ field: 'file', message: importTexts.empty }]);
    if (batch.length) await send(batch);
  } finally {
    parser.destroy();
    await Promise.all(writing);
  }
  if (writeError) throw writeError.error;
  result.failed.sort((a, b) => a.line - b.line);
  return result;
}

// ---------------------------------------------------------------------------------------------
// The import in a worker thread (PostgreSQL)

export interface WorkerTask {
  /** The spooled CSV file. */
  file: string;
  databaseUrl: string;
  /**
   * The upload store's folder: a store is an object with methods and cannot cross to the
   * thread, so only a local store's imports run there (see routes.ts).
   */
  uploadsDir: string;
  batchSize: number;
  concurrency: number;
  createMissingBrands: boolean;
}

export type WorkerReply =
  | { ok: true; result: CatalogueImportResult }
  | {
      ok: false;
      kind: ErrorKind | null;
      message: string;
      errors?: FieldError[] | undefined;
      code?: string | undefined;
    };

const WORKER_FILE = new URL('./import-worker.js', import.meta.url);
/**
 * The worker runs from the built server's JavaScript; from TypeScript sources (tests, `npm run
 * dev`) the file is not there and imports run in-thread, which gives the same answers.
 */
export const importWorkerAvailable = fs.existsSync(fileURLToPath(WORKER_FILE));

/**
 * The worker's heap limits. Small on purpose: V8 lets a heap grow to several times its live size
 * before collecting, and an import's live data is one or two batches and the part numbers seen.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 };

/** Runs importCatalogue in ./import-worker.ts with its own connections and answers its result. */
export function importCatalogueInWorker(task: WorkerTask): Promise<CatalogueImportResult> {
  const worker = new Worker(WORKER_FILE, { workerData: task, resourceLimits: WORKER_LIMITS });
  return new Promise((resolve, reject) => {
    let answered = false;
    worker.once('message', (reply: WorkerReply) => {
      answered = true;
      if (reply.ok) resolve(reply.result);
      else if (reply.kind) reject(new AppError(reply.kind, reply.message, reply.errors));
      else reject(Object.assign(new Error(reply.message), { code: reply.code }));
    });
    worker.once('error', (err) => {
      answered = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`The import worker stopped (exit code ${code}).`));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The export

/**
 * The whole catalogue as CSV text, a page of parts at a time in id order (keyset paging: each
 * page is an index range, however deep). Pages are separate reads rather than one snapshot, so a
 * long download never holds a transaction open (PGlite has one connection for the whole shop).
 */
export async function* exportCatalogue(db: Db, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<string> {
  // A byte-order mark, so spreadsheet programs read the file as UTF-8.
  yield `\uFEFF${headerLine()}`;
  let after: string | undefined;
  for (;;) {
    const rows = (await db
      .select(storedPartColumns())
      .from(parts)
      .where(after === undefined ? undefined : gt(parts.id, after))
      .orderBy(asc(parts.id))
      .limit(pageSize)) as StoredRow[];
    if (rows.length === 0) return;
    yield rows.map((r) => partLine(toCsvPart(r))).join('');
    after = rows[rows.length - 1]?.id;
    if (rows.length < pageSize) return;
  }
}
