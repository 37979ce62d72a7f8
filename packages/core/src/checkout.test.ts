import { describe, expect, it } from 'vitest';
import { DeliveryAddressSchema, salesTaxCents, usPhoneValid } from './checkout.js';
import { AddressEntryInputSchema } from './address-book.js';
import { DELIVERY_STATES } from './delivery-area.js';
import { addressZipTexts } from './checkout-place-texts.js';
import { stateOfZip } from './zip-state.js';

describe('delivery area', () => {
  it('is the 48 contiguous states and DC', () => {
    expect(Object.keys(DELIVERY_STATES)).toHaveLength(49);
    for (const outside of ['AK', 'HI', 'PR', 'GU', 'VI', 'AS', 'MP']) {
      expect(Object.keys(DELIVERY_STATES)).not.toContain(outside);
    }
  });

  it('normalises the state code to capitals', () => {
    const parsed = DeliveryAddressSchema.parse({
      name: 'A',
      street: '1 Main St',
      city: 'Reno',
      state: ' nv ',
      zip: '89501',
      phone: '775-555-0100',
    });
    expect(parsed.state).toBe('NV');
  });
});

describe('the ZIP and the state', () => {
  const address = (state: string, zip: string) => ({
    name: 'A',
    street: '1 Main St',
    city: 'Somewhere',
    state,
    zip,
    phone: '775-555-0100',
  });
  const zipErrors = (state: string, zip: string) =>
    (DeliveryAddressSchema.safeParse(address(state, zip)).error?.issues ?? [])
      .filter((issue) => issue.path.join('.') === 'zip')
      .map((issue) => issue.message);

  it('takes a ZIP of the chosen state, ZIP+4 too, and DC’s', () => {
    expect(zipErrors('CA', '94105')).toEqual([]);
    expect(zipErrors('NY', '10001-1234')).toEqual([]);
    expect(zipErrors('DC', '20500')).toEqual([]);
    expect(zipErrors('TX', '78701')).toEqual([]);
  });

  it('refuses a ZIP of another state on the zip field, naming the state chosen', () => {
    expect(zipErrors('CA', '10001')).toEqual([addressZipTexts.notInState('California')]);
    expect(zipErrors('NV', '94105')).toEqual([addressZipTexts.notInState('Nevada')]);
    // The address book's entries follow the same rule.
    const entry = AddressEntryInputSchema.safeParse(address('NY', '94105'));
    expect(entry.error?.issues).toMatchObject([
      { path: ['zip'], message: addressZipTexts.notInState('New York') },
    ]);
  });

  it('lets a prefix the table does not know through (the ZIP’s own rule decides)', () => {
    expect(stateOfZip('00001')).toBeNull();
    expect(zipErrors('CA', '00001')).toEqual([]);
  });
});

describe('usPhoneValid', () => {
  it.each(['(415) 555-0134', '415.555.0134', '+1 415 555 0134', '14155550134'])('accepts %s', (phone) => {
    expect(usPhoneValid(phone)).toBe(true);
  });
  it.each(['555-0134', '015 555 0134', '+44 20 7946 0958', '415-555-0134 ext 2', ''])(
    'refuses %s',
    (phone) => {
      expect(usPhoneValid(phone)).toBe(false);
    },
  );
});

describe('salesTaxCents', () => {
  it('rounds once per order, half up, in whole cents', () => {
    expect(salesTaxCents(10547, 725)).toBe(765);
    expect(salesTaxCents(10000, 0)).toBe(0);
    expect(salesTaxCents(50, 1000)).toBe(5);
    // 0.5 cent rounds up.
    expect(salesTaxCents(125, 40)).toBe(1);
    expect(salesTaxCents(1999, 625)).toBe(125);
  });
});
