/**
 * The delivery promise's texts (issue #28): the countdown on the part page, cart and checkout,
 * the promised date on orders and receipts, the "Deliver to ZIP" control and Admin → Settings.
 * A module without zod, so the part page's code carries only these few strings.
 */

/** Made once: building a formatter costs far more than formatting (every order's mail and page use it). */
let promiseDates: Intl.DateTimeFormat | undefined;

/** "Tue, Dec 1": a calendar date ('YYYY-MM-DD') as the promise shows it, whatever the reader's zone. */
export function formatPromiseDate(date: string): string {
  const [y = 0, m = 0, d = 0] = date.split('-').map(Number);
  promiseDates ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  });
  return promiseDates.format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * "3 h 12 min", "45 min", "2 d 19 h": what is left to order, rounded down (a promise must not
 * say more time than there is), never under a minute.
 */
export function formatOrderWithin(ms: number): string {
  const totalMinutes = Math.max(1, Math.floor(ms / 60_000));
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return `${minutes} min`;
}

export const deliveryTexts = {
  /** "Order within 3 h 12 min — arrives Tue, Dec 1". */
  promise: (p: { orderWithinMs: number; arrivesOn: string }) =>
    `Order within ${formatOrderWithin(p.orderWithinMs)} — arrives ${formatPromiseDate(p.arrivesOn)}`,
  /** On a placed order, its confirmation, receipt and page. */
  arrivesBy: (date: string) => `Arrives by ${formatPromiseDate(date)}`,
  freeDelivery: 'Free delivery',
  deliverTo: (zip: string, state: string) => `Delivering to ${zip} (${state})`,
  deliverToZip: 'Deliver to ZIP',
  zipLabel: 'ZIP code',
  zipSubmit: 'Check',
  zipChange: 'Change',
  zipInvalid: 'Enter a 5-digit ZIP code',
  zipUnknown: 'That ZIP code is not one we know',
  zipOutsideArea: (place: string) => `We deliver to the 48 contiguous states and DC, not to ${place}.`,
  stateNoPromise: 'We deliver to the 48 contiguous states and DC.',

  // Admin → Settings
  settingsHeading: 'Settings',
  deliveryHeading: 'Delivery promise',
  settingsMenu: 'Settings',
  settingsLead:
    'When a part ordered now arrives: shown on the part page, the cart and the checkout, and kept on each order.',
  cutoffLabel: 'Order cut-off time',
  timeZoneLabel: 'Time zone',
  handlingLabel: 'Handling days',
  businessDaysLegend: 'Business days',
  holidaysLegend: 'Holidays',
  holidayLabel: 'Holiday date',
  addHoliday: 'Add holiday',
  removeHoliday: (date: string) => `Remove holiday ${date}`,
  noHolidays: 'No holidays.',
  carriersLegend: 'Carriers',
  carrierNameLabel: 'Carrier name',
  transitLabel: 'Transit days (default)',
  overrideStateLabel: 'State',
  overrideDaysLabel: 'Transit days',
  addOverride: 'Add state',
  removeOverride: (state: string) => `Remove ${state}`,
  addCarrier: 'Add carrier',
  removeCarrier: (name: string) => `Remove carrier ${name || 'without a name'}`,
  save: 'Save settings',
  saving: 'Saving…',
  saved: 'Delivery settings saved.',
  saveFailed: 'The settings could not be saved.',
  preview: (text: string) => `A part ordered now to New York: ${text}`,
  weekdayNames: {
    mon: 'Monday',
    tue: 'Tuesday',
    wed: 'Wednesday',
    thu: 'Thursday',
    fri: 'Friday',
    sat: 'Saturday',
    sun: 'Sunday',
  },

  // The rules' messages (the settings' schema, in the form and on the server).
  cutoffInvalid: 'Enter the cut-off as a time, such as 15:00',
  timeZoneInvalid: 'Choose a time zone',
  daysRange: 'Use a whole number of days from 0 to 10',
  businessDaysRequired: 'Choose at least one business day',
  holidayInvalid: 'Enter a date such as 2026-12-25',
  holidayTwice: 'Each holiday only once',
  tooManyHolidays: 'At most 200 holidays',
  carrierRequired: 'Keep at least one carrier',
  tooManyCarriers: 'At most 10 carriers',
  carrierNameRequired: 'Enter the carrier’s name',
  carrierNameTooLong: 'Use at most 60 characters',
  stateOutsideArea: 'Choose one of the 48 contiguous states or DC',
  stateTwice: 'Each state only once per carrier',
  chooseState: 'Choose a state',
} as const;
