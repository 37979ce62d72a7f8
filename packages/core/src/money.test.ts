import { describe, expect, it } from 'vitest';
import { formatDollars } from './money.js';
import { formatCount } from './search.js';

describe('formatDollars', () => {
  it('writes dollars as en-US does, for every amount in cents from -$1,000.00 to $10,000.00', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (let cents = -100_000; cents <= 1_000_000; cents += 7) {
      expect(formatDollars(cents / 100)).toBe(usd.format(cents / 100));
    }
  }, 30_000); // 157,000 comparisons: more than the default 5 s on two busy cores

  it('groups large amounts and rounds to the cent', () => {
    expect(formatDollars(1234567.891)).toBe('$1,234,567.89');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(-0.001)).toBe('$0.00');
    expect(formatDollars(21.5)).toBe('$21.50');
  });
});

describe('formatCount', () => {
  it('groups digits by three', () => {
    const count = new Intl.NumberFormat('en-US');
    for (const n of [0, 1, 12, 999, 1000, 12_345, 100_000, 1_234_567, -4321]) {
      expect(formatCount(n)).toBe(count.format(n));
    }
  });
});
