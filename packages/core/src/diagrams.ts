import { z } from 'zod';
import { vehicleSlug } from './diagram-paths.js';
import { diagramTexts } from './diagram-texts.js';
import {
  ILLUSTRATION_SIZES,
  illustrationRenditions,
  parseUploadedImageUrl,
  UPLOADED_IMAGE_URL,
  uploadVariantUrl,
  uploadVariantWidths,
} from './images.js';
import { nameText, searchText, singleLineText } from './text.js';
import { VEHICLE_YEAR_MAX, VEHICLE_YEAR_MIN } from './vehicle-fit.js';

/**
 * Parts diagrams (issue #29): per bike model and year range, assemblies ("Front brake caliper")
 * each drawn in one picture with numbered callouts on it; a callout names one or more parts, each
 * with the units one bike takes. The contract between the API (modules/diagrams), the rider's
 * pages and the admin editor.
 *
 * Addresses. The rider's pages name the bike by URL slugs of its make and model (vehicleSlug:
 * lowercase, every run of other characters one '-'), resolved against the shop's vehicles:
 *   /diagrams/:make/:model/:year           the bike's assemblies       (diagramBikePath)
 *   /diagrams/:make/:model/:year/:slug     one assembly                (diagramAssemblyPath)
 * and the API answers the same addresses under /api (diagramsApi, in diagram-api-paths.ts).
 */

export { diagramTexts };
// The addresses live in a file without zod, for the links on pages whose first load counts.
export { diagramAssemblyPath, diagramBikePath, vehicleSlug, type DiagramBike } from './diagram-paths.js';
export { diagramsApi } from './diagram-api-paths.js';

/* ---------- The picture ---------- */

/** A diagram's picture: a stored upload (`/uploads/<hash>-<w>x<h>.webp`) or one of the shop's drawings. */
export const DiagramImageSchema = singleLineText({ error: diagramTexts.imageRequired })
  .trim()
  .min(1, { message: diagramTexts.imageRequired, abort: true })
  .refine((url) => UPLOADED_IMAGE_URL.test(url) || /^\/images\/diagrams\/[a-z0-9-]+\.svg$/.test(url), {
    message: diagramTexts.imageRequired,
  });

export const DiagramPictureSchema = z.object({
  /** The full-size WebP to show. */
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Smaller WebP copies for srcset, narrowest first. */
  copies: z.array(z.object({ url: z.string(), width: z.number().int() })),
});
export type DiagramPicture = z.infer<typeof DiagramPictureSchema>;

/**
 * What the page shows for a diagram's stored picture: its WebP, its pixel size (for the callouts'
 * fractions and the box's aspect ratio, so nothing shifts as it loads) and its copies.
 */
export function diagramPicture(image: string): DiagramPicture {
  const drawn = illustrationRenditions(image);
  if (drawn) {
    const { width, height } = ILLUSTRATION_SIZES.diagrams;
    return { src: drawn.src, width, height, copies: drawn.copies };
  }
  const upload = parseUploadedImageUrl(image);
  if (upload?.size) {
    const { hash, size } = upload;
    return {
      src: image,
      width: size.width,
      height: size.height,
      copies: uploadVariantWidths(size.width).map((w) => ({ url: uploadVariantUrl(hash, w), width: w })),
    };
  }
  // An upload from before sized names: shown as it is, in the drawings' 4:3 box.
  return { src: image, ...ILLUSTRATION_SIZES.diagrams, copies: [] };
}

/** The grid's thumbnail: the picture's copy at least 320 px wide (or the picture). */
export function diagramThumbnail(image: string): string {
  const picture = diagramPicture(image);
  return picture.copies.find((c) => c.width >= 320)?.url ?? picture.src;
}

/** POST /api/admin/diagrams/pictures */
export const DiagramPictureUploadSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** What the SVG cleaning removed (event handlers, say); empty for PNG and WebP. */
  removed: z.array(z.string()),
});
export type DiagramPictureUpload = z.infer<typeof DiagramPictureUploadSchema>;

/* ---------- Reads ---------- */

const bikeYear = z.number().int();

/** A bike with diagrams (GET /api/diagrams): each model once, its assemblies' years joined. */
export const DiagramBikeSummarySchema = z.object({
  make: z.string(),
  model: z.string(),
  yearFrom: bikeYear,
  yearTo: bikeYear,
  assemblies: z.number().int(),
});
export type DiagramBikeSummary = z.infer<typeof DiagramBikeSummarySchema>;

/** One assembly in a bike's grid (and the admin list). */
export const AssemblySummarySchema = z.object({
  id: z.string(),
  make: z.string(),
  model: z.string(),
  yearFrom: bikeYear,
  yearTo: bikeYear,
  name: z.string(),
  slug: z.string(),
  /** The stored picture's address (DiagramImageSchema). */
  image: z.string(),
  /** diagramThumbnail(image), ready to show. */
  thumbnail: z.string(),
  calloutCount: z.number().int(),
  position: z.number().int(),
});
export type AssemblySummary = z.infer<typeof AssemblySummarySchema>;

