import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRow } from '@pitstop/core/admin';
import { apiDelete } from '@/lib/api-client';
import { deleteUserMutationKey, usersKeys } from './users-query-keys';

/**
 * DELETE /api/user/:id (admins). The server refuses (409) deleting yourself or the last admin;
 * the person's orders stay for the records.
 */
export function deleteUser(id: string): Promise<{ deletedCount: number }> {
  return apiDelete<{ deletedCount: number }>(`/user/${encodeURIComponent(id)}`);
}

interface DeleteContext {
  removed: UserRow | undefined;
  index: number;
}

/** Removes the row at once; a refusal puts it back where it was. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  const queryKey = usersKeys.list();
  return useMutation({
    mutationKey: deleteUserMutationKey,
    mutationFn: (user: UserRow) => deleteUser(user._id),
    onMutate: async (user): Promise<DeleteContext> => {
      await queryClient.cancelQueries({ queryKey });
      const current = queryClient.getQueryData<UserRow[]>(queryKey) ?? [];
      const index = current.findIndex((u) => u._id === user._id);
      queryClient.setQueryData<UserRow[]>(queryKey, (users) => users?.filter((u) => u._id !== user._id));
      return { removed: index >= 0 ? current[index] : undefined, index };
    },
    onError: (_error, _user, context) => {
      const removed = context?.removed;
      if (!removed) return;
      queryClient.setQueryData<UserRow[]>(queryKey, (users = []) => {
        if (users.some((u) => u._id === removed._id)) return users;
        const next = [...users];
        next.splice(Math.min(context.index, next.length), 0, removed);
        return next;
      });
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: deleteUserMutationKey }) === 1) {
        return queryClient.invalidateQueries({ queryKey });
      }
      return undefined;
    },
  });
}
