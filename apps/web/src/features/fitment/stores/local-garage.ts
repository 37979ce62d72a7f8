import { useSyncExternalStore } from 'react';
import { storageSubscription } from '@/lib/storage-subscription';
import { parseStoredJson, storedJsonSnapshot } from '@/lib/stored-json';
import type { GarageVehicle, Vehicle } from '@pitstop/core/fitment';
import { GARAGE_MAX, sameVehicle, VEHICLE_YEAR_MAX, VEHICLE_YEAR_MIN } from '@pitstop/core/vehicle-fit';

/**
 * A visitor's garage: the saved bikes and which one is active, in localStorage so it survives a
 * reload and other tabs see changes (the `storage` event), the way lib/session.ts keeps the
 * token. At sign-in it is merged into the server's garage and cleared (use-garage.ts).
 */
export const GARAGE_STORAGE_KEY = 'pitstop.garage';

interface StoredGarage {
  vehicles: { id: string; year: number; make: string; model: string }[];
  activeId: string | null;
}

const EMPTY: GarageVehicle[] = [];
const storage = storageSubscription(GARAGE_STORAGE_KEY);

function isStoredVehicle(value: unknown): value is StoredGarage['vehicles'][number] {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.year === 'number' &&
    Number.isInteger(v.year) &&
    v.year >= VEHICLE_YEAR_MIN &&
    v.year <= VEHICLE_YEAR_MAX &&
    typeof v.make === 'string' &&
    v.make !== '' &&
    typeof v.model === 'string' &&
    v.model !== ''
  );
}

const NO_GARAGE: StoredGarage = { vehicles: [], activeId: null };

/** What is stored, checked by hand: it may be from an older version or edited in dev tools. */
function checkGarage(data: unknown): StoredGarage {
  if (typeof data !== 'object' || data === null) return NO_GARAGE;
  const { vehicles, activeId } = data as Record<string, unknown>;
  const valid = Array.isArray(vehicles) ? vehicles.filter(isStoredVehicle).slice(0, GARAGE_MAX) : [];
  const active = typeof activeId === 'string' && valid.some((v) => v.id === activeId) ? activeId : null;
  return { vehicles: valid, activeId: active };
}

const readGarage = () => parseStoredJson(storage.read(), checkGarage, NO_GARAGE);

/** Unavailable storage reads as an empty garage; a full one keeps it only as long as the page. */
function write(garage: StoredGarage): void {
  storage.writeJson(garage.vehicles.length === 0 ? null : garage);
}

/** As the server answers: every bike with its `active` flag, the active one first. */
function toGarage({ vehicles, activeId }: StoredGarage): GarageVehicle[] {
  if (vehicles.length === 0) return EMPTY;
  const list = vehicles.map((v) => ({ ...v, active: v.id === activeId }));
  return [...list.filter((v) => v.active), ...list.filter((v) => !v.active)];
}

export const getLocalGarage = storedJsonSnapshot(storage.read, (data) => toGarage(checkGarage(data)), EMPTY);

function newId(): string {
  // randomUUID exists only in secure contexts; a plain-http LAN address is not one.
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Saves the bike and makes it active; a bike already saved just becomes active (as POST
 * /api/garage does). Returns false when the garage is full.
 */
export function addLocalVehicle({ year, make, model }: Vehicle): boolean {
  const garage = readGarage();
  const existing = garage.vehicles.find((v) => sameVehicle(v, { year, make, model }));
  if (existing) {
    write({ ...garage, activeId: existing.id });
    return true;
  }
  if (garage.vehicles.length >= GARAGE_MAX) return false;
  const id = newId();
  write({ vehicles: [{ id, year, make, model }, ...garage.vehicles], activeId: id });
  return true;
}

/** Forgets the bike. Removing the active bike leaves none active: the rider chose "not this one". */
export function removeLocalVehicle(id: string): void {
  const garage = readGarage();
  write({
    vehicles: garage.vehicles.filter((v) => v.id !== id),
    activeId: garage.activeId === id ? null : garage.activeId,
  });
}

export function activateLocalVehicle(id: string): void {
  const garage = readGarage();
  if (garage.vehicles.some((v) => v.id === id)) write({ ...garage, activeId: id });
}

export function clearLocalGarage(): void {
  write({ vehicles: [], activeId: null });
}

/** The browser's garage, active bike first; re-renders when it changes here or in another tab. */
export function useLocalGarage(): GarageVehicle[] {
  return useSyncExternalStore(storage.subscribe, getLocalGarage, () => EMPTY);
}
