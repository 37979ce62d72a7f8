import { z } from 'zod';
import { CATEGORIES } from './catalogue.js';
import { orderTermsTexts } from './order-terms-texts.js';
import {
  PROMOTION_CODE_MAX,
  PROMOTION_CODE_MIN,
  PROMOTION_KINDS,
  promotionsTexts,
} from './promotions-texts.js';
import { nameText, singleLineText } from './text.js';

export {
  PROMOTION_CODE_MAX,
  PROMOTION_CODE_MIN,
  PROMOTION_KINDS,
  promotionsTexts,
  type PromotionKind,
} from './promotions-texts.js';

/*
 * Discount codes (issue #30 item 6): percent or amount off, on the whole order or only on lines of
 * some brands or categories, with a minimum order, a window and use limits. Admins manage them at
 * /api/admin/promotions; the checkout previews one at POST /api/checkout/discount and the order
 * applies it inside its own transaction. Money is in dollars on the wire, cents in the database.
 */

const CODE_SHAPE = /^[A-Za-z0-9_-]+$/;

/** A code as an admin writes it. */
export const PromotionCodeSchema = singleLineText({ error: promotionsTexts.codeRequired })
  .trim()
  .min(1, { message: promotionsTexts.codeRequired, abort: true })
  .min(PROMOTION_CODE_MIN, promotionsTexts.codeShape)
  .max(PROMOTION_CODE_MAX, promotionsTexts.codeShape)
  .regex(CODE_SHAPE, promotionsTexts.codeShape);

const limit = z
  .number({ error: promotionsTexts.limitPositive })
  .int(promotionsTexts.limitPositive)
  .min(1, promotionsTexts.limitPositive)
  .max(1_000_000_000, promotionsTexts.limitPositive)
  .nullable()
  .default(null);

const dollars = (message: string) =>
  z.number({ error: message }).min(0, message).max(10_000_000, message).multipleOf(0.01, message);

/** POST /api/admin/promotions and PUT /api/admin/promotions/:id. */
export const PromotionInputSchema = z
  .object({
    code: PromotionCodeSchema,
    kind: z.enum(PROMOTION_KINDS, { error: promotionsTexts.kindRequired }),
    /** Percent off (0.01–100) when kind is percent. */
    percentOff: z
      .number({ error: promotionsTexts.percentRange })
      .min(0.01, promotionsTexts.percentRange)
      .max(100, promotionsTexts.percentRange)
      .multipleOf(0.01, promotionsTexts.percentRange)
      .nullable()
      .default(null),
    /** Dollars off when kind is amount. */
    amountOff: dollars(promotionsTexts.amountPositive).nullable().default(null),
    /** Empty lists: the whole order. Otherwise only lines of these brands or these categories. */
    brands: z.array(nameText().trim().min(1).max(60)).max(50, promotionsTexts.tooManyScopes).default([]),
    categories: z.array(z.enum(CATEGORIES)).max(50, promotionsTexts.tooManyScopes).default([]),
    minOrder: dollars(promotionsTexts.minOrderRange).default(0),
    startsAt: z.iso.datetime({ offset: true, message: promotionsTexts.dateRequired }).optional(),
    endsAt: z.iso.datetime({ offset: true, message: promotionsTexts.dateRequired }).nullable().default(null),
    totalLimit: limit,
    perCustomerLimit: limit,
    active: z.boolean().default(true),
  })
  .superRefine((p, ctx) => {
    if (p.kind === 'percent' && p.percentOff === null) {
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: promotionsTexts.percentRange });
    }
    if (p.kind === 'amount' && (p.amountOff === null || p.amountOff <= 0)) {
      ctx.addIssue({ code: 'custom', path: ['amountOff'], message: promotionsTexts.amountPositive });
    }
    if (p.endsAt && p.startsAt && Date.parse(p.endsAt) <= Date.parse(p.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: promotionsTexts.endsAfterStart });
    }
  });
export type PromotionInput = z.infer<typeof PromotionInputSchema>;

export const PromotionParamsSchema = z.object({ id: z.uuid({ message: promotionsTexts.notFound }) });

/** A code as the admin's list shows it, with its uses and the revenue of the orders that used it. */
export const PromotionSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  percentOff: z.number().nullable(),
  amountOff: z.number().nullable(),
  brands: z.array(z.string()),
  categories: z.array(z.string()),
  minOrder: z.number(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  totalLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  active: z.boolean(),
  /** Orders using it now (a cancelled order gave its use back). */
  uses: z.number().int(),
  /** Sum of the totals of its orders not cancelled, in dollars. */
  revenue: z.number(),
  /** Sum of what it took off those orders, in dollars. */
  discounted: z.number(),
  createdAt: z.string(),
});
export type Promotion = z.infer<typeof PromotionSchema>;

export const PromotionListSchema = z.object({ items: z.array(PromotionSchema) });
export type PromotionList = z.infer<typeof PromotionListSchema>;

/** POST /api/checkout/discount: what a code would take off my cart now (nothing is written). */
export const DiscountPreviewInputSchema = z.object({
  code: singleLineText({ error: promotionsTexts.unknown })
    .trim()
    .min(1, promotionsTexts.unknown)
    .max(40, orderTermsTexts.discountCodeTooLong),
});
export type DiscountPreviewInput = z.infer<typeof DiscountPreviewInputSchema>;

export const DiscountPreviewSchema = z.object({
  /** The code as the shop spells it. */
  code: z.string(),
  /** In dollars: the cart's subtotal at the buyer's prices, and what the code takes off it. */
  subtotal: z.number(),
  discount: z.number(),
  /** Each line's share, by part. */
  lines: z.array(z.object({ partId: z.string(), discount: z.number() })),
});
export type DiscountPreview = z.infer<typeof DiscountPreviewSchema>;
