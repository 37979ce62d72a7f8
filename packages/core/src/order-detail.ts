import { z } from 'zod';
import { OrderLineSchema, OrderSchema } from './orders.js';
import { LineQuantitySchema, ShipmentSchema } from './shipments.js';

/*
 * An order as its page shows it (GET /api/orders/:number, the customer's own; the admin's any):
 * every line with what shipped and what came back, the shipments with tracking, the returns, the
 * refunds and a timeline of every change with who and when (docs/decisions/026).
 */

// The carriers, tracking numbers and shipments live in shipments.ts (the order list carries
// shipments too); named here as well for the order page's readers.
export {
  CARRIERS,
  CARRIER_NAMES,
  LineQuantitySchema,
  normaliseTrackingNumber,
  ShipmentSchema,
  trackingNumberValid,
  trackingUrl,
  type Carrier,
  type LineQuantity,
  type Shipment,
} from './shipments.js';

export const RETURN_STATUSES = ['requested', 'approved', 'declined', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_REASONS = ['wrong_part', 'damaged', 'not_as_described', 'changed_mind'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** A return's label: the order's number and the return's place in it, "PS-10482-R1". */
export const formatReturnLabel = (orderNumber: string, position: number): string =>
  `${orderNumber}-R${position}`;

export const ReturnSchema = z.object({
  id: z.string(),
  /** "PS-10482-R1". */
  label: z.string(),
  orderNumber: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  note: z.string(),
  photos: z.array(z.string()),
  declineReason: z.string().nullable(),
  /** Whether the parts went back on the shelf (known once received). */
  restocked: z.boolean().nullable(),
  /** What was (or, before the refund, will be) given back, tax included, in dollars. */
  refund: z.number().nullable(),
  refundTax: z.number().nullable(),
  lines: z.array(LineQuantitySchema),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type Return = z.infer<typeof ReturnSchema>;

export const RefundSchema = z.object({
  id: z.string(),
  /** To the card through the provider, or credited back on account. */
  method: z.enum(['card', 'account']),
  amount: z.number(),
  tax: z.number(),
  providerRefundId: z.string().nullable(),
  /** The return it paid for; null for a cancelled order's refund. */
  returnLabel: z.string().nullable(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof RefundSchema>;

export const ORDER_EVENT_KINDS = [
  'placed',
  'paid',
  'marked_paid',
  'shipment',
  'delivered',
  'cancelled',
  'refunded',
  'deleted',
  'return_requested',
  'return_approved',
  'return_declined',
  'return_received',
  'return_refunded',
  'note',
  /** Issue #30: a buyer's order over their limit waits; an approver approves or declines it. */
  'approval_requested',
  'approved',
  'declined',
  /** An admin recorded money received against the order's invoice. */
  'invoice_payment',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

export const OrderEventSchema = z.object({
  kind: z.enum(ORDER_EVENT_KINDS),
  /** Who: "Ada Rider (customer)", "Sam Admin (admin)", "System". */
  actor: z.string(),
  detail: z.string(),
  at: z.string(),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

export const OrderDetailLineSchema = OrderLineSchema.extend({
  /** Units that left in a shipment so far. */
  shipped: z.number().int(),
  /** Units in returns that were not declined. */
  returned: z.number().int(),
});
export type OrderDetailLine = z.infer<typeof OrderDetailLineSchema>;

export const OrderDetailSchema = OrderSchema.extend({
  lines: z.array(OrderDetailLineSchema),
  shipments: z.array(ShipmentSchema),
  returns: z.array(ReturnSchema),
  refunds: z.array(RefundSchema),
  events: z.array(OrderEventSchema),
  /** Until when the customer may ask to return lines (ISO); null when the order cannot be returned. */
  returnableUntil: z.string().nullable(),
  /** When the order was deleted (hidden from lists); only an admin ever sees a deleted order. */
  deletedAt: z.string().nullable(),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;
