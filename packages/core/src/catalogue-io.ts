import { z } from 'zod';
import { ImportResultSchema } from './admin.js';
import { FITMENT_POSITIONS } from './fitment.js';
import { partNumberTexts, type PartNumberKind } from './part-numbers.js';

/**
 * The catalogue CSV (POST /api/parts/import, GET /api/parts/export.csv): its columns, and every
 * text the import answers and the admin screen shows. One row per part, header row first:
 *
 * - part_number      the key: a row whose part number exists updates that part, else adds one
 * - name, seller, description                   text, as in the admin form
 * - brand            a brand of the brands table (Yamaha, EBC, …; case does not matter). An unknown
 *                    brand refuses the row, unless the import is asked to create missing brands
 *                    (POST /api/parts/import?createMissingBrands=true): then it is added as an
 *                    aftermarket brand in the same transaction as the row.
 * - category         one of CATEGORIES (brake-pads, headlights, …)
 * - price            dollars, at most two decimals ("12.99")
 * - stock, available_quantity, min_quantity     whole numbers, min ≤ available ≤ stock
 * - image            a /images/… or /uploads/… path; empty → /images/parts/<category>.svg
 * - universal        true or false (empty = false)
 * - specifications   key=value entries separated by ";" ("Pitch=428;Links=132")
 * - fitment          Make|Model|YearFrom-YearTo|Position entries separated by ";", each with an
 *                    optional |Quantity|Note ("Yamaha|YZF-R15 V3|2017-2021|front|2|Sintered");
 *                    a single year ("2019") is a one-year range; the position may be empty.
 * - oem_numbers      Brand:Number entries separated by "|" (Yamaha:B7B-H4300-00|Honda:06455-KWN-901):
 *                    the makers' numbers for this part
 * - interchange_numbers  Brand:Number entries likewise (EBC:FA196HH|K&N:HA-1009): other brands'
 *                    equivalents
 * - supersedes       the old numbers this part replaces, "|" between them, each with an optional
 *                    Brand: in front (4C8-84310-00|Yamaha:5VL-84310-00)
 *
 * Each number entry is checked by PartNumberEntrySchema (part-numbers.ts), and the list by the
 * admin form's rules (no number twice in one kind, not the part's own number, at most 50); an
 * import that would make a loop of replacements refuses the row that closes it. A part's numbers
 * are replaced by the file's, as its fitment is.
 *
 * Inside specifications, fitment and the number columns a backslash makes the next character
 * literal (`\;`, `\|`, `\=`, `\:`, `\\`). A cell that begins with =, +, -, @, a tab or a carriage return is exported with a
 * leading apostrophe so spreadsheets do not run it as a formula; the import removes that one
 * apostrophe again, so an export re-imports unchanged.
 */
