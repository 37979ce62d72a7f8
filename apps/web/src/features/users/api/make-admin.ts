import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRow } from '@pitstop/core/admin';
import { apiPut } from '@/lib/api-client';
import { usersKeys } from './users-query-keys';

/** PUT /api/user/admin/:email (admins): gives that account the admin role. */
export function makeAdmin(email: string): Promise<{ modifiedCount: number }> {
  return apiPut<{ modifiedCount: number }>(`/user/admin/${encodeURIComponent(email)}`);
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: UserRow) => makeAdmin(user.email),
    onSuccess: ({ modifiedCount }, user) => {
      if (modifiedCount > 0) {
        queryClient.setQueryData<UserRow[]>(usersKeys.list(), (users) =>
          users?.map((u) => (u._id === user._id ? { ...u, role: 'admin' } : u)),
        );
      }
      return queryClient.invalidateQueries({ queryKey: usersKeys.list() });
    },
  });
}
