import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRow } from '@pitstop/core/admin';
import { apiDelete } from '@/lib/api-client';
import { arrayShape, optimisticRemoval } from '@/lib/optimistic-removal';
import { deleteUserMutationKey, usersKeys } from './users-query-keys';

/**
 * DELETE /api/user/:id (admins). The server refuses (409) deleting yourself or the last admin;
 * the person's orders stay for the records.
 */
export function deleteUser(id: string): Promise<{ deletedCount: number }> {
  return apiDelete<{ deletedCount: number }>(`/user/${encodeURIComponent(id)}`);
}

/** Removes the row at once; a refusal puts it back where it was. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation(
    optimisticRemoval(queryClient, {
      mutationKey: deleteUserMutationKey,
      remove: (user: UserRow) => deleteUser(user._id),
      queryKey: usersKeys.list(),
      shape: arrayShape<UserRow>(),
    }),
  );
}
