import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddressBook } from '@pitstop/core/address-book';
import { apiDelete } from '@/lib/api-client';
import { addressBookKeys } from '@/lib/address-book';
import { savedAddressKeys } from '@/lib/saved-address';

/** DELETE /api/addresses/:id (Bearer): 204; removing the default makes the most recently used one the default. */
export function removeAddress(id: string): Promise<void> {
  return apiDelete<void>(`/addresses/${encodeURIComponent(id)}`);
}

/** Removes an address: it leaves the list at once; the book (and its new default) is asked again. */
export function useRemoveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAddress,
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<AddressBook>(addressBookKeys.all, (data) =>
        data ? { addresses: data.addresses.filter((entry) => entry.id !== id) } : data,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: addressBookKeys.all }),
        queryClient.invalidateQueries({ queryKey: savedAddressKeys.all }),
      ]);
    },
  });
}
