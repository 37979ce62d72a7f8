import { z } from 'zod';
import { AccountEmailSchema } from './accounts.js';
import { messages } from './messages.js';

export const ORDER_STATUSES = ['unpaid', 'paid', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PHONE_MIN = 5;

/** The quantity a part allows: a whole number within minquantity..availablequantity. */
export function quantityProblem(
  quantity: number,
  part: { minquantity: number; availablequantity: number },
): string | undefined {
  if (!Number.isInteger(quantity)) return 'Quantity must be a whole number';
  if (quantity > part.availablequantity) return messages.quantityAboveAvailable;
  if (quantity < part.minquantity) return `Quantity can't be less than ${part.minquantity}`;
  return undefined;
}

/** POST /api/order, as the spec sends it: {email, name, num, parts, quantity, productId}. */
export const CreateOrderSchema = z.object({
  // The account's own address (the server requires it to be the caller's), so any well-formed one.
  email: AccountEmailSchema,
  name: z.string({ error: messages.nameRequired }).trim().min(1, messages.nameRequired).max(100),
  num: z
    .string({ error: messages.numberRequired })
    .trim()
    .min(1, { message: messages.numberRequired, abort: true })
    .min(PHONE_MIN, messages.numberTooShort)
    .max(30)
    .regex(/^[0-9+()\-\s.]+$/, 'Use digits, spaces and + ( ) - only'),
  parts: z.string({ error: messages.nameRequired }).trim().min(1, messages.nameRequired).max(200),
  // An empty field means no quantity at all, not zero.
  quantity: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: messages.quantityRequired })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1'),
  ),
  productId: z.uuid({ message: 'Choose a part to order' }),
});
export type CreateOrderInput = z.infer<typeof CreateOrderSchema>;

/** An order as the API lists it: the spec's fields plus what a customer needs to follow it. */
export const OrderSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  num: z.string(),
  parts: z.string(),
  quantity: z.number().int(),
  productId: z.string().nullable(),
  unitPrice: z.number(),
  total: z.number(),
  status: z.enum(ORDER_STATUSES),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

export const DeletedSchema = z.object({ deletedCount: z.number().int() });
