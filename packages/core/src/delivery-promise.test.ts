import { describe, expect, it } from 'vitest';
import { DeliverySettingsSchema } from './delivery-settings.js';
import {
  DEFAULT_DELIVERY_SETTINGS,
  US_FEDERAL_HOLIDAYS_2026_2027,
  deliveryPromise,
  type Carrier,
  type DeliverySettings,
} from './delivery-promise.js';
import { deliveryTexts, formatOrderWithin, formatPromiseDate } from './delivery-texts.js';
import { stateOfZip } from './zip-state.js';

const settings = DEFAULT_DELIVERY_SETTINGS;
const ask = (iso: string, state = 'NY', more: Partial<DeliverySettings> = {}, inStock = true) =>
  deliveryPromise({ now: new Date(iso), settings: { ...settings, ...more }, state, inStock });
const HOUR = 3_600_000;

describe('deliveryPromise (shop on America/New_York, cut-off 15:00, Mon–Fri, 1 day in transit)', () => {
  it('before the cut-off: ships today, arrives the next business day, order within the time left', () => {
    // Monday 30 November 2026, 11:48 EST.
    const promise = ask('2026-11-30T16:48:00Z');
    expect(promise).toEqual({
      cutoffAt: '2026-11-30T20:00:00.000Z',
      orderWithinMs: 3 * HOUR + 12 * 60_000,
      shipsOn: '2026-11-30',
      arrivesOn: '2026-12-01',
      carrier: 'Ground',
    });
    expect(deliveryTexts.promise(promise!)).toBe('Order within 3 h 12 min — arrives Tue, Dec 1');
  });

  it('at and after the cut-off: counts from the next business day', () => {
    for (const iso of ['2026-11-30T20:00:00Z', '2026-11-30T23:30:00Z', '2026-12-01T04:59:59Z']) {
      const promise = ask(iso);
      expect(promise?.shipsOn).toBe('2026-12-01');
      expect(promise?.arrivesOn).toBe('2026-12-02');
      expect(promise?.cutoffAt).toBe('2026-12-01T20:00:00.000Z');
    }
  });

  it('Friday before the cut-off arrives Monday; after it, ships Monday and arrives Tuesday', () => {
    expect(ask('2026-12-04T19:59:00Z')?.arrivesOn).toBe('2026-12-07');
    const late = ask('2026-12-04T21:00:00Z');
    expect(late?.shipsOn).toBe('2026-12-07');
    expect(late?.arrivesOn).toBe('2026-12-08');
    // From Friday 16:00 to Monday 15:00 EST.
    expect(late?.orderWithinMs).toBe(71 * HOUR);
    // A Saturday or Sunday counts from Monday too.
    expect(ask('2026-12-05T15:00:00Z')?.arrivesOn).toBe('2026-12-08');
    expect(ask('2026-12-06T22:00:00Z')?.arrivesOn).toBe('2026-12-08');
  });

  it('skips holidays: the day before Thanksgiving arrives Friday; after its cut-off, Monday', () => {
    expect(ask('2026-11-25T15:00:00Z')?.arrivesOn).toBe('2026-11-27');
    const late = ask('2026-11-25T21:00:00Z');
    expect(late?.shipsOn).toBe('2026-11-27');
    expect(late?.arrivesOn).toBe('2026-11-30');
    // On the holiday itself nothing ships.
    expect(ask('2026-11-26T14:00:00Z')?.shipsOn).toBe('2026-11-27');
  });

  it('a holiday Monday: Friday before Labor Day arrives Tuesday; after MLK weekend’s cut-off, Wednesday', () => {
    expect(ask('2026-09-04T14:00:00Z')?.arrivesOn).toBe('2026-09-08');
    const mlk = ask('2027-01-15T21:00:00Z');
    expect(mlk?.shipsOn).toBe('2027-01-19');
    expect(mlk?.arrivesOn).toBe('2027-01-20');
  });

  it('across the spring DST change (8 March 2026): the cut-off is 15:00 EDT, an hour less away', () => {
    // Friday 6 March, 15:30 EST (after the cut-off) → Monday 9 March, 15:00 EDT (19:00Z).
    const promise = ask('2026-03-06T20:30:00Z');
    expect(promise?.cutoffAt).toBe('2026-03-09T19:00:00.000Z');
    expect(promise?.orderWithinMs).toBe(70.5 * HOUR);
    expect(promise?.arrivesOn).toBe('2026-03-10');
    // Sunday 8 March 23:30 EDT is already Monday in UTC: still Sunday in New York.
    expect(ask('2026-03-09T03:30:00Z')?.shipsOn).toBe('2026-03-09');
    // Monday 9 March 14:59 EDT is before the cut-off (it would be after on EST's offset).
    expect(ask('2026-03-09T18:59:00Z')?.orderWithinMs).toBe(60_000);
  });

  it('across the autumn DST change (1 November 2026): the cut-off is 15:00 EST, an hour more away', () => {
    // Friday 30 October, 16:00 EDT → Monday 2 November, 15:00 EST (20:00Z): 72 hours.
    const promise = ask('2026-10-30T20:00:00Z');
    expect(promise?.cutoffAt).toBe('2026-11-02T20:00:00.000Z');
    expect(promise?.orderWithinMs).toBe(72 * HOUR);
    expect(promise?.arrivesOn).toBe('2026-11-03');
    // Sunday 1 November 23:30 EST is Monday in UTC: Monday's cut-off still to come.
    expect(ask('2026-11-02T04:30:00Z')?.orderWithinMs).toBe(15.5 * HOUR);
  });

  it('follows the shop’s time zone: a Los Angeles shop takes orders three hours longer', () => {
    const at = '2026-11-30T22:30:00Z'; // 14:30 PST, 17:30 EST
    const west = ask(at, 'CA', { timeZone: 'America/Los_Angeles' });
    expect(west?.cutoffAt).toBe('2026-11-30T23:00:00.000Z');
    expect(west?.orderWithinMs).toBe(30 * 60_000);
    expect(west?.arrivesOn).toBe('2026-12-01');
    expect(ask(at, 'CA')?.arrivesOn).toBe('2026-12-02');
  });

  it('takes a state’s own transit days, and the fastest carrier', () => {
    const carriers: Carrier[] = [
      { name: 'Ground', transitDays: 1, byState: { CA: 3, WA: 2 } },
      { name: 'Air', transitDays: 2, byState: { CA: 2 } },
    ];
    const ca = ask('2026-11-30T16:48:00Z', 'CA', { carriers });
    expect(ca?.arrivesOn).toBe('2026-12-02');
    expect(ca?.carrier).toBe('Air');
    expect(ask('2026-11-30T16:48:00Z', 'WA', { carriers })?.arrivesOn).toBe('2026-12-02');
    expect(ask('2026-11-30T16:48:00Z', 'NY', { carriers })?.carrier).toBe('Ground');
    // Two transit days from a Thursday cross the weekend.
    expect(ask('2026-12-03T16:00:00Z', 'WA', { carriers })?.arrivesOn).toBe('2026-12-07');
  });

  it('adds handling days and keeps to the business days set', () => {
    expect(ask('2026-11-30T16:48:00Z', 'NY', { handlingDays: 2 })?.shipsOn).toBe('2026-12-02');
    // A shop that also ships on Saturdays.
    const sat = ask('2026-12-04T21:00:00Z', 'NY', {
      businessDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
    });
    expect(sat?.shipsOn).toBe('2026-12-05');
    expect(sat?.arrivesOn).toBe('2026-12-07');
  });

  it('promises nothing out of stock, outside the 48 states + DC, or with no business day ahead', () => {
    expect(ask('2026-11-30T16:48:00Z', 'NY', {}, false)).toBeNull();
    for (const state of ['AK', 'HI', 'PR', 'GU', 'AE', '', 'ny'])
      expect(ask('2026-11-30T16:48:00Z', state)).toBeNull();
    expect(ask('2026-11-30T16:48:00Z', 'DC')?.arrivesOn).toBe('2026-12-01');
    const everyMonday = Array.from({ length: 60 }, (_, i) =>
      new Date(Date.UTC(2026, 10, 30 + 7 * i)).toISOString().slice(0, 10),
    );
    expect(ask('2026-11-30T21:00:00Z', 'NY', { businessDays: ['mon'], holidays: everyMonday })).toBeNull();
  });
});

