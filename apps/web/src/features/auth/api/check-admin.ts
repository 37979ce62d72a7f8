import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { authKeys } from './auth-keys';

/** GET /api/admin/:email: whether that (the caller's own) email is an admin; 403 for others'. */
export function checkAdmin(email: string, signal?: AbortSignal): Promise<{ admin: boolean }> {
  return apiGet<{ admin: boolean }>(`/admin/${encodeURIComponent(email)}`, { signal });
}

export function getAdminCheckQueryOptions(email: string) {
  return queryOptions({
    queryKey: authKeys.admin(email),
    queryFn: ({ signal }) => checkAdmin(email, signal),
  });
}

/** The admin check for the signed-in email; idle until the email is known. */
export function useAdminCheck(email: string | undefined) {
  return useQuery({ ...getAdminCheckQueryOptions(email ?? ''), enabled: Boolean(email) });
}
