import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddUserInput } from '@pitstop/core/admin';
import { apiPost } from '@/lib/api-client';
import { uploadImage } from '@/lib/uploads';
import { usersKeys } from './users-query-keys';

/** POST /api/users (admins): creates the account and mails the person a set-password link. */
export function addUser(input: AddUserInput): Promise<{ insertedId: string }> {
  return apiPost<{ insertedId: string }>('/users', input);
}

export interface AddUserFormValues extends Omit<AddUserInput, 'img'> {
  photo: File;
}

/** Upload the photo first, then create the account with its address (spec §4's flow). */
export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ photo, ...info }: AddUserFormValues) => {
      const img = await uploadImage(photo);
      return addUser({ ...info, img });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.list() }),
  });
}
