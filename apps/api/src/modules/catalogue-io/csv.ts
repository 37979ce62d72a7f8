/*
 * The catalogue CSV, cell by cell: reading a row into a part (with the admin form's own rules)
 * and writing a part as a row. Pure functions; the service streams rows through them.
 *
 * Columns (header row first, any order, all required; documented for admins in
 * packages/core/src/catalogue-io.ts):
 *   part_number,name,brand,category,seller,price,stock,available_quantity,min_quantity,
 *   description,image,universal,specifications,fitment,oem_numbers,interchange_numbers,supersedes
 * - price in dollars ("12.99"); universal true/false (empty = false)
 * - image a /images/… or /uploads/… path; empty → /images/parts/<category>.svg
 * - specifications `key=value` entries separated by `;`
 * - fitment `Make|Model|YearFrom-YearTo|Position` entries separated by `;`, each with an optional
 *   `|Quantity|Note`; a single year ("2019") is allowed and the position may be empty
 * - oem_numbers and interchange_numbers `Brand:Number` entries separated by `|`
 *   (`Yamaha:B7B-H4300-00|Honda:06455-KWN-901`); supersedes likewise, the `Brand:` optional
 * - inside specifications, fitment and the numbers, `\` makes the next character literal
 *   (`\;`, `\|`, `\=`, `\:`)
 * - a cell beginning with =, +, -, @, tab or CR is exported behind one `'` (spreadsheet formula
 *   injection); the import strips that one `'` again so an export re-imports unchanged.
 */
import type { ZodError } from 'zod';
import { PartInputSchema } from '@pitstop/core/admin';
import {
  CATALOGUE_CSV_COLUMNS,
  NUMBER_COLUMN_OF,
  importTexts,
  type CatalogueCsvColumn,
} from '@pitstop/core/catalogue-io';
import {
  PART_NUMBER_KINDS,
  PART_NUMBERS_MAX,
  PartNumberEntrySchema,
  partNumbersIssues,
  type PartNumberKind,
} from '@pitstop/core/part-numbers';
import { FITMENT_POSITIONS, type FitmentPosition } from '@pitstop/core/fitment';
import { FitmentSchema } from '@pitstop/core/parts';
import { centsToDollars, dollarsToCents } from '@pitstop/core/money';
import type { FieldError } from '../../lib/errors.js';

export { CATALOGUE_CSV_COLUMNS };

/** A part as the import writes it and compares it: the database's units (cents), canonical order. */
export interface CsvPart {
  partNumber: string;
  name: string;
  brand: string;
  category: string;
  seller: string;
  priceCents: number;
  stock: number;
  availablequantity: number;
  minquantity: number;
  description: string;
  img: string;
  universal: boolean;
  specifications: { key: string; value: string }[];
  fitment: CsvFitment[];
  /** OEM, then interchange, then supersedes; each kind in the order written. */
  numbers: CsvNumber[];
}

export interface CsvNumber {
  kind: PartNumberKind;
  brand: string | null;
  number: string;
}

export interface CsvFitment {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  position: FitmentPosition | null;
  quantity: number;
  note: string | null;
}

export type RowResult = { ok: true; part: CsvPart } | { ok: false; errors: FieldError[] };

// ---------------------------------------------------------------------------------------------
// Spreadsheet formula injection (OWASP "CSV Injection")

const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/**
 * A cell a spreadsheet would run as a formula goes out behind one apostrophe. Cells that already
 * begin with apostrophes before such a character get one more, so the import's single strip
 * gives back exactly what was stored.
 */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function restoreCell(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value;
}

// ---------------------------------------------------------------------------------------------
// Lists inside a cell: `;` between entries, `|` or `=` inside one, `\` escapes

function splitEscaped(text: string, separator: string, limit?: 2): string[] {
  // Nearly every cell has no escapes: split natively (the import reads a million entries).
  if (!text.includes('\\')) {
    if (limit !== 2) return text.split(separator);
    const at = text.indexOf(separator);
    return at < 0 ? [text] : [text.slice(0, at), text.slice(at + 1)];
  }
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '\\' && i + 1 < text.length) {
      // Kept escaped until the innermost split, which unescapes.
      current += ch + (text[i + 1] as string);
      i++;
    } else if (ch === separator && (limit === undefined || out.length < limit - 1)) {
      out.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  out.push(current);
  return out;
}

