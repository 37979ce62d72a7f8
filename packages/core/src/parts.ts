import { z } from 'zod';
import { BRANDS, CATEGORIES, PARTS_PAGE_DEFAULT, PARTS_PAGE_MAX } from './catalogue.js';

export const SpecificationSchema = z.object({
  key: z.string().trim().min(1).max(60),
  value: z.string().trim().min(1).max(200),
});

export const FitmentSchema = z
  .object({
    make: z.string().trim().min(1).max(60),
    model: z.string().trim().min(1).max(80),
    yearFrom: z.number().int().min(1950).max(2100),
    yearTo: z.number().int().min(1950).max(2100),
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
  price: z.number(),
  img: z.string(),
  description: z.string(),
  ratings: z.number(),
  reviewCount: z.number().int(),
  stock: z.number().int(),
  availablequantity: z.number().int(),
  minquantity: z.number().int(),
  brand: z.string(),
  category: z.string(),
  partNumber: z.string(),
  specifications: z.array(SpecificationSchema),
  fitment: z.array(FitmentSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Part = z.infer<typeof PartSchema>;

export const PartIdSchema = z.uuid({ message: 'That is not a valid part id.' });
export const PartParamsSchema = z.object({ id: PartIdSchema });

const optionalText = z.string().trim().min(1).max(80).optional();

export const PartListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PARTS_PAGE_MAX).default(PARTS_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  q: optionalText,
  brand: z.enum(BRANDS).optional(),
  category: z.enum(CATEGORIES).optional(),
  make: optionalText,
  model: optionalText,
  year: z.coerce.number().int().min(1950).max(2100).optional(),
});
export type PartListQuery = z.infer<typeof PartListQuerySchema>;
