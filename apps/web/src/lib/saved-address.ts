import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedAddress } from '@pitstop/core/checkout';
import { apiGet } from './api-client';

/*
 * The customer's default delivery address (the address book's default), offered by the part
 * page's order form and read by the delivery promise; the checkout offers the whole book
 * (lib/address-book). It lives in lib, not in a feature, because several features read it and a
 * feature never imports another.
 */

/** The one place its query key is spelled: both order forms invalidate it after an order. */
export const savedAddressKeys = {
  all: ['saved-address'] as const,
};

/** GET /api/me/address (Bearer): the default address, or null without one. */
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
