import { z } from 'zod';
import { multiLineText, nameText } from './text.js';
import { AccountEmailSchema, UploadedImageUrlSchema } from './accounts.js';
import { messages } from './messages.js';

export const REVIEW_MAX = 2000;

/** POST /api/reviews: the spec's {email, name, descriptions, img} plus a 1–5 rating and the part. */
export const CreateReviewSchema = z.object({
  email: AccountEmailSchema,
  name: nameText({ error: messages.nameRequired }).trim().min(1, messages.nameRequired).max(100),
  descriptions: multiLineText({ error: messages.descriptionsRequired })
    .trim()
    .min(1, messages.descriptionsRequired)
    .max(REVIEW_MAX, `Keep it under ${REVIEW_MAX} characters`),
  img: UploadedImageUrlSchema,
  rating: z.coerce.number({ error: 'Choose a rating' }).int().min(1, 'Choose a rating').max(5),
  productId: z.uuid({ message: 'Choose the part you are reviewing' }),
});
export type CreateReviewInput = z.infer<typeof CreateReviewSchema>;

export const ReviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  descriptions: z.string(),
  img: z.string(),
  rating: z.number().int(),
  productId: z.string().nullable(),
  partName: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

/**
 * A part may be reviewed by a customer whose order of it was paid or delivered: not an unpaid,
 * cancelled or (still unpaid) on-account one. One review per customer per part.
 */
export const REVIEWABLE_ORDER_STATUSES = ['paid', 'partially_shipped', 'shipped', 'delivered'] as const;

/** GET /api/reviews/mine?part=: the customer's own review of the part, and whether they may write one. */
export const MyReviewSchema = z.object({ review: ReviewSchema.nullable(), eligible: z.boolean() });
export type MyReview = z.infer<typeof MyReviewSchema>;

export const reviewTexts = {
  notBought: 'You can review parts from an order that was paid or delivered.',
  /** The add-review page, when the customer already reviewed the part. */
  editing: 'You reviewed this part before: saving replaces that review.',
  saveChanges: 'Save review',
  keepPhoto: 'Keep the photo you added before, or choose a new one.',
} as const;