export const CATALOGUE_CSV_COLUMNS = [
  'part_number',
  'name',
  'brand',
  'category',
  'seller',
  'price',
  'stock',
  'available_quantity',
  'min_quantity',
  'description',
  'image',
  'universal',
  'specifications',
  'fitment',
  'oem_numbers',
  'interchange_numbers',
  'supersedes',
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** The column each kind of number travels in. */
export const NUMBER_COLUMN_OF = {
  oem: 'oem_numbers',
  interchange: 'interchange_numbers',
  supersedes: 'supersedes',
} as const satisfies Record<PartNumberKind, CatalogueCsvColumn>;

/**
 * POST /api/parts/import's query: `createMissingBrands=true` adds each brand the file names that
 * the shop does not know (as an aftermarket brand) instead of refusing its rows.
 */
export const ImportQuerySchema = z.object({
  createMissingBrands: z
    .enum(['true', 'false'], { error: 'Write true or false.' })
    .default('false')
    .transform((v) => v === 'true'),
});
export type ImportQuery = z.input<typeof ImportQuerySchema>;

/** The import's answer: the rows' counts and problems, and the brands it created (by name). */
export const CatalogueImportResultSchema = ImportResultSchema.extend({
  brandsCreated: z.array(z.string()),
});
export type CatalogueImportResult = z.infer<typeof CatalogueImportResultSchema>;

/** The multipart field the CSV travels in, and the largest file the import takes. */
export const CATALOGUE_CSV_FIELD = 'file';
export const CATALOGUE_CSV_MAX_BYTES = 200 * 1024 * 1024;
/** The answer lists at most this many failures; `failedRows` still counts them all. */
export const IMPORT_FAILURES_LISTED = 1000;

export const importTexts = {
  noFile: 'Choose a CSV file to import.',
  tooLarge: 'The file is larger than 200 MB. Split it into smaller files.',
  empty: 'The file is empty: the first line must name the columns.',
  header: (unknown: string[], missing: string[], repeated: string[]) =>
    [
      unknown.length ? `Unknown columns: ${unknown.join(', ')}.` : '',
      missing.length ? `Missing columns: ${missing.join(', ')}.` : '',
      repeated.length ? `Columns named twice: ${repeated.join(', ')}.` : '',
      `The columns are: ${CATALOGUE_CSV_COLUMNS.join(', ')}.`,
    ]
      .filter(Boolean)
      .join(' '),
  cellCount: (found: number, expected: number) => `This row has ${found} cells; the header has ${expected}.`,
  malformed: (reason: string) => `This line is not valid CSV (${reason}).`,
  duplicate: (line: number) => `This part number is already on line ${line} of this file.`,
  universal: 'Write true or false (or leave it empty for false).',
  image: 'Use an /images/… or /uploads/… path, or leave it empty.',
  uploadMissing: 'No uploaded picture has this path: upload the photo first.',
  specification: (entry: number) => `Entry ${entry}: write it as key=value.`,
  fitmentShape: (entry: number) =>
    `Entry ${entry}: write it as Make|Model|YearFrom-YearTo|Position, optionally |Quantity|Note.`,
  fitmentYears: (entry: number) => `Entry ${entry}: write the years as 2019 or 2017-2021.`,
  fitmentPosition: (entry: number) =>
    `Entry ${entry}: the position is one of ${FITMENT_POSITIONS.join(', ')}, or empty.`,
  fitmentQuantity: (entry: number) => `Entry ${entry}: the quantity is a whole number from 1 to 99.`,
  entry: (entry: number, message: string) => `Entry ${entry}: ${message}`,
  numberShape: (entry: number) => `Entry ${entry}: write it as Brand:Number (Yamaha:B7B-H4300-00).`,
  unknownBrand: (brand: string, line: number) =>
    `Unknown brand '${brand}' on line ${line}. Add it under Brands first, or import with “Create missing brands” ticked.`,
  supersessionLoop: (number: string, line: number) => `Line ${line}: ${partNumberTexts.cycle(number)}.`,
  tooManyEntries: (max: number) => `At most ${max} entries.`,
  wholeNumber: 'Enter a whole number.',
  notSaved: 'The database refused this row; check its numbers and the length of its texts.',
} as const;

/** The admin screen's Import / export section. */
export const catalogueIoTexts = {
  heading: 'Import / export',
  intro:
    'Add or update many parts at once from a CSV file (one row per part, matched by part number), or download the whole catalogue.',
  columnsHelp: `Columns: ${CATALOGUE_CSV_COLUMNS.join(', ')}.`,
  fileLabel: 'CSV file',
  import: 'Import',
  importing: 'Importing…',
  chooseFile: 'Choose a CSV file first.',
  uploading: (percent: number) => `Uploading… ${percent}%`,
  processing: 'Upload complete. Checking and saving the rows…',
  done: 'Import finished.',
  summary: (created: number, updated: number, unchanged: number) =>
    `${created} created, ${updated} updated, ${unchanged} unchanged.`,
  createBrands: 'Create missing brands',
  createBrandsHint:
    'A brand the shop does not know yet is added as an aftermarket brand. Unticked, its rows are refused.',
  brandsCreated: (names: string[]) =>
    names.length === 1
      ? `1 brand created: ${names[0]}.`
      : `${names.length} brands created: ${names.join(', ')}.`,
  failedHeading: (count: number) =>
    count === 1 ? '1 row was not imported' : `${count} rows were not imported`,
  failedListed: (listed: number) => `Showing the first ${listed} problems.`,
  noFailures: 'Every row was imported.',
  line: 'Line',
  field: 'Column',
  message: 'Problem',
  export: 'Export CSV',
  exporting: 'Preparing the file…',
  exported: 'The catalogue CSV was downloaded.',
  exportFailed: 'The export failed. Please try again.',
  importFailed: 'The import failed.',
} as const;
