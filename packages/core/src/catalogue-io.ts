import { FITMENT_POSITIONS } from './fitment.js';

/**
 * The catalogue CSV (POST /api/parts/import, GET /api/parts/export.csv): its columns, and every
 * text the import answers and the admin screen shows. One row per part, header row first:
 *
 * - part_number      the key: a row whose part number exists updates that part, else adds one
 * - name, seller, description                   text, as in the admin form
 * - brand            one of BRANDS (Yamaha, Suzuki, …)
 * - category         one of CATEGORIES (brake-pads, headlights, …)
 * - price            dollars, at most two decimals ("12.99")
 * - stock, available_quantity, min_quantity     whole numbers, min ≤ available ≤ stock
 * - image            a /images/… or /uploads/… path; empty → /images/parts/<category>.svg
 * - universal        true or false (empty = false)
 * - specifications   key=value entries separated by ";" ("Pitch=428;Links=132")
 * - fitment          Make|Model|YearFrom-YearTo|Position entries separated by ";", each with an
 *                    optional |Quantity|Note ("Yamaha|YZF-R15 V3|2017-2021|front|2|Sintered");
 *                    a single year ("2019") is a one-year range; the position may be empty.
 *
 * Inside specifications and fitment a backslash makes the next character literal (`\;`, `\|`,
 * `\=`, `\\`). A cell that begins with =, +, -, @, a tab or a carriage return is exported with a
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
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

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
