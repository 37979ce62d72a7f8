import { parse } from 'csv-parse/sync';
import {
  DIAGRAMS_CSV_COLUMNS,
  DiagramsDocumentSchema,
  type DiagramsCsvColumn,
  type DiagramsDocument,
} from '@pitstop/core/diagrams';
import { diagramTexts } from '@pitstop/core/diagram-texts';
import type { z } from 'zod';
import { AppError, type FieldError } from '../../lib/errors.js';
import type { ImportLocator } from './service.js';

/**
 * The diagrams CSV (DIAGRAMS_CSV_COLUMNS in @pitstop/core/diagrams): one row per part on a
 * callout, RFC 4180 quoting. A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR
 * first) goes out behind one apostrophe, which the import removes again, as the catalogue CSV does.
 */

const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;
const neutralise = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);
const restore = (value: string) => (NEUTRALISED.test(value) ? value.slice(1) : value);
const quote = (value: string) =>
  /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
const line = (cells: string[]) => `${cells.map((c) => quote(neutralise(c))).join(',')}\r\n`;

/** The document as CSV: the header, then a row per callout part (one per assembly without callouts). */
export function diagramsCsv(doc: DiagramsDocument): string {
  const out = [line([...DIAGRAMS_CSV_COLUMNS])];
  for (const a of doc.assemblies) {
    const assembly = [
      a.make,
      a.model,
      String(a.yearFrom),
      String(a.yearTo),
      a.slug,
      a.name,
      a.image,
      String(a.position),
    ];
    if (a.callouts.length === 0) out.push(line([...assembly, '', '', '', '', '', '']));
    for (const c of a.callouts) {
      for (const p of c.parts) {
        out.push(
          line([
            ...assembly,
            String(c.number),
            String(c.x),
            String(c.y),
            p.partNumber,
            String(p.quantity),
            p.note ?? '',
          ]),
        );
      }
    }
  }
  return out.join('');
}

/** The document's field names as the CSV's columns. */
const COLUMN_OF: Record<string, DiagramsCsvColumn> = {
  yearFrom: 'year_from',
  yearTo: 'year_to',
  partNumber: 'part_number',
  parts: 'part_number',
  callouts: 'number',
};
const columnOf = (key: string): string => COLUMN_OF[key] ?? key;

/** Errors name the line they come from ("Line 4: …") under their column. */
class CsvLocator implements ImportLocator {
  readonly assemblyLines: number[] = [];
  readonly calloutLines: number[][] = [];
  readonly partLines: number[][][] = [];
  error(key: string, [a, c, p]: [number, number?, number?], message: string): FieldError {
    const at =
      (c !== undefined && p !== undefined ? this.partLines[a]?.[c]?.[p] : undefined) ??
      (c !== undefined ? this.calloutLines[a]?.[c] : undefined) ??
      this.assemblyLines[a] ??
      1;
    return { field: columnOf(key), message: diagramTexts.importLine(at, message) };
  }
}

const csvError = (lineNumber: number, message: string, field = 'csv') => {
  const text = diagramTexts.importLine(lineNumber, message);
  return new AppError('invalid', text, [{ field, message: text }]);
};

/** A whole number or decimal as a number; anything else is left as text for the schema to refuse. */
function numeric(cell: string): number | string | undefined {
  if (cell === '') return undefined;
  const value = Number(cell);
  return /^[-+0-9.eE]+$/.test(cell) && Number.isFinite(value) ? value : cell;
}

interface RawCallout {
  number: unknown;
  x: unknown;
  y: unknown;
  parts: { partNumber: string; quantity: unknown; note: string | null }[];
}

/**
 * Reads the CSV into the import document and where each of its parts came from; a malformed
 * file, a wrong header or a bad cell is refused with its line.
 */
