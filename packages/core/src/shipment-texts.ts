/**
 * Shipping an order (issue #26 item 5): the API's answers, the ship form and the customer's
 * tracking links. Apart from messages.ts so pages that never ship carry none of it. Zod-free.
 */

type CarrierKey = 'ups' | 'fedex' | 'usps' | 'other';

/** What each carrier's tracking numbers look like, for the form's hint and the 400's message. */
export const TRACKING_FORMATS: Record<CarrierKey, string> = {
  ups: 'UPS numbers start with 1Z, then 16 letters and digits (1Z 999 AA1 01 2345 6784).',
  fedex: 'FedEx numbers are 12, 15, 20 or 22 digits (1234 5678 9012).',
  usps: 'USPS numbers are 20 to 22 digits (9400 1000 0000 0000 0000 00), or two letters, 9 digits and US (EC123456789US).',
  other: 'Tracking numbers are 4 to 40 letters and digits.',
};

export const shipmentTexts = {
  // The API's refusals.
  carrierRequired: 'Choose the carrier',
  trackingRequired: 'Enter the tracking number',
  trackingInvalid: (carrierName: string, format: string) =>
    `That is not a ${carrierName} tracking number. ${format}`,
  lineUnknown: 'That line is not on this order.',
  lineTwice: 'List each line once.',
  quantityWhole: 'Enter a whole number of units',
  quantityAtLeastOne: 'Ship at least 1 unit of each line you list',
  quantityNegative: 'The quantity cannot be negative',
  quantityAbove: (left: number) =>
    left === 0 ? 'Every unit of this line has already shipped.' : `Only ${left} left to ship on this line.`,
  nothingChosen: 'Choose at least one unit to ship.',
  /** Why an order cannot ship, by its status. */
  cannotShip: {
    unpaid: 'This order is not paid yet: it ships once it is paid.',
    awaiting_approval:
      'This order is waiting for the company’s approval: it ships once it is approved and paid.',
    cancelled: 'This order was cancelled, so it cannot ship.',
    shipped: 'Everything on this order has already shipped.',
    delivered: 'This order was delivered; nothing is left to ship.',
  },
  /** Why an order cannot be marked delivered, by its status. */
  cannotDeliver: {
    partially_shipped:
      'Some units of this order have not shipped yet: ship them before marking it delivered.',
    other: 'Only a shipped order can be marked delivered; this one has not shipped.',
    cancelled: 'This order was cancelled, so it cannot be delivered.',
  },
  /** The spec's status route no longer ships: a parcel needs its carrier and tracking number. */
  shipThroughShipments:
    'An order ships with its carrier and tracking number: use POST /api/orders/{number}/shipments (the ship form on the order page).',

  // The ship form (admin order page).
  formHeading: 'Ship',
  formIntro: 'Choose what goes in this parcel; the rest can ship later.',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  quantityLabel: (name: string) => `Units of ${name} to ship`,
  /** The quantity field's visible label, around the part's name that only screen readers read. */
  unitsLabelStart: 'Units',
  unitsLabelEnd: ' to ship',
  leftToShip: (left: number, ordered: number) => `${left} of ${ordered} left to ship`,
  submit: 'Ship these units',
  submitting: 'Shipping…',
  shipped: (position: number, orderNumber: string, carrierName: string, complete: boolean) =>
    `Shipment ${position} of ${orderNumber} is on its way with ${carrierName}; the customer was mailed. ${
      complete ? 'Everything on this order has shipped.' : 'The rest can ship later.'
    }`,
  shipFailed: 'The shipment was not saved.',
  allShipped: 'Everything on this order has shipped.',
  notShippable: 'This order cannot ship yet: it ships once it is paid (or placed on account).',
  markDelivered: 'Mark delivered',
  markingDelivered: 'Saving…',
  delivered: (orderNumber: string) => `${orderNumber} is marked delivered; the customer was mailed.`,
  deliverFailed: 'The order was not marked delivered.',
  tryAgain: 'Please try again.',

  // My Orders.
  shipmentsLabel: 'Shipments',
  shipmentLine: (position: number, carrierName: string) => `Shipment ${position} · ${carrierName}:`,
  trackName: (trackingNumber: string, carrierName: string) =>
    `Track ${trackingNumber} with ${carrierName} (opens in a new tab)`,
} as const;
