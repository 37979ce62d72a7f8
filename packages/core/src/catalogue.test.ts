import { describe, expect, it } from 'vitest';
import { isLowStock, LOW_STOCK_THRESHOLD } from './catalogue.js';

describe('isLowStock', () => {
  it('is low at or under the threshold, or twice the minimum order', () => {
    expect(isLowStock({ availablequantity: LOW_STOCK_THRESHOLD, minquantity: 1 })).toBe(true);
    expect(isLowStock({ availablequantity: LOW_STOCK_THRESHOLD + 1, minquantity: 1 })).toBe(false);
    expect(isLowStock({ availablequantity: 80, minquantity: 40 })).toBe(true);
    expect(isLowStock({ availablequantity: 81, minquantity: 40 })).toBe(false);
  });
});
