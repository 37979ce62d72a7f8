import { DELIVERY_STATES, isDeliveryState } from './delivery-area.js';

/*
 * The delivery promise (issue #28; the About page: "delivery within one business day (24 hours)
 * with no extra shipping charges"): when a part ordered now arrives. One pure function, the same
 * on the server (the date an order stores) and in the browser (the part page's countdown), read
 * from the settings an admin keeps at Admin → Settings. Dates are calendar dates in the shop's
 * time zone, written 'YYYY-MM-DD'; only Intl is used to find the zone's wall clock.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The zones an admin picks from: the shop is in the 48 states + DC (UTC for completeness). */
export const DELIVERY_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'UTC',
] as const;
export type DeliveryTimeZone = (typeof DELIVERY_TIME_ZONES)[number];

/** US federal holidays 2026–2027 as observed (a Saturday's on the Friday, a Sunday's on the Monday). */
export const US_FEDERAL_HOLIDAYS_2026_2027 = [
  '2026-01-01',
  '2026-01-19',
  '2026-02-16',
  '2026-05-25',
  '2026-06-19',
  '2026-07-03',
  '2026-09-07',
  '2026-10-12',
  '2026-11-11',
  '2026-11-26',
  '2026-12-25',
  '2027-01-01',
  '2027-01-18',
  '2027-02-15',
  '2027-05-31',
  '2027-06-18',
  '2027-07-05',
  '2027-09-06',
  '2027-10-11',
  '2027-11-11',
  '2027-11-25',
  '2027-12-24',
  '2027-12-31',
] as const;

/** The most days of handling or transit an admin may set: a promise past two weeks is none. */
export const MAX_DELIVERY_DAYS = 10;

export interface Carrier {
  name: string;
  /** Business days in transit to a state not listed in `byState`. */
  transitDays: number;
  /** Per destination state (USPS code), where it differs from `transitDays`. */
  byState: Record<string, number>;
}

/**
 * The delivery settings (shop_settings 'delivery', checked by DeliverySettingsSchema in
 * delivery-settings.ts): what GET /api/settings/delivery answers. Here without zod, so the part
 * page computes its promise without the rules' code.
 */
export interface DeliverySettings {
  /** Orders placed before this wall-clock time ('HH:MM', 24 h) on a business day ship that day. */
  cutoff: string;
  timeZone: DeliveryTimeZone;
  /** Business days between the order day and the day it ships (0: ships the day it is ordered). */
  handlingDays: number;
  /** The days the shop ships and carriers deliver. */
  businessDays: Weekday[];
  /** Days nobody ships or delivers ('YYYY-MM-DD'), though they fall on a business day. */
  holidays: string[];
  /** The promise takes the fastest carrier to the destination state. */
  carriers: Carrier[];
}

/** Settings that keep the About page's promise: ordered by 3 pm Eastern on a weekday, there the next. */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  cutoff: '15:00',
  timeZone: 'America/New_York',
  handlingDays: 0,
  businessDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
  holidays: [...US_FEDERAL_HOLIDAYS_2026_2027],
  carriers: [{ name: 'Ground', transitDays: 1, byState: {} }],
};

export interface DeliveryPromise {
  /** The instant the order day's cut-off passes (ISO). */
  cutoffAt: string;
  /** How long is left to order for this promise (ms, > 0). */
  orderWithinMs: number;
  /** The shop's calendar date it ships ('YYYY-MM-DD'). */
  shipsOn: string;
  /** The shop's calendar date it arrives ('YYYY-MM-DD'). */
  arrivesOn: string;
  /** The carrier it goes with. */
  carrier: string;
}

export interface DeliveryQuestion {
  now: Date;
  settings: DeliverySettings;
  /** The destination's USPS state code. */
  state: string;
  /** Every part of it in stock (in the quantity wanted). */
  inStock: boolean;
}

// ---- calendar dates ('YYYY-MM-DD', as UTC midnights for arithmetic) ----

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const toDay = (date: string) => {
  const [y = 0, m = 0, d = 0] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
};
const fromDay = (ms: number) => {
  const date = new Date(ms);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
};
/** getUTCDay's Sunday-first numbering as WEEKDAYS' names. */
const weekdayOf = (date: string): Weekday => WEEKDAYS[(new Date(toDay(date)).getUTCDay() + 6) % 7]!;
const nextDay = (date: string) => fromDay(toDay(date) + DAY_MS);

// ---- the zone's wall clock, through Intl ----

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The zone's calendar date and wall-clock time at an instant. */
function wallClock(instant: number, timeZone: string): { date: string; minutes: number; ms: number } {
  const parts: Record<string, string> = {};
  for (const part of wallClockFormat(timeZone).formatToParts(new Date(instant)))
    parts[part.type] = part.value;
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  const second = Number(parts.second);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: hour * 60 + minute,
    // The wall clock's own milliseconds since its midnight (UTC arithmetic, no zone in it).
    ms: ((hour * 60 + minute) * 60 + second) * 1000 + (instant % 1000),
  };
}