function unescape(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\(.)/gs, '$1');
}

function escapeValue(text: string): string {
  return text.replace(/[\\;|=]/g, (c) => `\\${c}`);
}

/** A number's brand or text inside its cell: `|` ends an entry and `:` ends a brand. */
function escapeNumberValue(text: string): string {
  return text.replace(/[\\;|=:]/g, (c) => `\\${c}`);
}

/** Entries of a list cell, empty ones skipped ("a=1;;b=2;" has two). */
function entries(cell: string): string[] {
  return splitEscaped(cell, ';').filter((e) => e.trim() !== '');
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Where each of PartInputSchema's fields lives in the CSV. */
const COLUMN_OF: Record<string, CatalogueCsvColumn> = {
  partNumber: 'part_number',
  name: 'name',
  brand: 'brand',
  category: 'category',
  seller: 'seller',
  price: 'price',
  stock: 'stock',
  availablequantity: 'available_quantity',
  minquantity: 'min_quantity',
  description: 'description',
  img: 'image',
  universal: 'universal',
  specifications: 'specifications',
  fitment: 'fitment',
  oem_numbers: 'oem_numbers',
  interchange_numbers: 'interchange_numbers',
  supersedes: 'supersedes',
};

const NUMBER_COLUMNS = new Set<CatalogueCsvColumn>(['price', 'stock', 'available_quantity', 'min_quantity']);
const POSITIONS = new Set<string>(FITMENT_POSITIONS);
const YEAR = /^\d{4}$/;

/** "2019" or "2017-2021" → [from, to]; anything else → undefined. */
function readYears(text: string): [number, number] | undefined {
  const [from = '', to, ...rest] = text.split('-').map((y) => y.trim());
  if (rest.length || !YEAR.test(from) || (to !== undefined && !YEAR.test(to))) return undefined;
  return [Number(from), Number(to ?? from)];
}

/** Empty number cells are missing values (zod's coercion would read "" as 0). */
function numberCell(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function readSpecifications(cell: string, errors: FieldError[]): { key: string; value: string }[] {
  const list: { key: string; value: string }[] = [];
  entries(cell).forEach((entry, i) => {
    const [key, value] = splitEscaped(entry, '=', 2);
    if (value === undefined || unescape(key ?? '').trim() === '' || unescape(value).trim() === '') {
      errors.push({ field: 'specifications', message: importTexts.specification(i + 1) });
      return;
    }
    list.push({ key: unescape(key ?? ''), value: unescape(value) });
  });
  return list;
}

type EntryResult = { ok: true; fitment: CsvFitment } | { ok: false; message: (entry: number) => string };

/**
 * Fitment entries repeat across a catalogue (the same bike and years on thousands of parts), and
 * checking one with FitmentSchema costs more than the rest of the row: each distinct entry text
 * is checked once and its frozen result reused. Bounded, and reset when full.
 */
const entryCache = new Map<string, EntryResult>();
const ENTRY_CACHE_MAX = 50_000;

function checkFitmentEntry(entry: string): EntryResult {
  const fields = splitEscaped(entry, '|').map((f) => unescape(f).trim());
  if (fields.length < 3 || fields.length > 6) return { ok: false, message: importTexts.fitmentShape };
  const [make = '', model = '', years = '', position = '', quantity = '', note = ''] = fields;
  const range = readYears(years);
  if (!range) return { ok: false, message: importTexts.fitmentYears };
  const where = position.toLowerCase();
  if (where !== '' && !POSITIONS.has(where)) return { ok: false, message: importTexts.fitmentPosition };
  if (quantity !== '' && (!/^\d{1,2}$/.test(quantity) || Number(quantity) < 1)) {
    return { ok: false, message: importTexts.fitmentQuantity };
  }
  const parsed = FitmentSchema.safeParse({
    make,
    model,
    yearFrom: range[0],
    yearTo: range[1],
    position: where === '' ? null : where,
    quantity: quantity === '' ? 1 : Number(quantity),
    note: note === '' ? null : note,
  });
  if (!parsed.success) {
    const reason = parsed.error.issues[0]?.message ?? 'is invalid';
    return { ok: false, message: (n) => importTexts.entry(n, reason) };
  }
  const f = parsed.data;
  return {
    ok: true,
    fitment: Object.freeze({
      make: f.make,
      model: f.model,
      yearFrom: f.yearFrom,
      yearTo: f.yearTo,
      position: f.position,
      quantity: f.quantity,
      note: f.note,
    }),
  };
}

function readFitment(cell: string, errors: FieldError[]): CsvFitment[] {
  const list: CsvFitment[] = [];
  entries(cell).forEach((entry, i) => {
    let result = entryCache.get(entry);
    if (!result) {
      result = checkFitmentEntry(entry);
      if (entryCache.size >= ENTRY_CACHE_MAX) entryCache.clear();
      entryCache.set(entry, result);
    }
    if (result.ok) list.push(result.fitment);
    else errors.push({ field: 'fitment', message: result.message(i + 1) });
  });
  return list;
}

type NumberResult = { ok: true; entry: CsvNumber } | { ok: false; message: (entry: number) => string };

/** Number entries repeat too (an interchange shared by many parts): checked once per text, as fitment. */
const numberCache = new Map<string, NumberResult>();

function checkNumberEntry(kind: PartNumberKind, entry: string): NumberResult {
  const [first = '', second] = splitEscaped(entry, ':', 2);
  // "Brand:Number"; a supersession may be written without its brand.
  if (second === undefined && kind !== 'supersedes') return { ok: false, message: importTexts.numberShape };
  const brand = second === undefined ? null : unescape(first).trim();
  const parsed = PartNumberEntrySchema.safeParse({
    kind,
    brand: brand === '' ? null : brand,
    number: unescape(second ?? first),
  });
  if (!parsed.success) {
    const reason = parsed.error.issues[0]?.message ?? 'is invalid';
    return { ok: false, message: (n) => importTexts.entry(n, reason) };
  }
  const { brand: b, number } = parsed.data;
  return { ok: true, entry: Object.freeze({ kind, brand: b === '' ? null : b, number }) };
}

/** The three number columns, kind by kind; `columnOf[i]` and `entryOf[i]` say where numbers[i] was written. */
function readNumbers(
  cell: (column: CatalogueCsvColumn) => string,
  errors: FieldError[],
): { numbers: CsvNumber[]; columnOf: CatalogueCsvColumn[]; entryOf: number[] } {
  const numbers: CsvNumber[] = [];
  const columnOf: CatalogueCsvColumn[] = [];
  const entryOf: number[] = [];
  for (const kind of PART_NUMBER_KINDS) {
    const column = NUMBER_COLUMN_OF[kind];
    splitEscaped(cell(column), '|')
      .filter((e) => e.trim() !== '')
      .forEach((entry, i) => {
        const key = `${kind}\u0000${entry}`;
        let result = numberCache.get(key);
        if (!result) {
          result = checkNumberEntry(kind, entry);
          if (numberCache.size >= ENTRY_CACHE_MAX) numberCache.clear();
          numberCache.set(key, result);
        }
        if (!result.ok) {
          errors.push({ field: column, message: result.message(i + 1) });
          return;
        }
        numbers.push(result.entry);
        columnOf.push(column);
        entryOf.push(i + 1);
      });
  }
  return { numbers, columnOf, entryOf };
}

/** The list's own rules (PartInputSchema's): at most 50, none twice in a kind, not the part's own number. */
function checkNumberList(
  read: ReturnType<typeof readNumbers>,
  partNumber: string,
  errors: FieldError[],
): void {
  const { numbers, columnOf, entryOf } = read;
  if (numbers.length > PART_NUMBERS_MAX) {
    const column = columnOf[PART_NUMBERS_MAX] ?? 'oem_numbers';
    errors.push({ field: column, message: importTexts.tooManyEntries(PART_NUMBERS_MAX) });
  }
  for (const { index, message } of partNumbersIssues(numbers, partNumber.trim())) {
    const column = columnOf[index];
    if (column) errors.push({ field: column, message: importTexts.entry(entryOf[index] ?? 0, message) });
  }
}

/**
 * The most fitment entries PartInputSchema takes, read from its own `.max()` (zod 4 keeps it in
 * the array's public def), so the entries checked above need not be checked again as an array.
 */
function fitmentMaximum(): number | undefined {
  const array = PartInputSchema.shape.fitment.unwrap();
  for (const check of array.def.checks ?? []) {
    const def = check._zod.def as { check?: string; maximum?: unknown };
    if (def.check === 'max_length' && typeof def.maximum === 'number') return def.maximum;
  }
  return undefined;
}
const FITMENT_MAX = fitmentMaximum();

function issuesToErrors(error: ZodError, root?: string): FieldError[] {
  return error.issues.map((issue) => {
    const path = root === undefined ? issue.path : [root, ...issue.path];
    const [first, index] = path;
    const field = COLUMN_OF[String(first)] ?? String(first ?? '');
    let message = issue.message;
    if (field === 'image') message = importTexts.image;
    else if (typeof index === 'number') message = importTexts.entry(index + 1, message);
    else if ((field === 'fitment' || field === 'specifications') && issue.code === 'too_big') {
      message = importTexts.tooManyEntries(Number((issue as { maximum?: unknown }).maximum));
    } else if (NUMBER_COLUMNS.has(field as CatalogueCsvColumn) && message.startsWith('Invalid input')) {
      message = importTexts.wholeNumber;
    }
    return { field, message };
  });
}

/** One error per column (the first found), in the file's column order. */
function firstPerColumn(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  const order = (field: string) => CATALOGUE_CSV_COLUMNS.indexOf(field as CatalogueCsvColumn);
  return errors
    .filter((e) => (seen.has(e.field) ? false : (seen.add(e.field), true)))
    .sort((a, b) => order(a.field) - order(b.field));
}

/**
 * One CSV row (cells by column) into a part, checked by PartInputSchema: the same rules and
 * messages as the admin form. Cell-format problems (a fitment entry without years, a bad
 * universal flag) are reported with the schema's problems, one per column.
 */
export function readRow(cells: Record<CatalogueCsvColumn, string>): RowResult {
  const cell = (column: CatalogueCsvColumn) => restoreCell(cells[column]);
  const errors: FieldError[] = [];

  const universalText = cell('universal').trim().toLowerCase();
  let universal = false;
  if (universalText === 'true') universal = true;
  else if (universalText !== '' && universalText !== 'false') {
    errors.push({ field: 'universal', message: importTexts.universal });
  }
  const specifications = readSpecifications(cell('specifications'), errors);
  const fitment = readFitment(cell('fitment'), errors);
  const numbers = readNumbers(cell, errors);
  if (numbers.numbers.length) checkNumberList(numbers, cell('part_number'), errors);
  const category = cell('category').trim();
  const image = cell('image').trim();

  const parsed = PartInputSchema.safeParse({
    partNumber: cell('part_number'),
    name: cell('name'),
    brand: cell('brand').trim(),
    category,
    seller: cell('seller'),
    price: numberCell(cell('price')),
    stock: numberCell(cell('stock')),
    availablequantity: numberCell(cell('available_quantity')),
    minquantity: numberCell(cell('min_quantity')),
    description: cell('description'),
    img: image === '' ? `/images/parts/${category}.svg` : image,
    universal,
    specifications,
    // Checked entry by entry above; the array rule alone is checked here.
    fitment: [],
    // Checked entry by entry and as a list above (the same rules, from part-numbers.ts).
    numbers: [],
  });
  if (!parsed.success) errors.push(...issuesToErrors(parsed.error));
  if (FITMENT_MAX === undefined) {
    const array = PartInputSchema.shape.fitment.safeParse(fitment);
    if (!array.success) errors.push(...issuesToErrors(array.error, 'fitment'));
  } else if (fitment.length > FITMENT_MAX) {
    errors.push({ field: 'fitment', message: importTexts.tooManyEntries(FITMENT_MAX) });
  }
  if (errors.length || !parsed.success) return { ok: false, errors: firstPerColumn(errors) };

  const p = parsed.data;
  return {
    ok: true,
    part: {
      partNumber: p.partNumber,
      name: p.name,
      brand: p.brand,
      category: p.category,
      seller: p.seller,
      priceCents: dollarsToCents(p.price),
      stock: p.stock,
      availablequantity: p.availablequantity,
      minquantity: p.minquantity,
      description: p.description,
      img: p.img,
      universal: p.universal,
      specifications: p.specifications,
      fitment,
      numbers: numbers.numbers,
    },
  };
}

/**
 * The header row: each column's index. Returns the problems instead when a column is unknown,
 * missing or named twice (names are compared trimmed and case-insensitively).
 */
export function readHeader(
  header: string[],
): { ok: true; index: Record<CatalogueCsvColumn, number> } | { ok: false; message: string } {
  const known = new Set<string>(CATALOGUE_CSV_COLUMNS);
  const names = header.map((h) => h.trim().toLowerCase());
  const unknown = names.filter((n) => !known.has(n)).map((n) => (n === '' ? '(empty)' : n));
  const missing = CATALOGUE_CSV_COLUMNS.filter((c) => !names.includes(c));
  const repeated = [...new Set(names.filter((n, i) => known.has(n) && names.indexOf(n) !== i))];
  if (unknown.length || missing.length || repeated.length) {
    return { ok: false, message: importTexts.header(unknown, missing, repeated) };
  }
  const index = Object.fromEntries(names.map((n, i) => [n, i])) as Record<CatalogueCsvColumn, number>;
  return { ok: true, index };
}

// ---------------------------------------------------------------------------------------------
// Comparing: what "unchanged" means

function fitmentKey(f: CsvFitment): string {
  return JSON.stringify([f.make, f.model, f.yearFrom, f.yearTo, f.position, f.quantity, f.note]);
}

/** A part's numbers in order (the order is the admin's, so it counts). */
export function numbersSignature(list: CsvNumber[]): string {
  return JSON.stringify(list.map((n) => [n.kind, n.brand, n.number]));
}

/** The fitment entries as a set: the order they are written in changes nothing. */
export function fitmentSignature(list: CsvFitment[]): string {
  return list.map(fitmentKey).sort().join('\n');
}

export function sameFields(a: CsvPart, b: CsvPart): boolean {
  return (
    a.name === b.name &&
    a.brand === b.brand &&
    a.category === b.category &&
    a.seller === b.seller &&
    a.priceCents === b.priceCents &&
    a.stock === b.stock &&
    a.availablequantity === b.availablequantity &&
    a.minquantity === b.minquantity &&
    a.description === b.description &&
    a.img === b.img &&
    a.universal === b.universal &&
    JSON.stringify(a.specifications.map((s) => [s.key, s.value])) ===
      JSON.stringify(b.specifications.map((s) => [s.key, s.value]))
  );
}

// ---------------------------------------------------------------------------------------------
// Writing

/** RFC 4180 quoting: only cells that need it. */
function quote(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvLine(cells: string[]): string {
  return `${cells.map((c) => quote(neutraliseCell(c))).join(',')}\r\n`;
}

function formatFitment(f: CsvFitment): string {
  const years = f.yearFrom === f.yearTo ? String(f.yearFrom) : `${f.yearFrom}-${f.yearTo}`;
  const fields = [escapeValue(f.make), escapeValue(f.model), years];
  if (f.position || f.quantity !== 1 || f.note) fields.push(f.position ?? '');
  if (f.quantity !== 1 || f.note) fields.push(String(f.quantity));
  if (f.note) fields.push(escapeValue(f.note));
  return fields.join('|');
}

function formatNumbers(list: CsvNumber[], kind: PartNumberKind): string {
  return list
    .filter((n) => n.kind === kind)
    .map((n) => (n.brand ? `${escapeNumberValue(n.brand)}:` : '') + escapeNumberValue(n.number))
    .join('|');
}

export function headerLine(): string {
  return csvLine([...CATALOGUE_CSV_COLUMNS]);
}

/** A part as one CSV line, in CATALOGUE_CSV_COLUMNS order. */
export function partLine(p: CsvPart): string {
  const cells: Record<CatalogueCsvColumn, string> = {
    part_number: p.partNumber,
    name: p.name,
    brand: p.brand,
    category: p.category,
    seller: p.seller,
    price: centsToDollars(p.priceCents).toFixed(2),
    stock: String(p.stock),
    available_quantity: String(p.availablequantity),
    min_quantity: String(p.minquantity),
    description: p.description,
    image: p.img,
    universal: p.universal ? 'true' : 'false',
    specifications: p.specifications.map((s) => `${escapeValue(s.key)}=${escapeValue(s.value)}`).join(';'),
    fitment: p.fitment.map(formatFitment).join(';'),
    oem_numbers: formatNumbers(p.numbers, 'oem'),
    interchange_numbers: formatNumbers(p.numbers, 'interchange'),
    supersedes: formatNumbers(p.numbers, 'supersedes'),
  };
  return csvLine(CATALOGUE_CSV_COLUMNS.map((c) => cells[c]));
}
