import type { UserRow } from '@pitstop/core/admin';
import { Avatar } from '@/components/ui/avatar';
import { ResponsiveTable, RowActions, type Column } from '@/components/ui/responsive-table';
import { mediumDateOf } from '@/lib/date-format';

interface UsersTableProps {
  users: UserRow[];
  /** The signed-in admin's email: no Delete on their own row (the server refuses it too). */
  currentEmail: string | undefined;
  pendingAdminId: string | null;
  onMakeAdmin: (user: UserRow) => void;
  onDelete: (user: UserRow) => void;
}

/** The users table (spec §2): Make Admin for users whose role is not admin, and Delete. */
export function UsersTable({ users, currentEmail, pendingAdminId, onMakeAdmin, onDelete }: UsersTableProps) {
  const columns: Column<UserRow>[] = [
    {
      header: 'Name',
      title: true,
      cell: (user) => (
        <span className="flex items-center gap-3">
          <Avatar name={user.name} image={user.image} />
          <span className="font-medium">
            {user.name}
            {user.email === currentEmail ? <span className="font-normal text-slate-600"> (you)</span> : null}
          </span>
        </span>
      ),
    },
    {
      header: 'Email',
      className: 'break-words text-slate-700',
      cell: (user) => (
        <>
          {user.email}
          {user.emailVerified ? null : <span className="block text-xs text-slate-600">Not verified</span>}
        </>
      ),
    },
    { header: 'Occupation', cell: (user) => user.occupation ?? '—' },
    { header: 'Role', cell: (user) => (user.role === 'admin' ? 'Admin' : 'User') },
    { header: 'Joined', className: 'whitespace-nowrap', cell: (user) => mediumDateOf(user.createdAt) ?? '—' },
    {
      header: 'Make Admin',
      actions: true,
      cell: (user) => (
        <RowActions
          actions={[
            user.role !== 'admin' && {
              label: pendingAdminId === user._id ? 'Saving…' : 'Make Admin',
              name: `Make ${user.name} admin`,
              variant: 'primary',
              disabled: pendingAdminId === user._id,
              onClick: () => onMakeAdmin(user),
            },
          ]}
        />
      ),
    },
    {
      header: 'Delete',
      actions: true,
      cell: (user) => (
        <RowActions
          actions={[
            user.email !== currentEmail && {
              label: 'Delete',
              name: `Delete ${user.name}`,
              danger: true,
              onClick: () => onDelete(user),
            },
          ]}
        />
      ),
    },
  ];
  return <ResponsiveTable caption="All users" rows={users} rowKey={(user) => user._id} columns={columns} />;
}
