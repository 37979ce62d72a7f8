import { z } from 'zod';
import { nameText, singleLineText } from './text.js';
import { AccountEmailSchema } from './accounts.js';
import { DeliveryAddressSchema, PaymentMethodSchema } from './delivery-address.js';
import { messages } from './messages.js';
import { ShipmentSchema } from './shipments.js';

/**
 * 'on_account': placed on an approved customer's credit (net 30). It ships like a paid order and
 * never expires; `paid` turns true when an admin marks the invoice paid.
 */
export const ORDER_STATUSES = [
  /** A company buyer's order over their limit (issue #30): holds its stock until an approver decides. */
  'awaiting_approval',
  'unpaid',
  'on_account',
  'paid',
  /** Some lines have shipped, the rest wait for a later shipment. */
  'partially_shipped',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/**
 * Why an order was cancelled: not paid before its deadline, by the customer, by an admin, or
 * declined by the company's approver (issue #30).
 */
export const CANCEL_REASONS = ['expired', 'customer', 'admin', 'declined'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
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

/**
 * POST /api/order, the part page's order form: the spec's {email, name, num, parts, quantity,
 * productId}, plus where it goes and how it is paid. It is placed through the checkout's steps as
 * a one-line order (the catalogue's name and price, the delivery state's tax, the same hold).
 */
export const CreateOrderSchema = z.object({
  // The account's own address (the server requires it to be the caller's), so any well-formed one.
  email: AccountEmailSchema,
  name: nameText({ error: messages.nameRequired }).trim().min(1, messages.nameRequired).max(100),
  num: singleLineText({ error: messages.numberRequired })
    .trim()
    .min(1, { message: messages.numberRequired, abort: true })
    .min(PHONE_MIN, messages.numberTooShort)
    .max(30)
    .regex(/^[0-9+()\-\s.]+$/, 'Use digits, spaces and + ( ) - only'),
  parts: nameText({ error: messages.nameRequired }).trim().min(1, messages.nameRequired).max(200),
  // An empty field means no quantity at all, not zero.
  quantity: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: messages.quantityRequired })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1'),
  ),
  productId: z.uuid({ message: 'Choose a part to order' }),
  address: DeliveryAddressSchema,
  /** On account only for a customer with approved credit (the server checks); by card otherwise. */
  payment: PaymentMethodSchema.default('card'),
});
export type CreateOrderInput = z.infer<typeof CreateOrderSchema>;

/**
 * One line of an order: the part's name and unit price as they were when it was ordered, so a later
 * price change or a deleted part (partId null) never rewrites the order. Dollars.
 */
