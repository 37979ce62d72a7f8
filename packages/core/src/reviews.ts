import { z } from 'zod';
import { AccountEmailSchema, UploadedImageUrlSchema } from './accounts.js';
import { messages } from './messages.js';

export const REVIEW_MAX = 2000;

/** POST /api/reviews: the spec's {email, name, descriptions, img} plus a 1–5 rating and the part. */
export const CreateReviewSchema = z.object({
  email: AccountEmailSchema,
  name: z.string({ error: messages.nameRequired }).trim().min(1, messages.nameRequired).max(100),
  descriptions: z
    .string({ error: messages.descriptionsRequired })
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