/** The bike, with the names the shop spells (resolved from the URL's slugs). */
export const ResolvedBikeSchema = z.object({ year: bikeYear, make: z.string(), model: z.string() });
export type ResolvedBike = z.infer<typeof ResolvedBikeSchema>;

/** GET /api/diagrams/:make/:model/:year */
export const BikeDiagramsSchema = z.object({
  bike: ResolvedBikeSchema,
  assemblies: z.array(AssemblySummarySchema),
});
export type BikeDiagrams = z.infer<typeof BikeDiagramsSchema>;

/** One part on a callout, with what the parts list shows and the cart needs. */
export const CalloutPartSchema = z.object({
  _id: z.string(),
  name: z.string(),
  partNumber: z.string(),
  brand: z.string(),
  /** Dollars, like PartSchema's. */
  price: z.number(),
  img: z.string(),
  availablequantity: z.number().int(),
  minquantity: z.number().int(),
  /** Units one bike takes. */
  quantity: z.number().int(),
  note: z.string().nullable(),
  /** Whether the part fits the bike asked (a fitment row for its year, or universal). */
  fits: z.boolean(),
  universal: z.boolean(),
});
export type CalloutPart = z.infer<typeof CalloutPartSchema>;

export const CalloutSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  /** Fractions of the picture's width and height, 0–1 (0,0 the top left corner). */
  x: z.number(),
  y: z.number(),
  parts: z.array(CalloutPartSchema),
});
export type Callout = z.infer<typeof CalloutSchema>;

/** GET /api/diagrams/:make/:model/:year/:slug, and the admin's answers. */
export const AssemblyDetailSchema = AssemblySummarySchema.extend({
  picture: DiagramPictureSchema,
  /** The bike `fits` is answered for (the admin's reads: the assembly's first year). */
  bike: ResolvedBikeSchema,
  /** In number order. */
  callouts: z.array(CalloutSchema),
});
export type AssemblyDetail = z.infer<typeof AssemblyDetailSchema>;

/** GET /api/diagrams/parts/:id — the diagrams a part is on. */
export const PartDiagramLinkSchema = z.object({
  assemblyId: z.string(),
  name: z.string(),
  make: z.string(),
  model: z.string(),
  yearFrom: bikeYear,
  yearTo: bikeYear,
  slug: z.string(),
  /** The callout the part is on (the lowest, if several). */
  number: z.number().int(),
  /** The rider's page: for the bike asked, or the assembly's last year. */
  path: z.string(),
});
export type PartDiagramLink = z.infer<typeof PartDiagramLinkSchema>;
export const PartDiagramsQuerySchema = z.object({
  year: z.coerce.number().int().min(VEHICLE_YEAR_MIN).max(VEHICLE_YEAR_MAX).optional(),
  make: searchText().trim().min(1).max(60).optional(),
  model: searchText().trim().min(1).max(80).optional(),
});

/** The bike in a diagram address; make and model are slugs (real names are slugged first). */
export const DiagramBikeParamsSchema = z.object({
  make: singleLineText().trim().min(1, diagramTexts.makeRequired).max(80),
  model: singleLineText().trim().min(1, diagramTexts.modelRequired).max(100),
  year: z.coerce
    .number({ error: 'Choose a year' })
    .int('Choose a year')
    .min(VEHICLE_YEAR_MIN)
    .max(VEHICLE_YEAR_MAX),
});
export const DiagramAssemblyParamsSchema = DiagramBikeParamsSchema.extend({
  slug: singleLineText().trim().min(1).max(80),
});
export const DiagramSearchQuerySchema = z.object({ q: searchText().trim().max(80).optional() });

/* ---------- Admin inputs ---------- */

// eslint-disable-next-line security/detect-unsafe-regex -- each repeat starts with '-': linear time
export const ASSEMBLY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CALLOUTS_MAX = 200;
export const CALLOUT_PARTS_MAX = 20;

const yearField = z
  .number({ error: 'Choose a year' })
  .int('Choose a year')
  .min(VEHICLE_YEAR_MIN, 'Choose a year')
  .max(VEHICLE_YEAR_MAX, 'Choose a year');

/** POST /api/admin/diagrams, PUT /api/admin/diagrams/:id. An empty slug is made from the name. */
const assemblyFields = {
  make: searchText({ error: diagramTexts.makeRequired }).trim().min(1, diagramTexts.makeRequired).max(60),
  model: searchText({ error: diagramTexts.modelRequired }).trim().min(1, diagramTexts.modelRequired).max(80),
  yearFrom: yearField,
  yearTo: yearField,
  name: nameText({ error: diagramTexts.nameRequired }).trim().min(1, diagramTexts.nameRequired).max(80),
  slug: singleLineText()
    .trim()
    .max(80)
    .refine((s) => s === '' || ASSEMBLY_SLUG.test(s), diagramTexts.slugInvalid)
    .default(''),
  image: DiagramImageSchema,
  position: z.number().int().min(0).max(10_000).default(0),
};
const yearsOrdered = (a: { yearFrom: number; yearTo: number }) => a.yearFrom <= a.yearTo;

