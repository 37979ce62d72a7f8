import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserRow } from '@pitstop/core/admin';
import { apiGet } from '@/lib/api-client';
import { usersKeys } from './users-query-keys';

/** GET /api/user (admins): every account. */
export function getUsers(signal?: AbortSignal): Promise<UserRow[]> {
  return apiGet<UserRow[]>('/user', { signal });
}

export function getUsersQueryOptions() {
  return queryOptions({ queryKey: usersKeys.list(), queryFn: ({ signal }) => getUsers(signal) });
}

export function useUsers() {
  return useQuery(getUsersQueryOptions());
}
