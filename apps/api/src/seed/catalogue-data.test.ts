import { BRANDS } from '@pitstop/core/catalogue';
import { FITMENT_POSITIONS, fitStatus, type Vehicle } from '@pitstop/core/fitment';
import { describe, expect, it } from 'vitest';
import { catalogue } from './catalogue-data.js';
import { vehicleModels, vehicleYears } from '../modules/vehicles/vehicles-data.js';

const LAST_YEAR = 2025;
const key = (make: string, model: string) => `${make}|${model}`;
const modelsByKey = new Map(vehicleModels.map((m) => [key(m.make, m.model), m]));

describe('vehicle list', () => {
  it('holds about a hundred models, at least ten from each maker', () => {
    expect(vehicleModels.length).toBeGreaterThanOrEqual(90);
    expect(vehicleModels.length).toBeLessThanOrEqual(120);
    for (const make of BRANDS) {
      expect(vehicleModels.filter((m) => m.make === make).length, make).toBeGreaterThanOrEqual(10);
    }
  });

  it('names each model once per maker, with sane model years', () => {
    expect(modelsByKey.size).toBe(vehicleModels.length);
    for (const m of vehicleModels) {
      expect(m.model.trim(), key(m.make, m.model)).toBe(m.model);
      expect(m.yearFrom, key(m.make, m.model)).toBeLessThanOrEqual(m.yearTo);
      expect(m.yearTo, key(m.make, m.model)).toBeLessThanOrEqual(LAST_YEAR);
      expect(m.yearFrom, key(m.make, m.model)).toBeGreaterThanOrEqual(1990);
    }
  });

  it('expands every model to one row per model year', () => {
    const rows = vehicleYears();
    const expected = vehicleModels.reduce((n, m) => n + m.yearTo - m.yearFrom + 1, 0);
    expect(rows).toHaveLength(expected);
    expect(new Set(rows.map((r) => `${r.year}|${key(r.make, r.model)}`)).size).toBe(rows.length);

    const r15v3 = rows.filter((r) => r.make === 'Yamaha' && r.model === 'YZF-R15 V3');
    expect(r15v3.map((r) => r.year)).toEqual([2018, 2019, 2020, 2021]);
    expect(r15v3[0]).toMatchObject({ engine: '155 cc liquid-cooled single, VVA', variant: null });
  });
});

describe('demo catalogue fitment', () => {
  const rows = catalogue.flatMap((p) => p.fitment.map((f) => ({ part: p.name, ...f })));

  it('refers only to known models, inside their model years', () => {
    expect(rows.length).toBeGreaterThan(catalogue.length);
    for (const f of rows) {
      const label = `${f.part}: ${f.make} ${f.model} ${f.yearFrom}-${f.yearTo}`;
      const model = modelsByKey.get(key(f.make, f.model));
      expect(model, label).toBeDefined();
      expect(f.yearFrom, label).toBeLessThanOrEqual(f.yearTo);
      expect(f.yearFrom, label).toBeGreaterThanOrEqual(model!.yearFrom);
      expect(f.yearTo, label).toBeLessThanOrEqual(model!.yearTo);
    }
  });

  it('gives valid positions, whole quantities and short notes', () => {
    for (const f of rows) {
      const label = `${f.part}: ${f.model}`;
      if (f.position !== undefined) expect(FITMENT_POSITIONS, label).toContain(f.position);
      if (f.quantity !== undefined) {
        expect(Number.isInteger(f.quantity) && f.quantity >= 1 && f.quantity <= 99, label).toBe(true);
      }
      if (f.note !== undefined) expect(f.note.length, label).toBeLessThanOrEqual(200);
    }
  });

  it('places parts where they go on the bike', () => {
    for (const p of catalogue) {
      for (const f of p.fitment) {
        const label = `${p.name}: ${f.model}`;
        if (p.category === 'mirrors') expect(['left', 'right', 'pair'], label).toContain(f.position);
        if (['brake-pads', 'wheels', 'shock-absorbers', 'headlights'].includes(p.category)) {
          expect(['front', 'rear'], label).toContain(f.position);
        }
        if (['chains-sprockets', 'filters', 'clutch-plates'].includes(p.category)) {
          expect(f.position, label).toBeUndefined();
        }
      }
    }
  });

  it('keeps part numbers unique', () => {
    expect(new Set(catalogue.map((p) => p.partNumber)).size).toBe(catalogue.length);
  });

  it('has several parts, of several kinds, for a 2019 Yamaha YZF-R15 V3', () => {
    const bike: Vehicle = { year: 2019, make: 'Yamaha', model: 'YZF-R15 V3' };
    const fitting = catalogue.filter(
      (p) => fitStatus({ universal: p.universal ?? false, fitment: p.fitment }, bike).kind === 'fits',
    );
    expect(fitting.length).toBeGreaterThanOrEqual(5);
    expect(new Set(fitting.map((p) => p.category)).size).toBeGreaterThanOrEqual(3);
  });

  it('has universal parts from the six makers, pictured by their category', () => {
    const universal = catalogue.filter((p) => p.universal);
    expect(universal.length).toBeGreaterThanOrEqual(1);
    for (const p of universal) {
      expect(BRANDS, p.name).toContain(p.brand);
      expect(p.img, p.name).toBe(`/images/parts/${p.category}.svg`);
    }
  });
});
