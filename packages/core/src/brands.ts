import { z } from 'zod';
import { UPLOADED_IMAGE_URL } from './images.js';
import { nameText, singleLineText } from './text.js';
import { BRAND_KINDS, BRAND_NAME_MAX, brandsTexts } from './brands-texts.js';

export { BRAND_KINDS, BRAND_NAME_MAX, brandSlug, brandsTexts, type BrandKind } from './brands-texts.js';

/**
 * Brands are data (issue #29): a table admins manage. A part's brand names one of them; the
 * catalogue filters by their names. GET /api/brands answers them all, each with its part count.
 */
export const BrandSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  kind: z.enum(BRAND_KINDS),
  /** A stored upload's address, or null. */
  logo: z.string().nullable(),
  featured: z.boolean(),
  /** How many parts carry it. */
  partCount: z.number().int(),
});
export type Brand = z.infer<typeof BrandSchema>;

/**
 * A brand's name as a part, a filter or the brands form sends it: the shop's text rule, trimmed,
 * NFC-normalised, 1–60 characters. Whether it names a brand in the table only the server knows.
 */
export function brandNameText(messages: { required: string; tooLong: string }) {
  return nameText({ error: messages.required })
    .trim()
    .min(1, { message: messages.required, abort: true })
    .max(BRAND_NAME_MAX, messages.tooLong);
}

/** POST /api/brands and PUT /api/brands/:id (admins). */
export const BrandInputSchema = z.object({
  name: brandNameText({ required: brandsTexts.nameRequired, tooLong: brandsTexts.nameTooLong }),
  kind: z.enum(BRAND_KINDS, { error: brandsTexts.kindRequired }),
  /** Uploaded first (POST /api/uploads); the server checks it is a stored upload. */
  logo: singleLineText().regex(UPLOADED_IMAGE_URL, 'Upload the logo first').nullable().default(null),
  featured: z.boolean().default(false),
});
export type BrandInput = z.infer<typeof BrandInputSchema>;

export const BrandParamsSchema = z.object({ id: z.uuid({ message: brandsTexts.notFound }) });