export const OrderLineSchema = z.object({
  /** The line itself, for shipping and returning some of its units. */
  lineId: z.string(),
  partId: z.string().nullable(),
  /** The part's number when ordered; null on lines from before numbers were kept. */
  partNumber: z.string().nullable(),
  name: z.string(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  /** unitPrice × quantity. */
  total: z.number(),
  /** Issue #30: the retail price when the line was priced otherwise (a tier or a sale); null: retail. */
  listPrice: z.number().nullable().optional(),
  /** This line's share of the order's discount code, in dollars. */
  discount: z.number().optional(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/** Where a checkout order goes (see DeliveryAddressSchema in checkout.ts for the rules). */
export const OrderAddressSchema = z.object({
  name: z.string(),
  street: z.string(),
  /** Apartment, suite, unit (issue #28); absent when the address has none, as on older orders. */
  line2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
});
export type OrderAddress = z.infer<typeof OrderAddressSchema>;

/**
 * An order as the API lists it: the spec's fields plus what a customer needs to follow it.
 * `parts`, `quantity`, `productId` and `unitPrice` are the first line's, for the spec's one-part
 * screens; `lines` holds every line. Orders placed before every order had an address have none.
 */
export const OrderSchema = z.object({
  _id: z.string(),
  /** The short number people use: "PS-10482". */
  orderNumber: z.string(),
  email: z.string(),
  name: z.string(),
  num: z.string(),
  parts: z.string(),
  quantity: z.number().int(),
  productId: z.string().nullable(),
  unitPrice: z.number(),
  lines: z.array(OrderLineSchema),
  subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
  address: OrderAddressSchema.nullable(),
  status: z.enum(ORDER_STATUSES),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /*
   * The API always sends these two. They are optional in the type only so that clients written
   * before reservations expired (and their test data) still type-check.
   */
  /** Until when an unpaid order holds its stock (ISO); null once paid or cancelled. */
  expiresAt: z.string().nullable().optional(),
  /** Why a cancelled order was cancelled; null otherwise. */
  cancelReason: z.enum(CANCEL_REASONS).nullable().optional(),
  /** By card (through the payment page) or on account (net 30). Always sent; optional as above. */
  paymentMethod: z.enum(['card', 'account']).optional(),
  /** When an on-account order's invoice falls due while it is unpaid (ISO); null otherwise. */
  paymentDueAt: z.string().nullable().optional(),
  /** When the payment of an order an admin cancelled was refunded (ISO); null otherwise. */
  refundedAt: z.string().nullable().optional(),
  /** Everything given back so far (a cancel's refund, returns), in dollars. */
  refunded: z.number(),
  /** Placed with 1-Click (issue #28): until it ships, the customer may cancel it for a full refund. */
  oneClick: z.boolean().optional(),
  /**
   * The delivery date promised when it was placed ('YYYY-MM-DD', the shop's calendar), or null
   * (no promise made). Always sent; optional as above.
   */
  promisedOn: z.string().nullable().optional(),
  /** The parcels that left, first first, each with its carrier, tracking link and lines. */
  shipments: z.array(ShipmentSchema),
  /*
   * Issue #30 (always sent by the API; optional for older clients' data): the company it was
   * placed for, the buyer's PO number, and a discount code's amount (dollars) and code.
   * total = subtotal - discount + tax.
   */
  companyId: z.string().nullable().optional(),
  poNumber: z.string().nullable().optional(),
  discount: z.number().optional(),
  discountCode: z.string().nullable().optional(),
});
export type Order = z.infer<typeof OrderSchema>;

export const DeletedSchema = z.object({ deletedCount: z.number().int() });

/** Order numbers are shown with the shop's prefix: 10482 → "PS-10482". */
export const ORDER_NUMBER_PREFIX = 'PS-';
export const formatOrderNumber = (n: number): string => `${ORDER_NUMBER_PREFIX}${n}`;
/** "PS-10482", "ps-10482" or "10482" → 10482; anything else → null. */
export function parseOrderNumber(text: string): number | null {
  const digits = text.trim().replace(/^ps-?/i, '');
  return /^\d{1,9}$/.test(digits) ? Number(digits) : null;
}

/** The `:number` of an order in a route's path ("PS-10482"). */
export const OrderNumberParamsSchema = z.object({
  number: singleLineText()
    .max(20)
    .transform((text, ctx) => {
      const n = parseOrderNumber(text);
      if (n === null) {
        ctx.addIssue({ code: 'custom', message: 'That is not an order number (PS-10482).' });
        return z.NEVER;
      }
      return n;
    }),
});

/** The `:id` of an order in a route's path. */
export const OrderIdParamsSchema = z.object({ id: z.uuid({ message: 'That is not a valid order id.' }) });

/*
 * How a list names an order's parts. An order of one line reads as the spec's screens always did
 * (its `parts` and `quantity`); an order of several names every part, so "Make Payment for order
 * of …" and the like still say which order is meant.
 */
type OrderParts = Pick<Order, 'parts' | 'quantity' | 'lines'>;

/** "Brake pads" for one line; "Brake pads, Chain kit and Sprocket" for several. */
export function orderPartsLabel(order: OrderParts): string {
  if (order.lines.length <= 1) return order.parts;
  const names = order.lines.map((line) => line.name);
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/** The items in an order: the one line's quantity, or every line's together. */
export function orderItemCount(order: OrderParts): number {
  if (order.lines.length <= 1) return order.quantity;
  return order.lines.reduce((sum, line) => sum + line.quantity, 0);
}
