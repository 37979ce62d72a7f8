import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedAddress } from '@pitstop/core/checkout';
import { apiGet } from './api-client';

/*
 * The customer's last delivery address, offered again by every way of ordering: the checkout and
 * the part page's order form. It lives in lib, not in a feature, because both features read it and
 * a feature never imports another.
 */

/** The one place its query key is spelled: both order forms invalidate it after an order. */
export const savedAddressKeys = {
  all: ['saved-address'] as const,
};

/** GET /api/me/address (Bearer): the address of the last order, or null before the first. */
export function getSavedAddress(signal?: AbortSignal): Promise<SavedAddress> {
  return apiGet<SavedAddress>('/me/address', { signal });
}

export function getSavedAddressQueryOptions() {
  return queryOptions({
    queryKey: savedAddressKeys.all,
    queryFn: ({ signal }) => getSavedAddress(signal),
  });
}

export function useSavedAddress() {
  return useQuery(getSavedAddressQueryOptions());
}
