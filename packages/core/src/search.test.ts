import { describe, expect, it } from 'vitest';
import { PART_SORTS as SORTS_FROM_PARTS, PartListQuerySchema } from './parts.js';
import { PART_SORTS, SORT_LABELS, searchTexts } from './search.js';

describe('searchTexts', () => {
  it('writes the range shown and the total with thousands separators', () => {
    expect(searchTexts.showing(13, 24, 1234)).toBe('Showing 13–24 of 1,234 parts');
    expect(searchTexts.showing(1, 1, 1)).toBe('Showing 1–1 of 1 part');
  });

  it('names the bike the catalogue is narrowed to', () => {
    expect(searchTexts.fitsBike({ year: 2019, make: 'Yamaha', model: 'YZF-R15 V3' })).toBe(
      'Parts that fit 2019 Yamaha YZF-R15 V3',
    );
  });
});

describe('sorts', () => {
  it('are the ones the list query accepts, each with a label', () => {
    expect(SORTS_FROM_PARTS).toBe(PART_SORTS);
    for (const sort of PART_SORTS) {
      expect(PartListQuerySchema.parse({ sort }).sort).toBe(sort);
      expect(SORT_LABELS[sort]).toBeTruthy();
    }
  });
});
