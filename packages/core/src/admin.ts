import { z } from 'zod';
import { multiLineText, nameText, singleLineText } from './text.js';
import { AccountEmailSchema, OCCUPATIONS, ROLES, UploadedImageUrlSchema } from './accounts.js';
import { CATEGORIES } from './catalogue.js';
import { brandNameText, brandsTexts } from './brands.js';
import { messages } from './messages.js';
import { ORDER_STATUSES, OrderNumberParamsSchema } from './orders.js';
import { FitmentSchema, SpecificationSchema } from './parts.js';
import {
  PART_NUMBERS_MAX,
  PartNumberEntrySchema,
  partNumberTexts,
  partNumbersIssues,
} from './part-numbers.js';

/** A row of the admin users table (GET /api/user). */
export const UserRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  image: z.string().nullable(),
  occupation: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type UserRow = z.infer<typeof UserRowSchema>;

/** POST /api/users: an admin adds a person; they get a mail with a link to set their password. */
export const AddUserSchema = z.object({
  name: nameText({ error: messages.nameRequired }).trim().min(1, messages.nameRequired).max(100),
  email: AccountEmailSchema,
  occupation: z.enum(OCCUPATIONS, { error: 'Choose an occupation' }),
  img: UploadedImageUrlSchema,
});
export type AddUserInput = z.infer<typeof AddUserSchema>;

/**
 * GET /api/order for admins: filter by status, search by email, find one order by its number
 * ("PS-10482" or "10482"), page. Total in X-Total-Count.
 */
export const AdminOrdersQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  email: singleLineText().trim().min(1).max(254).optional(),
  number: OrderNumberParamsSchema.shape.number.optional(),
  /** Part of a company's purchase order number (issue #30), without regard to case. */
  po: singleLineText().trim().min(1).max(40).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

/** PATCH /api/order/:id/status: the forward moves an admin makes. */
export const OrderStatusChangeSchema = z.object({ status: z.enum(['shipped', 'delivered']) });

const money = z.coerce
  .number({ error: 'Enter a price' })
  .min(0, 'The price cannot be negative')
  .max(100_000, 'The price is too high')
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), 'Use at most two decimals');
const count = (label: string) =>
  z.coerce
    .number({ error: `Enter ${label}` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`);

/**
 * POST /api/parts and PUT /api/parts/:id (admins). Money in dollars at the edge. No rating: it
 * comes from reviews alone, and a `ratings` field sent by an older client is dropped unread.
 */
export const PartInputSchema = z
  .object({
    name: nameText().trim().min(1, messages.nameRequired).max(200),
    seller: nameText().trim().min(1, 'Enter the seller').max(120),
    price: money,
    img: singleLineText()
      .trim()
      .min(1, messages.imgRequired)
      .regex(/^\/(uploads|images)\/[\w./-]+$/, 'Upload the photo first')
      // No "..": the server looks a stored upload up on disk by this path.
      .refine((img) => !img.split('/').includes('..'), 'Upload the photo first'),
    description: multiLineText().trim().min(1, 'Enter a description').max(2000),
    stock: count('Stock'),
    availablequantity: count('Available quantity'),
    minquantity: z.coerce
      .number()
      .int('Minimum must be a whole number')
      .min(1, 'The minimum order is at least 1'),
    /** One of the brands table's names (issue #29); the server refuses any other naming `brand`. */
    brand: brandNameText({ required: brandsTexts.chooseBrand, tooLong: brandsTexts.chooseBrand }),
    category: z.enum(CATEGORIES, { error: 'Choose a category' }),
    partNumber: singleLineText().trim().min(1, 'Enter the part number').max(60),
    specifications: z.array(SpecificationSchema).max(30).default([]),
    universal: z.boolean().default(false),
    fitment: z.array(FitmentSchema).max(50).default([]),
    /** OEM, interchange and superseded numbers, each kind in the order the admin lists them. */
    numbers: z.array(PartNumberEntrySchema).max(PART_NUMBERS_MAX, partNumberTexts.tooMany).default([]),
  })
  .superRefine((p, ctx) => {
    for (const { index, message } of partNumbersIssues(p.numbers, p.partNumber)) {
      ctx.addIssue({ code: 'custom', path: ['numbers', index, 'number'], message });
    }
  })
  .refine((p) => p.minquantity <= p.availablequantity || p.availablequantity === 0, {
    message: 'The minimum order cannot be above the available quantity',
    path: ['minquantity'],
  })
  .refine((p) => p.availablequantity <= p.stock, {
    message: 'Available quantity cannot be above stock',
    path: ['availablequantity'],
  });
export type PartInput = z.infer<typeof PartInputSchema>;

/** GET /api/dashboard: what the dashboard index shows (admin fields only for admins). */
export const DashboardSchema = z.object({
  mine: z.object({
    total: z.number().int(),
    unpaid: z.number().int(),
    paid: z.number().int(),
    shipped: z.number().int(),
    delivered: z.number().int(),
    spent: z.number(),
  }),
  admin: z
    .object({
      counts: z.object({
        unpaid: z.number().int(),
        paid: z.number().int(),
        shipped: z.number().int(),
        /** Orders with parts still to ship: paid, on account, or partly shipped. */
        toShip: z.number().int(),
      }),
      lowStock: z.array(
        z.object({
          _id: z.string(),
          name: z.string(),
          availablequantity: z.number().int(),
          minquantity: z.number().int(),
        }),
      ),
      revenueThisMonth: z.number(),
      revenueByDay: z.array(z.object({ day: z.string(), revenue: z.number() })),
      /** The newest backup written, and the newest failed since (see backupNotice). */
      backup: z.object({
        lastOkAt: z.string().nullable(),
        failedAt: z.string().nullable(),
        error: z.string().nullable(),
      }),
    })
    .nullable(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** POST /api/parts/import (admins): what a CSV upload did; good rows land, bad ones are listed. */
export const ImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** At most IMPORT_FAILURES_LISTED problems (line is the 1-based CSV line, field the column). */
  failed: z.array(z.object({ line: z.number().int(), field: z.string(), message: z.string() })),
  /** How many rows did not land, including those whose problems did not fit in `failed`. */
  failedRows: z.number().int(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;
