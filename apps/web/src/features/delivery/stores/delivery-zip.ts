import { useSyncExternalStore } from 'react';
import { storageSubscription } from '@/lib/storage-subscription';

/**
 * The ZIP code a visitor entered to see when a part would arrive: kept in this browser's
 * localStorage only (never a cookie, so the server never sees it), shared by every tab.
 */
export const DELIVERY_ZIP_KEY = 'pitstop.deliveryZip';

const zipStore = storageSubscription(DELIVERY_ZIP_KEY);

function readZip(): string | null {
  const raw = zipStore.read();
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'string' && /^\d{5}$/.test(value) ? value : null;
  } catch {
    return null;
  }
}

/** The remembered ZIP (null: none, and always null on the server). */
export function useDeliveryZip(): string | null {
  return useSyncExternalStore(zipStore.subscribe, readZip, () => null);
}

export function rememberDeliveryZip(zip: string | null): void {
  zipStore.writeJson(zip);
}
