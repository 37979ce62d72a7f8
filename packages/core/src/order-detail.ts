import { z } from 'zod';
import { OrderLineSchema, OrderSchema } from './orders.js';

/*
 * An order as its page shows it (GET /api/orders/:number, the customer's own; the admin's any):
 * every line with what shipped and what came back, the shipments with tracking, the returns, the
 * refunds and a timeline of every change with who and when (docs/decisions/026).
 */

export const CARRIERS = ['ups', 'fedex', 'usps', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_NAMES: Record<Carrier, string> = {
  ups: 'UPS',
  fedex: 'FedEx',
  usps: 'USPS',
  other: 'Other carrier',
};

/** A tracking number as carriers print it, without the spaces and dashes people type. */
export const normaliseTrackingNumber = (text: string): string => text.replace(/[\s-]/g, '').toUpperCase();

/**
 * The shapes each carrier's tracking numbers take (after normalising): UPS "1Z" and 16 letters or
 * digits; FedEx 12, 15, 20 or 22 digits; USPS 20 to 22 digits, or two letters, nine digits and
 * "US" (international); another carrier any 4 to 40 letters and digits.
 */
const TRACKING_PATTERNS: Record<Carrier, RegExp> = {
  ups: /^1Z[0-9A-Z]{16}$/,
  fedex: /^(?:\d{12}|\d{15}|\d{20}|\d{22})$/,
  usps: /^(?:\d{20,22}|[A-Z]{2}\d{9}US)$/,
  other: /^[0-9A-Z]{4,40}$/,
};

export function trackingNumberValid(carrier: Carrier, trackingNumber: string): boolean {
  return TRACKING_PATTERNS[carrier].test(normaliseTrackingNumber(trackingNumber));
}

/** The carrier's public tracking page for a number; none for another carrier. */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string | null {
  const n = encodeURIComponent(normaliseTrackingNumber(trackingNumber));
  switch (carrier) {
    case 'ups':
      return `https://www.ups.com/track?tracknum=${n}`;
    case 'fedex':
      return `https://www.fedex.com/fedextrack/?trknbr=${n}`;
    case 'usps':
      return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`;
    default:
      return null;
  }
}

/** Units of one order line, in a shipment or a return. */
export const LineQuantitySchema = z.object({
  lineId: z.string(),
  name: z.string(),
  partNumber: z.string().nullable(),
  quantity: z.number().int(),
});
export type LineQuantity = z.infer<typeof LineQuantitySchema>;

export const ShipmentSchema = z.object({
  id: z.string(),
  /** 1, 2, … within the order. */
  position: z.number().int(),
  carrier: z.enum(CARRIERS),
  carrierName: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  shippedAt: z.string(),
  lines: z.array(LineQuantitySchema),
});
export type Shipment = z.infer<typeof ShipmentSchema>;

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
