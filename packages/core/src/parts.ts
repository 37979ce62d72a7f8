import { z } from 'zod';
import { searchText, singleLineText } from './text.js';
import { CATEGORIES, PARTS_PAGE_DEFAULT, PARTS_PAGE_MAX } from './catalogue.js';
import { BRAND_NAME_MAX, brandsTexts } from './brands-texts.js';
import { FITMENT_POSITIONS, VEHICLE_YEAR_MAX, VEHICLE_YEAR_MIN } from './fitment.js';
import { PART_SORTS } from './search.js';
import { headerSearchTexts } from './header-search.js';
import { hasControlCharacters } from './control-characters.js';
import { textRuleTexts } from './messages.js';
import { NumberMatchSchema, PartNumberSchema, SupersededBySchema } from './part-numbers.js';

export const SpecificationSchema = z.object({
  key: singleLineText().trim().min(1).max(60),
  value: singleLineText().trim().min(1).max(200),
});

export const FitmentSchema = z
  .object({
    make: searchText().trim().min(1).max(60),
    model: searchText().trim().min(1).max(80),
    yearFrom: z.number().int().min(VEHICLE_YEAR_MIN).max(VEHICLE_YEAR_MAX),
    yearTo: z.number().int().min(VEHICLE_YEAR_MIN).max(VEHICLE_YEAR_MAX),
    /** Where on the bike it goes; none for parts with one place (a chain kit, an oil filter). */
    position: z.enum(FITMENT_POSITIONS).nullable().default(null),
    /** Units one bike takes (two mirrors, one chain kit). */
    quantity: z.number().int().min(1).max(99).default(1),
    note: singleLineText().trim().max(200).nullable().default(null),
  })
  .refine((f) => f.yearFrom <= f.yearTo, {
    message: 'The first year must not be after the last year',
    path: ['yearTo'],
  });

