import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedAddress } from '@pitstop/core/checkout';
import { apiGet } from '@/lib/api-client';
import { checkoutKeys } from './checkout-query-keys';

/** GET /api/me/address (Bearer): the address of the last checkout, or null before the first. */
export function getSavedAddress(signal?: AbortSignal): Promise<SavedAddress> {
  return apiGet<SavedAddress>('/me/address', { signal });
}

export function getSavedAddressQueryOptions() {
  return queryOptions({
    queryKey: checkoutKeys.savedAddress(),
    queryFn: ({ signal }) => getSavedAddress(signal),
  });
}

export function useSavedAddress() {
  return useQuery(getSavedAddressQueryOptions());
}
