import type { UserRow } from '@pitstop/core/admin';
import { messages } from '@pitstop/core/messages';
import { useState } from 'react';
import { ErrorNotice, StatusNotice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { problemText } from '@/lib/error-text';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useMakeAdmin } from '../api/make-admin';
import { UsersTable } from './users-table';

/** All User (admins): the users table with Make Admin and Delete. */
export function AllUsers() {
  const me = useCurrentUser();
  const users = useUsers();
  const makeAdmin = useMakeAdmin();
  const deletion = useDeleteUser();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  function promote(user: UserRow) {
    setNotice(null);
    setError(null);
    makeAdmin.mutate(user, {
      onSuccess: ({ modifiedCount }) =>
        setNotice(modifiedCount > 0 ? messages.madeAdmin : `${user.name} is already an admin.`),
      // Spec §6/§8: a 403 on Make Admin reads 'Opps! Sorry'.
      onError: (e) =>
        setError(
          isApiError(e) && e.status === 403
            ? messages.forbidden
            : `${user.name} could not be made admin. ${problemText(e, 'Please try again.')}`,
        ),
    });
  }

  function remove(user: UserRow) {
    if (!window.confirm(messages.confirmDelete)) return;
    setNotice(null);
    setError(null);
    deletion.mutate(user, {
      onSuccess: () => setNotice(`${user.name} was deleted. Their orders stay for the records.`),
      onError: (e) =>
        setError(
          isApiError(e) && e.status === 403
            ? messages.forbidden
            : problemText(e, `${user.name} could not be deleted. Please try again.`),
        ),
    });
  }

  if (users.isPending) return <Spinner label="Loading users" className="py-16" />;
  if (users.isError) {
    if (isApiError(users.error) && users.error.status === 403)
      return <ErrorNotice message={messages.forbidden} />;
    return <QueryError onRetry={() => void users.refetch()} retrying={users.isFetching} />;
  }

  return (
    <div className="flex flex-col gap-5">
      <p className="text-slate-700">
        {users.data.length} {users.data.length === 1 ? 'account' : 'accounts'}
      </p>
      <StatusNotice message={notice} />
      <ErrorNotice message={error} />
      <UsersTable
        users={users.data}
        currentEmail={me.data?.email}
        pendingAdminId={makeAdmin.isPending ? (makeAdmin.variables?._id ?? null) : null}
        onMakeAdmin={promote}
        onDelete={remove}
      />
    </div>
  );
}