/** A part as the API answers it: the original's field names, money in dollars. */
export const PartSchema = z.object({
  _id: z.string(),
  name: z.string(),
  seller: z.string(),
  /** What the part costs whoever asks: retail, their price list's (issue #30) or a running sale's. */
  price: z.number(),
  /** Retail when `price` is not it (a price list, a sale): shown struck through when higher. */
  listPrice: z.number().optional(),
  /** When the sale that sets `price` ends (ISO). */
  saleEndsAt: z.string().optional(),
  img: z.string(),
  description: z.string(),
  /**
   * The average of the part's reviews, 1–5 to one decimal; 0 while `reviewCount` is 0, which
   * means "no rating" (show "No reviews yet", never stars). Nobody sets it by hand.
   */
  ratings: z.number().min(0).max(5),
  reviewCount: z.number().int().min(0),
  stock: z.number().int(),
  availablequantity: z.number().int(),
  minquantity: z.number().int(),
  brand: z.string(),
  category: z.string(),
  partNumber: z.string(),
  specifications: z.array(SpecificationSchema),
  /** Fits any bike (a phone mount, a chain lube): shown as "Universal" and kept by the bike filter. */
  universal: z.boolean(),
  fitment: z.array(FitmentSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Part = z.infer<typeof PartSchema>;

/**
 * GET /api/parts/:id (and PUT's answer): the part with its other numbers — OEM first, then
 * interchange, then the numbers it replaces, each kind in the admin's order — and, when another
 * part replaces this part's own number, the end of that chain of replacements.
 */
export const PartDetailSchema = PartSchema.extend({
  numbers: z.array(PartNumberSchema),
  supersededBy: SupersededBySchema.nullable(),
});
export type PartDetail = z.infer<typeof PartDetailSchema>;

/** GET /api/parts: a part on a list page, with why the search found it when another number did. */
export const PartListItemSchema = PartSchema.extend({
  matchedBy: NumberMatchSchema.nullable(),
});
export type PartListItem = z.infer<typeof PartListItemSchema>;

export const PartIdSchema = z.uuid({ message: 'That is not a valid part id.' });
export const PartParamsSchema = z.object({ id: PartIdSchema });

const optionalText = searchText().trim().min(1).max(80).optional();
const optionalPrice = z.coerce.number().min(0).max(100_000).optional();

/** Most brand names one catalogue address may list (`brand=…` repeated). */
export const BRAND_FILTER_MAX = 50;

/**
 * Brands: one (`brand=Honda`) or several (`brand=Honda&brand=Yamaha`, any of them). Any names
 * the shop's brands table holds (issue #29: brands are data); which those are only the server
 * knows, and it refuses the others naming `brand`. A bad value is refused naming `brand` itself,
 * not its position in the list. Answered each once, in code-point order.
 */
const brandList = z
  .preprocess(
    (v) => (typeof v === 'string' ? [v] : v),
    z
      .array(z.string(), { error: brandsTexts.unknownBrand })
      // The text rule first, as for every text the shop is sent (decision 027).
      .refine((list) => list.every((b) => !hasControlCharacters(b, {})), {
        message: textRuleTexts.controlCharacters,
        abort: true,
      })
      .min(1, brandsTexts.unknownBrand)
      .max(BRAND_FILTER_MAX, brandsTexts.unknownBrand)
      .refine((list) => list.every((b) => b.length > 0 && b.length <= BRAND_NAME_MAX), {
        message: brandsTexts.unknownBrand,
      }),
  )
  .transform((list) => [...new Set(list.map((b) => b.normalize('NFC')))].sort())
  .optional();

// The sorts live in the zod-free search.ts so the web's catalogue can use them without zod.
export { PART_SORTS, SORT_LABELS, type PartSort } from './search.js';

export const PartListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PARTS_PAGE_MAX).default(PARTS_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  q: optionalText,
  brand: brandList,
  category: z.enum(CATEGORIES).optional(),
  make: optionalText,
  model: optionalText,
  year: z.coerce.number().int().min(VEHICLE_YEAR_MIN).max(VEHICLE_YEAR_MAX).optional(),
  minPrice: optionalPrice,
  maxPrice: optionalPrice,
  /** Only `true` filters; anything else in the URL is refused rather than read as false. */
  inStock: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  minRating: z.coerce.number().min(0).max(5).optional(),
  /** `low`: only parts low on stock (isLowStock), for the admin's catalogue. */
  stock: z.enum(['low']).optional(),
  /** Relevance needs search text; without it, relevance is catalogue order. */
  sort: z.enum(PART_SORTS).default('relevance'),
});
export type PartListQuery = z.infer<typeof PartListQuerySchema>;
/** The filters alone (what facets are counted under). */
export const PartFacetsQuerySchema = PartListQuerySchema.omit({ limit: true, offset: true, sort: true });
export type PartFacetsQuery = z.infer<typeof PartFacetsQuerySchema>;

const FacetCountSchema = z.object({ value: z.string(), count: z.number().int() });
/**
 * GET /api/parts/facets: each facet counted under every other active filter, so a count says how
 * many parts picking that value would show. `price` is the range under every filter but price.
 */
export const PartFacetsSchema = z.object({
  brand: z.array(FacetCountSchema),
  category: z.array(FacetCountSchema),
  price: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
  inStock: z.number().int(),
  /** The closest part name when the search text matched nothing ("Did you mean …"). */
  didYouMean: z.string().nullable(),
});
export type PartFacets = z.infer<typeof PartFacetsSchema>;

/**
 * GET /api/search/suggest: the text, and optionally the rider's bike (`year` + `make` + `model`,
 * all three or none), so each suggested part says whether it fits that bike.
 */
export const SuggestQuerySchema = z
  .object({
    q: searchText().trim().min(1).max(80),
    year: z.coerce.number().int().min(VEHICLE_YEAR_MIN).max(VEHICLE_YEAR_MAX).optional(),
    make: optionalText,
    model: optionalText,
  })
  .superRefine((query, ctx) => {
    const given = [query.year, query.make, query.model].filter((v) => v !== undefined).length;
    if (given === 0 || given === 3) return;
    for (const field of ['year', 'make', 'model'] as const) {
      if (query[field] === undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: headerSearchTexts.wholeBike });
      }
    }
  });
export type SuggestQuery = z.infer<typeof SuggestQuerySchema>;
export const SuggestionsSchema = z.object({
  parts: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      partNumber: z.string(),
      /** Only when a bike was given: the part fits it (a row for the bike, or universal). */
      fits: z.boolean().optional(),
      /** Why it was suggested when one of its other numbers matched (null otherwise). */
      matchedBy: NumberMatchSchema.nullable(),
    }),
  ),
  vehicles: z.array(z.object({ year: z.number().int(), make: z.string(), model: z.string() })),
});
export type Suggestions = z.infer<typeof SuggestionsSchema>;

export { partNumberKey } from './part-number-key.js';
