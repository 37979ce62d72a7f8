import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddressEntry, AddressEntryInput } from '@pitstop/core/address-book';
import { apiPost, apiPut } from '@/lib/api-client';
import { addressBookKeys } from '@/lib/address-book';
import { savedAddressKeys } from '@/lib/saved-address';

/** POST /api/addresses (Bearer): 201 the new entry (200 the same address already kept); 409 when the book is full. */
export function addAddress(input: AddressEntryInput): Promise<AddressEntry> {
  return apiPost<AddressEntry>('/addresses', input);
}

/** PUT /api/addresses/:id (Bearer): the entry as saved; another customer's is 404. */
export function editAddress(id: string, input: AddressEntryInput): Promise<AddressEntry> {
  return apiPut<AddressEntry>(`/addresses/${encodeURIComponent(id)}`, input);
}

/**
 * Adds an address (no id) or edits one. Every reader of the book and of the default (the
 * checkout's, the part page's order form) asks again.
 */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: AddressEntryInput }) =>
      id ? editAddress(id, input) : addAddress(input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: addressBookKeys.all }),
        queryClient.invalidateQueries({ queryKey: savedAddressKeys.all }),
      ]),
  });
}
