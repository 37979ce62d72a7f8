import { z } from 'zod';
import { CartSchema } from './cart.js';
import { multiLineText } from './text.js';

/**
 * Quick order and reorder (issue #30 item 4): the API's shapes. Texts in quick-order-texts.ts.
 */

/** Most lines (not counting blank ones) one quick order resolves. */
export const QUICK_ORDER_MAX_LINES = 500;
/** Most bytes of an uploaded file (500 lines of a long number, a quantity and a note fit easily). */
export const QUICK_ORDER_MAX_FILE_BYTES = 256 * 1024;
/** Longest line read as a part number and quantity; a longer one is refused on its own. */
export const QUICK_ORDER_MAX_LINE_CHARS = 200;
/** Longest part number looked up (the catalogue's are far shorter). */
export const QUICK_ORDER_MAX_NUMBER_CHARS = 64;
/** Largest quantity a line may ask for. */
export const QUICK_ORDER_MAX_QUANTITY = 99_999;
/** The multipart field of an upload. */
export const QUICK_ORDER_FILE_FIELD = 'file';

/** POST /api/quick-order/resolve as JSON. The line limit is counted by the server (a 400 naming it). */
export const QuickOrderResolveSchema = z.object({
  text: multiLineText({ error: 'Send the lines as text.' }),
});
export type QuickOrderResolveInput = z.infer<typeof QuickOrderResolveSchema>;

export const QUICK_ORDER_LINE_STATUSES = ['ok', 'error', 'merged'] as const;

/** A resolved part, as a quick-order line shows it; prices are the viewer's, in dollars. */
export const QuickOrderPartSchema = z.object({
  _id: z.string(),
  name: z.string(),
  partNumber: z.string(),
  brand: z.string(),
  img: z.string(),
  unitPrice: z.number(),
  /** Retail, when the viewer's price differs from it (their tier, a sale); else null. */
  listPrice: z.number().nullable(),
  available: z.number().int(),
  minquantity: z.number().int(),
  /** "In stock", "Only 3 left", "Out of stock". */
  stock: z.string(),
});

export const QuickOrderLineSchema = z.object({
  /** The line's number in the text or file, from 1 (blank lines count, so it matches an editor). */
  line: z.number().int(),
  /** The part number as typed (cut to 64 characters). */
  number: z.string(),
  /** The quantity to order: as typed, else the part's minimum; on the first of duplicated lines, their sum. */
  quantity: z.number().int().nullable(),
  status: z.enum(QUICK_ORDER_LINE_STATUSES),
  part: QuickOrderPartSchema.nullable(),
  /** How the number found the part, when not by its own number ("Found by its OEM number …"). */
  matchedBy: z.string().nullable(),
  /** unitPrice × quantity for a good line, else null. */
  lineTotal: z.number().nullable(),
  /** Why the line cannot be ordered (status 'error'), or where it was added (status 'merged'). */
  message: z.string().nullable(),
  /** For status 'merged': the line that holds its quantity. */
  mergedInto: z.number().int().nullable(),
});
export type QuickOrderLine = z.infer<typeof QuickOrderLineSchema>;

export const QuickOrderResultSchema = z.object({
  lines: z.array(QuickOrderLineSchema),
  /** The first line was a header ("part number,quantity") and was skipped. */
  headerSkipped: z.boolean(),
  okLines: z.number().int(),
  errorLines: z.number().int(),
  /** The good lines' total in dollars, at the viewer's prices. */
  total: z.number(),
});
export type QuickOrderResult = z.infer<typeof QuickOrderResultSchema>;

/** POST /api/cart/lines: parts added to the cart at once (quick order's "Add all to cart"). */
export const AddCartLinesSchema = z.object({
  lines: z
    .array(
      z.object({
        partId: z.uuid({ message: 'That is not a valid part id.' }),
        quantity: z
          .number({ error: 'Quantity must be a whole number' })
          .int('Quantity must be a whole number')
          .min(1, 'Quantity must be at least 1')
          .max(QUICK_ORDER_MAX_QUANTITY),
      }),
    )
    .min(1, 'Send at least one line.')
    .max(QUICK_ORDER_MAX_LINES, `At most ${QUICK_ORDER_MAX_LINES} lines at a time.`),
});
export type AddCartLinesInput = z.infer<typeof AddCartLinesSchema>;

/** A part put in the cart, with its quantity there now, and a note when it differs from the ask. */
export const AddedLineSchema = z.object({
  partId: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  note: z.string().nullable(),
});

/** A line not added, named (by the part's name, or its number when the part is gone), and why. */
export const RefusedLineSchema = z.object({
  partId: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  message: z.string(),
});

export const AddCartLinesResultSchema = z.object({
  cart: CartSchema,
  added: z.array(AddedLineSchema),
  refused: z.array(RefusedLineSchema),
});
export type AddCartLinesResult = z.infer<typeof AddCartLinesResultSchema>;

/** POST /api/orders/:number/reorder: the same answer (refused = lines no longer sold, out of stock, …). */
export const ReorderResultSchema = AddCartLinesResultSchema;
export type ReorderResult = AddCartLinesResult;