/** How far the zone's clock is ahead of UTC at an instant (ms; negative in the Americas). */
function zoneOffset(instant: number, timeZone: string): number {
  const clock = wallClock(instant, timeZone);
  return toDay(clock.date) + clock.ms - instant;
}

/**
 * The instant the zone's clock reads `minutes` past midnight on `date`. Two passes: the offset
 * at a first guess, then the offset at the instant that gives (which differs across a DST change).
 */
function instantAt(date: string, minutes: number, timeZone: string): number {
  const wall = toDay(date) + minutes * 60_000;
  const first = wall - zoneOffset(wall, timeZone);
  return wall - zoneOffset(first, timeZone);
}

// ---- the promise ----

/** How long the search for a business day may go: a year and a bit (settings forbid no days). */
const SEARCH_LIMIT = 400;

function businessDayTest(settings: DeliverySettings): (date: string) => boolean {
  const open = new Set<string>(settings.businessDays);
  const closed = new Set(settings.holidays);
  return (date) => open.has(weekdayOf(date)) && !closed.has(date);
}

/** The first business day on or after `date`; null if none within the search limit. */
function onOrAfter(date: string, isBusinessDay: (date: string) => boolean): string | null {
  let day = date;
  for (let i = 0; i < SEARCH_LIMIT; i++, day = nextDay(day)) if (isBusinessDay(day)) return day;
  return null;
}

/** `count` business days after the business day `date`. */
function addBusinessDays(
  date: string,
  count: number,
  isBusinessDay: (date: string) => boolean,
): string | null {
  let day: string | null = date;
  for (let i = 0; i < count && day; i++) day = onOrAfter(nextDay(day), isBusinessDay);
  return day;
}

/** The fastest carrier's business days in transit to `state`. */
export function transitDaysTo(settings: DeliverySettings, state: string): { carrier: string; days: number } {
  let best = { carrier: settings.carriers[0]?.name ?? '', days: Number.POSITIVE_INFINITY };
  for (const carrier of settings.carriers) {
    const days = Object.hasOwn(carrier.byState, state) ? carrier.byState[state]! : carrier.transitDays;
    if (days < best.days) best = { carrier: carrier.name, days };
  }
  return Number.isFinite(best.days) ? best : { carrier: best.carrier, days: 1 };
}

/**
 * When a part ordered at `now` for `state` arrives: null when there is no promise to make (not
 * in stock, a state outside the 48 + DC, no business day ahead). An order placed before the
 * cut-off on a business day counts from that day, otherwise from the next business day; it ships
 * `handlingDays` business days later and arrives after the carrier's transit days (business days
 * too: carriers deliver on the shop's business days, not on its holidays).
 */
export function deliveryPromise({ now, settings, state, inStock }: DeliveryQuestion): DeliveryPromise | null {
  if (!inStock || !isDeliveryState(state)) return null;
  const instant = now.getTime();
  if (!Number.isFinite(instant)) return null;
  const isBusinessDay = businessDayTest(settings);
  const [hours = 0, minutes = 0] = settings.cutoff.split(':').map(Number);
  const cutoffMinutes = hours * 60 + minutes;
  const clock = wallClock(instant, settings.timeZone);

  let orderDay = onOrAfter(clock.date, isBusinessDay);
  if (!orderDay) return null;
  let cutoffAt = instantAt(orderDay, cutoffMinutes, settings.timeZone);
  if (cutoffAt <= instant) {
    orderDay = onOrAfter(nextDay(orderDay), isBusinessDay);
    if (!orderDay) return null;
    cutoffAt = instantAt(orderDay, cutoffMinutes, settings.timeZone);
  }
  const shipsOn = addBusinessDays(orderDay, settings.handlingDays, isBusinessDay);
  if (!shipsOn) return null;
  const transit = transitDaysTo(settings, state);
  const arrivesOn = addBusinessDays(shipsOn, transit.days, isBusinessDay);
  if (!arrivesOn) return null;
  return {
    cutoffAt: new Date(cutoffAt).toISOString(),
    orderWithinMs: cutoffAt - instant,
    shipsOn,
    arrivesOn,
    carrier: transit.carrier,
  };
}

/** The states an admin may give their own transit days, as a selector lists them. */
export const TRANSIT_STATES = Object.entries(DELIVERY_STATES).map(([code, name]) => ({ code, name }));

/** The settings' key in shop_settings. */
export const DELIVERY_SETTINGS_KEY = 'delivery';