export const AssemblyInputSchema = z
  .object(assemblyFields)
  .refine(yearsOrdered, { message: diagramTexts.yearsOrdered, path: ['yearTo'] });
export type AssemblyInput = z.input<typeof AssemblyInputSchema>;

/** The slug an assembly gets from its name when none is given: "Front brake caliper" → "front-brake-caliper". */
export const assemblySlug = vehicleSlug;

const fraction = z
  .number({ error: diagramTexts.outsidePicture })
  .min(0, diagramTexts.outsidePicture)
  .max(1, diagramTexts.outsidePicture);

export const CalloutPartInputSchema = z.object({
  /** Resolved by the part number rule (partNumberKey): dashes, spaces, dots and case do not count. */
  partNumber: singleLineText({ error: diagramTexts.partsRequired })
    .trim()
    .min(1, diagramTexts.partsRequired)
    .max(60),
  quantity: z
    .number({ error: diagramTexts.quantityInvalid })
    .int(diagramTexts.quantityInvalid)
    .min(1, diagramTexts.quantityInvalid)
    .max(99, diagramTexts.quantityInvalid)
    .default(1),
  note: singleLineText().trim().max(200).nullable().default(null),
});
export type CalloutPartInput = z.input<typeof CalloutPartInputSchema>;

/** POST …/callouts, PUT …/callouts/:calloutId. */
export const CalloutInputSchema = z.object({
  number: z
    .number({ error: diagramTexts.numberInvalid })
    .int(diagramTexts.numberInvalid)
    .min(1, diagramTexts.numberInvalid)
    .max(999, diagramTexts.numberInvalid),
  x: fraction,
  y: fraction,
  parts: z.array(CalloutPartInputSchema).min(1, diagramTexts.partsRequired).max(CALLOUT_PARTS_MAX),
});
export type CalloutInput = z.input<typeof CalloutInputSchema>;

/** PATCH …/callouts/:calloutId — dragged to a new place. */
export const CalloutMoveSchema = z.object({ x: fraction, y: fraction });
export type CalloutMove = z.infer<typeof CalloutMoveSchema>;

export const AssemblyIdParamsSchema = z.object({ id: z.uuid({ message: diagramTexts.assemblyNotFound }) });
export const CalloutParamsSchema = AssemblyIdParamsSchema.extend({
  calloutId: z.uuid({ message: diagramTexts.calloutNotFound }),
});
export const AdminDiagramsQuerySchema = z.object({
  make: searchText().trim().min(1).max(60).optional(),
  model: searchText().trim().min(1).max(80).optional(),
  year: z.coerce.number().int().min(VEHICLE_YEAR_MIN).max(VEHICLE_YEAR_MAX).optional(),
});
export const DiagramsExportQuerySchema = AdminDiagramsQuerySchema.extend({
  format: z.enum(['json', 'csv']).default('json'),
});

/* ---------- Import / export ---------- */

/**
 * The JSON document (export, and import with `content-type: application/json`). An assembly is
 * keyed by bike (make, model, yearFrom, yearTo) and slug: importing one that exists replaces its
 * name, picture, position and all its callouts; others are added. Nothing is deleted.
 */
export const DiagramsDocumentSchema = z.object({
  version: z.literal(1).default(1),
  assemblies: z
    .array(
      z
        .object({ ...assemblyFields, callouts: z.array(CalloutInputSchema).max(CALLOUTS_MAX).default([]) })
        .refine(yearsOrdered, { message: diagramTexts.yearsOrdered, path: ['yearTo'] }),
    )
    .min(1, diagramTexts.importEmpty),
});
export type DiagramsDocument = z.infer<typeof DiagramsDocumentSchema>;

/**
 * The CSV: one row per part on a callout (a callout with two parts is two rows with the same
 * number, x and y), header row first. An assembly without callouts is one row with `number`
 * empty. Rows of one assembly (make, model, year_from, year_to, slug) carry the same name,
 * image and position. Quoting is RFC 4180; errors name the line (the header is line 1).
 */
export const DIAGRAMS_CSV_COLUMNS = [
  'make',
  'model',
  'year_from',
  'year_to',
  'slug',
  'name',
  'image',
  'position',
  'number',
  'x',
  'y',
  'part_number',
  'quantity',
  'note',
] as const;
export type DiagramsCsvColumn = (typeof DIAGRAMS_CSV_COLUMNS)[number];

/** POST /api/admin/diagrams/import */
export const DiagramsImportResultSchema = z.object({
  assemblies: z.number().int(),
  callouts: z.number().int(),
  parts: z.number().int(),
});
export type DiagramsImportResult = z.infer<typeof DiagramsImportResultSchema>;

/** The largest import document. */
export const DIAGRAMS_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