describe('the settings', () => {
  it('keep the About page’s promise by default and pass their own rules', () => {
    expect(DeliverySettingsSchema.parse(DEFAULT_DELIVERY_SETTINGS)).toEqual(DEFAULT_DELIVERY_SETTINGS);
    // The holidays are the observed federal ones: none on a weekend.
    for (const day of US_FEDERAL_HOLIDAYS_2026_2027) {
      expect([0, 6]).not.toContain(new Date(`${day}T12:00:00Z`).getUTCDay());
    }
  });

  it('refuse bad input, naming the field', () => {
    const result = DeliverySettingsSchema.safeParse({
      ...DEFAULT_DELIVERY_SETTINGS,
      cutoff: '25:00',
      handlingDays: -1,
      businessDays: [],
      holidays: ['2026-02-30'],
      carriers: [{ name: ' ', transitDays: 11, byState: { AK: 1 } }],
    });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['cutoff', deliveryTexts.cutoffInvalid],
        ['handlingDays', deliveryTexts.daysRange],
        ['businessDays', deliveryTexts.businessDaysRequired],
        ['holidays.0', deliveryTexts.holidayInvalid],
        ['carriers.0.name', deliveryTexts.carrierNameRequired],
        ['carriers.0.transitDays', deliveryTexts.daysRange],
        ['carriers.0.byState.AK', deliveryTexts.stateOutsideArea],
      ]),
    );
  });
});

