import { z } from 'zod';
import { singleLineText } from './text.js';
import { shipmentTexts, TRACKING_FORMATS } from './shipment-texts.js';

/*
 * Shipments (issue #26 item 5): the carriers, their tracking numbers and the shipments an order
 * lists. Apart from order-detail.ts, which re-exports them, because the list's OrderSchema
 * (orders.ts) carries an order's shipments and order-detail.ts imports orders.ts.
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

/** The message for a tracking number that does not fit its carrier: what its numbers look like. */
export const trackingNumberProblem = (carrier: Carrier): string =>
  shipmentTexts.trackingInvalid(CARRIER_NAMES[carrier], TRACKING_FORMATS[carrier]);

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

const CarrierSchema = z.enum(CARRIERS, { error: shipmentTexts.carrierRequired });
const TrackingNumberSchema = singleLineText({ error: shipmentTexts.trackingRequired })
  .trim()
  .min(1, shipmentTexts.trackingRequired)
  .max(64, shipmentTexts.trackingRequired);

/** The one tracking rule, for the route's body and the ship form alike: the number fits its carrier. */
function checkTracking(value: { carrier: Carrier; trackingNumber: string }, ctx: z.RefinementCtx): void {
  if (!trackingNumberValid(value.carrier, value.trackingNumber)) {
    ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: trackingNumberProblem(value.carrier) });
  }
}

/** One line of a shipment as an admin sends it: which line, how many of its units. */
export const ShipmentLineInputSchema = z.object({
  lineId: z.uuid({ message: shipmentTexts.lineUnknown }),
  quantity: z
    .number({ error: shipmentTexts.quantityWhole })
    .int(shipmentTexts.quantityWhole)
    .min(1, shipmentTexts.quantityAtLeastOne),
});

/**
 * POST /api/orders/:number/shipments. No `lines`: every unit not yet shipped. Whether a line is
 * the order's and how many of its units are left is the server's to check (it holds the order).
 */
export const CreateShipmentSchema = z
  .object({
    carrier: CarrierSchema,
    trackingNumber: TrackingNumberSchema,
    lines: z.array(ShipmentLineInputSchema).min(1, shipmentTexts.nothingChosen).max(500).optional(),
  })
  .superRefine((value, ctx) => {
    checkTracking(value, ctx);
    const seen = new Set<string>();
    value.lines?.forEach((line, index) => {
      if (seen.has(line.lineId)) {
        ctx.addIssue({ code: 'custom', path: ['lines', index, 'lineId'], message: shipmentTexts.lineTwice });
      }
      seen.add(line.lineId);
    });
  });
export type CreateShipmentInput = z.infer<typeof CreateShipmentSchema>;

/** What is left to ship of each line: ordered units less those in the order's shipments. */
export function unitsLeftToShip(order: {
  lines: readonly { lineId: string; quantity: number }[];
  shipments: readonly { lines: readonly { lineId: string; quantity: number }[] }[];
}): Map<string, number> {
  const left = new Map(order.lines.map((line) => [line.lineId, line.quantity]));
  for (const shipment of order.shipments) {
    for (const line of shipment.lines) {
      left.set(line.lineId, (left.get(line.lineId) ?? 0) - line.quantity);
    }
  }
  return left;
}

/** An order ships while paid (by card or invoice), on account, or partly shipped. */
export const SHIPPABLE_STATUSES = ['paid', 'on_account', 'partially_shipped'] as const;

/** A quantity field's units: empty means none of this line in the parcel. */
export const shipQuantity = (text: string): number => (text.trim() === '' ? 0 : Number(text.trim()));

function lineQuantityProblem(text: string, left: number): string | undefined {
  const n = shipQuantity(text);
  if (!Number.isInteger(n)) return shipmentTexts.quantityWhole;
  if (n < 0) return shipmentTexts.quantityNegative;
  if (n > left) return shipmentTexts.quantityAbove(left);
  return undefined;
}

/**
 * The ship form's fields: the carrier, its tracking number, and the units of each listed line
 * to put in the parcel, typed as text (0 leaves the line for later). `left` is what each line
 * has left to ship, in the order of `quantities`.
 */
export function shipFormSchema(left: readonly number[]) {
  return z
    .object({
      carrier: CarrierSchema,
      trackingNumber: TrackingNumberSchema,
      quantities: z.array(singleLineText()),
    })
    .superRefine((value, ctx) => {
      checkTracking(value, ctx);
      let units = 0;
      let wrong = false;
      value.quantities.forEach((text, index) => {
        const message = lineQuantityProblem(text, left[index] ?? 0);
        if (message) {
          wrong = true;
          ctx.addIssue({ code: 'custom', path: ['quantities', index], message });
        } else units += shipQuantity(text);
      });
      // A parcel of nothing, said once for the form rather than under every line.
      if (!wrong && units === 0) {
        ctx.addIssue({ code: 'custom', path: ['quantities'], message: shipmentTexts.nothingChosen });
      }
    });
}
export type ShipFormValues = z.input<ReturnType<typeof shipFormSchema>>;
