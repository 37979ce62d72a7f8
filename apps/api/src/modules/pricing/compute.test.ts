import { describe, expect, it } from 'vitest';
import { nextBoundary, priceOf, tierPrice, type LoadedList } from './compute.js';

const part = { partId: 'p1', brand: 'Honda', category: 'brake-pads', priceCents: 10_000 };
const list = (rules: LoadedList['rules'], fixed: [string, number][] = []): LoadedList => ({
  rules,
  fixed: new Map(fixed),
});

describe('tier prices', () => {
  it('takes the most specific rule: brand and category, then brand, then category, then all', () => {
    const all = { brand: null, category: null, percentOffBp: 500 };
    const cat = { brand: null, category: 'brake-pads', percentOffBp: 1000 };
    const brand = { brand: 'Honda', category: null, percentOffBp: 1500 };
    const both = { brand: 'Honda', category: 'brake-pads', percentOffBp: 2000 };
    expect(tierPrice(list([all]), part)).toBe(9_500);
    expect(tierPrice(list([all, cat]), part)).toBe(9_000);
    expect(tierPrice(list([cat, brand, all]), part)).toBe(8_500);
    expect(tierPrice(list([brand, both, cat, all]), part)).toBe(8_000);
    // A rule for another brand or category says nothing of this part.
    expect(tierPrice(list([{ brand: 'Yamaha', category: null, percentOffBp: 5000 }]), part)).toBe(10_000);
    expect(tierPrice(list([{ brand: 'Honda', category: 'tyres', percentOffBp: 5000 }]), part)).toBe(10_000);
  });

  it('lets a fixed price beat every rule, even a bigger discount', () => {
    const l = list([{ brand: 'Honda', category: 'brake-pads', percentOffBp: 9000 }], [['p1', 4_200]]);
    expect(tierPrice(l, part)).toBe(4_200);
  });

  it('never goes below zero and rounds to the cent', () => {
    expect(tierPrice(list([{ brand: null, category: null, percentOffBp: 10_000 }]), part)).toBe(0);
    expect(tierPrice(list([{ brand: null, category: null, percentOffBp: 20_000 }]), part)).toBe(0);
    expect(tierPrice(list([], [['p1', -5]]), part)).toBe(0);
    expect(
      tierPrice(list([{ brand: null, category: null, percentOffBp: 1250 }]), { ...part, priceCents: 1999 }),
    ).toBe(1749);
  });

  it('is retail without a list', () => {
    expect(priceOf(null, part, undefined, 0)).toEqual({
      priceCents: 10_000,
      listPriceCents: null,
      saleEndsAt: null,
    });
  });
});

describe('sale prices', () => {
  const sale = { salePriceCents: 7_000, startsAt: 1_000, endsAt: 2_000 };

  it('applies a running sale to everyone when it is lower, only between its start and end', () => {
    expect(priceOf(null, part, [sale], 999).priceCents).toBe(10_000);
    expect(priceOf(null, part, [sale], 1_000)).toEqual({
      priceCents: 7_000,
      listPriceCents: 10_000,
      saleEndsAt: 2_000,
    });
    expect(priceOf(null, part, [sale], 2_000).priceCents).toBe(10_000);
  });

  it('keeps the tier price when it is lower than the sale', () => {
    const l = list([{ brand: null, category: null, percentOffBp: 5000 }]);
    expect(priceOf(l, part, [sale], 1_500)).toEqual({
      priceCents: 5_000,
      listPriceCents: 10_000,
      saleEndsAt: null,
    });
    const small = list([{ brand: null, category: null, percentOffBp: 1000 }]);
    expect(priceOf(small, part, [sale], 1_500).priceCents).toBe(7_000);
  });

  it('names the next start or end after now', () => {
    expect(nextBoundary([sale], 0)).toBe(1_000);
    expect(nextBoundary([sale], 1_000)).toBe(2_000);
    expect(nextBoundary([sale], 2_000)).toBe(Infinity);
    expect(nextBoundary(undefined, 0)).toBe(Infinity);
  });
});