describe('the texts', () => {
  it('say what is left, rounded down, and the date as "Tue, Dec 1"', () => {
    expect(formatOrderWithin(3 * HOUR + 12 * 60_000 + 59_000)).toBe('3 h 12 min');
    expect(formatOrderWithin(2 * HOUR)).toBe('2 h');
    expect(formatOrderWithin(45 * 60_000)).toBe('45 min');
    expect(formatOrderWithin(10_000)).toBe('1 min');
    expect(formatOrderWithin(71 * HOUR)).toBe('2 d 23 h');
    expect(formatOrderWithin(48 * HOUR)).toBe('2 d');
    expect(formatPromiseDate('2026-12-01')).toBe('Tue, Dec 1');
    expect(deliveryTexts.arrivesBy('2027-01-20')).toBe('Arrives by Wed, Jan 20');
  });
});

describe('stateOfZip', () => {
  it('maps a ZIP code’s first three digits to its state', () => {
    const cases: Record<string, string | null> = {
      '10001': 'NY',
      '00501': 'NY',
      '02108': 'MA',
      '20001': 'DC',
      '20105': 'VA',
      '21201': 'MD',
      '33101': 'FL',
      '60601': 'IL',
      '73301': 'TX',
      '73102': 'OK',
      '79901': 'TX',
      '88510': 'TX',
      '89101': 'NV',
      '90210': 'CA',
      '97201': 'OR',
      '98101': 'WA',
      '99501': 'AK',
      '96813': 'HI',
      '00901': 'PR',
      '30301-1234': 'GA',
      '00000': null,
      '21': null,
      abcde: null,
      '99999-12': null,
    };
    for (const [zip, state] of Object.entries(cases)) expect([zip, stateOfZip(zip)]).toEqual([zip, state]);
  });
});