export function readDiagramsCsv(text: string): { doc: DiagramsDocument; locator: CsvLocator } {
  let records: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      raw: true,
      info: true,
    }) as unknown as typeof records;
  } catch (err) {
    const at = (err as { lines?: unknown }).lines;
    throw csvError(typeof at === 'number' ? at : 1, diagramTexts.importCsvInvalid);
  }
  const [header, ...rows] = records;
  if (!header) throw csvError(1, diagramTexts.importEmpty);
  const names = header.record.map((h) => h.trim().toLowerCase());
  const index = new Map(names.map((n, i) => [n, i]));
  const allNamed =
    names.length === DIAGRAMS_CSV_COLUMNS.length && DIAGRAMS_CSV_COLUMNS.every((c) => index.has(c));
  if (!allNamed) throw csvError(startLine(header), diagramTexts.importHeader(DIAGRAMS_CSV_COLUMNS));
  if (rows.length === 0) throw csvError(startLine(header) + 1, diagramTexts.importEmpty);

  const locator = new CsvLocator();
  const assemblies: (Record<string, unknown> & { callouts: RawCallout[]; signature: string })[] = [];
  const byKey = new Map<string, number>();
  for (const row of rows) {
    const at = startLine(row);
    if (row.record.length !== DIAGRAMS_CSV_COLUMNS.length) {
      throw csvError(at, diagramTexts.importCells(row.record.length, DIAGRAMS_CSV_COLUMNS.length));
    }
    const cell = (c: DiagramsCsvColumn) => restore(row.record[index.get(c)!] ?? '').trim();
    const key = [
      cell('make'),
      cell('model'),
      cell('year_from'),
      cell('year_to'),
      cell('slug') || cell('name'),
    ].join('\u0000');
    const signature = [cell('name'), cell('image'), cell('position')].join('\u0000');
    let a = byKey.get(key);
    if (a === undefined) {
      a = assemblies.length;
      byKey.set(key, a);
      locator.assemblyLines.push(at);
      locator.calloutLines.push([]);
      locator.partLines.push([]);
      assemblies.push({
        make: cell('make'),
        model: cell('model'),
        yearFrom: numeric(cell('year_from')),
        yearTo: numeric(cell('year_to')),
        slug: cell('slug'),
        name: cell('name'),
        image: cell('image'),
        position: numeric(cell('position')) ?? 0,
        callouts: [],
        signature,
      });
    } else if (assemblies[a]!.signature !== signature) {
      throw csvError(at, diagramTexts.importAssemblyChanged, 'name');
    }
    if (cell('number') === '' && cell('part_number') === '') continue;
    const assembly = assemblies[a]!;
    const number = numeric(cell('number'));
    let c = assembly.callouts.findIndex((x) => x.number === number);
    if (c === -1) {
      c = assembly.callouts.length;
      assembly.callouts.push({ number, x: numeric(cell('x')), y: numeric(cell('y')), parts: [] });
      locator.calloutLines[a]!.push(at);
      locator.partLines[a]!.push([]);
    } else {
      const callout = assembly.callouts[c]!;
      if (callout.x !== numeric(cell('x')) || callout.y !== numeric(cell('y'))) {
        throw csvError(at, diagramTexts.importCalloutChanged(cell('number')), 'x');
      }
    }
    assembly.callouts[c]!.parts.push({
      partNumber: cell('part_number'),
      quantity: numeric(cell('quantity')) ?? 1,
      note: cell('note') || null,
    });
    locator.partLines[a]![c]!.push(at);
  }
  const parsed = DiagramsDocumentSchema.safeParse({
    version: 1,
    assemblies: assemblies.map(({ signature: _signature, ...a }) => a),
  });
  if (!parsed.success) throw schemaErrors(parsed.error, locator);
  return { doc: parsed.data, locator };
}

/** The CSV line a record starts on: csv-parse counts the line it ends on. */
function startLine(record: { info: { lines: number }; raw: string }): number {
  const body = record.raw.replace(/\r?\n$/, '');
  return record.info.lines - (body.match(/\n/g)?.length ?? 0);
}

/** A document's schema errors, each placed by the locator (the JSON path, or the CSV line). */
export function schemaErrors(error: z.ZodError, locator: ImportLocator): AppError {
  const errors = error.issues.slice(0, 100).map((issue) => {
    const path = issue.path.map(String);
    if (path[0] !== 'assemblies' || path.length < 2) {
      return { field: path.join('.') || 'assemblies', message: issue.message };
    }
    const a = Number(path[1]);
    const c = path[2] === 'callouts' && path.length > 3 ? Number(path[3]) : undefined;
    const p = c !== undefined && path[4] === 'parts' && path.length > 5 ? Number(path[5]) : undefined;
    const key = path.at(-1) ?? '';
    return locator.error(key, [a, c, p], issue.message);
  });
  return new AppError('invalid', errors[0]?.message ?? diagramTexts.importJsonInvalid, errors);
}
