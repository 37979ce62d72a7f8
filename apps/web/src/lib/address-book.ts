import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddressBook } from '@pitstop/core/address-book';
import { apiGet } from './api-client';

/*
 * The customer's address book (GET /api/addresses). In lib, not in a feature: the profile's
 * addresses, the checkout's chooser and the 1-Click terms ("Ships to …") all read it.
 */

/** The one place its query key is spelled, so a change to the book invalidates every reader. */
export const addressBookKeys = {
  all: ['address-book'] as const,
};

/** GET /api/addresses (Bearer): the caller's addresses, the default first. */
export function getAddressBook(signal?: AbortSignal): Promise<AddressBook> {
  return apiGet<AddressBook>('/addresses', { signal });
}

export function getAddressBookQueryOptions() {
  return queryOptions({
    queryKey: addressBookKeys.all,
    queryFn: ({ signal }) => getAddressBook(signal),
  });
}

export function useAddressBook({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getAddressBookQueryOptions(), enabled });
}
