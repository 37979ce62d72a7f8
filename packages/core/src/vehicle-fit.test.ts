import { describe, expect, it } from 'vitest';
import { fitStatus, vehiclePartsPath, yearRangeLabel, yearRangesLabel } from './vehicle-fit.js';

const r15 = { year: 2019, make: 'Yamaha', model: 'YZF-R15 V3' };
const row = { make: 'Yamaha', model: 'YZF-R15 V3', yearFrom: 2018, yearTo: 2021 };

describe('fitStatus', () => {
  it('fits within the year range, both ends included, with the positions', () => {
    const part = {
      universal: false,
      fitment: [
        { ...row, position: 'front' as const },
        { ...row, position: 'front' as const, yearFrom: 2019, yearTo: 2019 },
      ],
    };
    expect(fitStatus(part, r15)).toEqual({ kind: 'fits', positions: ['front'] });
    expect(fitStatus(part, { ...r15, year: 2018 }).kind).toBe('fits');
    expect(fitStatus(part, { ...r15, year: 2021 }).kind).toBe('fits');
    expect(fitStatus(part, { ...r15, year: 2022 }).kind).toBe('does-not-fit');
    expect(fitStatus(part, { ...r15, model: 'YZF-R15 V4' }).kind).toBe('does-not-fit');
  });

  it('calls a part without rows for the bike universal when it is marked so', () => {
    expect(fitStatus({ universal: true, fitment: [] }, r15)).toEqual({ kind: 'universal' });
    expect(fitStatus({ universal: true, fitment: [row] }, r15)).toEqual({ kind: 'fits', positions: [] });
  });
});

describe('vehiclePartsPath', () => {
  it('names the bike in the catalogue URL, other filters after it', () => {
    expect(vehiclePartsPath(r15)).toBe('/parts?year=2019&make=Yamaha&model=YZF-R15+V3');
    expect(vehiclePartsPath(r15, { category: 'brake-pads' })).toBe(
      '/parts?year=2019&make=Yamaha&model=YZF-R15+V3&category=brake-pads',
    );
  });
});

describe('year labels', () => {
  it('writes one year or a range', () => {
    expect(yearRangeLabel(2019, 2019)).toBe('2019');
    expect(yearRangeLabel(2018, 2021)).toBe('2018–2021');
  });

  it('joins touching and overlapping ranges and keeps gaps', () => {
    expect(
      yearRangesLabel([
        { yearFrom: 2020, yearTo: 2021 },
        { yearFrom: 2018, yearTo: 2019 },
        { yearFrom: 2019, yearTo: 2020 },
        { yearFrom: 2024, yearTo: 2024 },
      ]),
    ).toBe('2018–2021, 2024');
  });
});
