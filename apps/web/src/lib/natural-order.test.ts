import { describe, expect, it } from 'vitest';
import { naturalCompare } from './natural-order';

const sorted = (names: string[]) => [...names].sort(naturalCompare);

describe('naturalCompare', () => {
  it('orders runs of digits by their value', () => {
    expect(sorted(['YZF-R15 V10', 'YZF-R15 V4', 'YZF-R15 V3'])).toEqual([
      'YZF-R15 V3',
      'YZF-R15 V4',
      'YZF-R15 V10',
    ]);
    expect(sorted(['CB1000R', 'CB350', 'CB 150'])).toEqual(['CB 150', 'CB350', 'CB1000R']);
    expect(sorted(['Pulsar 220', 'Pulsar 0150', 'Pulsar 150'])).toEqual([
      'Pulsar 150',
      'Pulsar 0150',
      'Pulsar 220',
    ]);
  });

  it('sets case aside, then orders the same name the same way every time', () => {
    expect(sorted(['yamaha', 'Honda', 'TVS', 'bajaj'])).toEqual(['bajaj', 'Honda', 'TVS', 'yamaha']);
    expect(sorted(['honda', 'Honda'])).toEqual(['Honda', 'honda']);
    expect(sorted(['Honda', 'honda'])).toEqual(['Honda', 'honda']);
  });

  it('puts a name before a longer one that starts with it', () => {
    expect(sorted(['MT-15 Pro', 'MT-15', 'MT'])).toEqual(['MT', 'MT-15', 'MT-15 Pro']);
    expect(naturalCompare('', 'a')).toBeLessThan(0);
    expect(naturalCompare('R15', 'R15')).toBe(0);
  });
});
