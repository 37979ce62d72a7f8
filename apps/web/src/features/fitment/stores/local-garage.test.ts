import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GARAGE_MAX } from '@pitstop/core/vehicle-fit';
import {
  activateLocalVehicle,
  addLocalVehicle,
  clearLocalGarage,
  GARAGE_STORAGE_KEY,
  getLocalGarage,
  removeLocalVehicle,
  useLocalGarage,
} from './local-garage';

const r15 = { year: 2019, make: 'Yamaha', model: 'YZF-R15 V3' };
const cb350 = { year: 2022, make: 'Honda', model: "CB350 H'ness" };
const bikes = () =>
  getLocalGarage().map((v) => `${v.year} ${v.make} ${v.model}${v.active ? ' (active)' : ''}`);

describe('the browser garage', () => {
  it('adds bikes, the newest active and first', () => {
    expect(addLocalVehicle(r15)).toBe(true);
    expect(addLocalVehicle(cb350)).toBe(true);
    expect(bikes()).toEqual(["2022 Honda CB350 H'ness (active)", '2019 Yamaha YZF-R15 V3']);
  });

  it('makes a bike already saved active instead of saving it twice', () => {
    addLocalVehicle(r15);
    addLocalVehicle(cb350);
    addLocalVehicle({ ...r15 });
    expect(bikes()).toEqual(['2019 Yamaha YZF-R15 V3 (active)', "2022 Honda CB350 H'ness"]);
  });

  it('switches the active bike and removes bikes', () => {
    addLocalVehicle(r15);
    addLocalVehicle(cb350);
    const yamaha = getLocalGarage().find((v) => v.make === 'Yamaha')!;
    activateLocalVehicle(yamaha.id);
    expect(bikes()).toEqual(['2019 Yamaha YZF-R15 V3 (active)', "2022 Honda CB350 H'ness"]);

    // Removing the active bike leaves none active: the rider said "not this one".
    removeLocalVehicle(yamaha.id);
    expect(bikes()).toEqual(["2022 Honda CB350 H'ness"]);
    removeLocalVehicle(getLocalGarage()[0]!.id);
    expect(getLocalGarage()).toEqual([]);
    expect(window.localStorage.getItem(GARAGE_STORAGE_KEY)).toBeNull();
  });

  it('refuses an eleventh bike', () => {
    for (let i = 0; i < GARAGE_MAX; i++) expect(addLocalVehicle({ ...r15, year: 2010 + i })).toBe(true);
    expect(addLocalVehicle(cb350)).toBe(false);
    expect(getLocalGarage()).toHaveLength(GARAGE_MAX);
  });

  it('survives a reload: a fresh copy of the store reads the same garage', async () => {
    addLocalVehicle(r15);
    addLocalVehicle(cb350);
    const before = getLocalGarage();

    vi.resetModules();
    const fresh = await import('./local-garage');
    expect(fresh.getLocalGarage()).toEqual(before);
    expect(JSON.parse(window.localStorage.getItem(GARAGE_STORAGE_KEY)!)).toMatchObject({
      activeId: before[0]!.id,
    });
  });

  it('ignores what it cannot read', () => {
    window.localStorage.setItem(GARAGE_STORAGE_KEY, '{not json');
    expect(getLocalGarage()).toEqual([]);
    window.localStorage.setItem(
      GARAGE_STORAGE_KEY,
      JSON.stringify({
        vehicles: [
          { id: 'a', year: 'soon', make: 'Yamaha' },
          { id: 'b', ...r15 },
        ],
        activeId: 'zz',
      }),
    );
    expect(getLocalGarage()).toEqual([{ id: 'b', ...r15, active: false }]);
  });

  it('re-renders its readers on changes here and in other tabs', () => {
    const { result } = renderHook(() => useLocalGarage());
    expect(result.current).toEqual([]);

    act(() => void addLocalVehicle(r15));
    expect(result.current.map((v) => v.model)).toEqual(['YZF-R15 V3']);

    // Another tab wrote the garage: the storage event brings it here.
    act(() => {
      window.localStorage.setItem(
        GARAGE_STORAGE_KEY,
        JSON.stringify({ vehicles: [{ id: 'other-tab', ...cb350 }], activeId: 'other-tab' }),
      );
      window.dispatchEvent(new StorageEvent('storage', { key: GARAGE_STORAGE_KEY }));
    });
    expect(result.current).toEqual([{ id: 'other-tab', ...cb350, active: true }]);

    act(() => clearLocalGarage());
    expect(result.current).toEqual([]);
  });
});
