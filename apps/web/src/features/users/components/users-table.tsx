import type { UserRow } from '@pitstop/core/admin';
import { Avatar } from '@/components/ui/avatar';
import { buttonStyles } from '@/components/ui/button-styles';
import { cellClass, ColumnHead, TableBox } from '@/components/ui/table';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function joined(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

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
  return (
    <TableBox
      caption="All users"
      minWidth="min-w-[52rem]"
      head={
        <>
          <ColumnHead>Name</ColumnHead>
          <ColumnHead>Email</ColumnHead>
          <ColumnHead>Occupation</ColumnHead>
          <ColumnHead>Role</ColumnHead>
          <ColumnHead>Joined</ColumnHead>
          <ColumnHead>Make Admin</ColumnHead>
          <ColumnHead>Delete</ColumnHead>
        </>
      }
    >
      {users.map((user) => {
        const self = user.email === currentEmail;
        return (
          <tr key={user._id}>
            <td className={cellClass}>
              <span className="flex items-center gap-3">
                <Avatar name={user.name} image={user.image} />
                <span className="font-medium">
                  {user.name}
                  {self ? <span className="font-normal text-slate-600"> (you)</span> : null}
                </span>
              </span>
            </td>
            <td className={`${cellClass} break-words text-slate-700`}>
              {user.email}
              {user.emailVerified ? null : <span className="block text-xs text-slate-600">Not verified</span>}
            </td>
            <td className={cellClass}>{user.occupation ?? '—'}</td>
            <td className={cellClass}>{user.role === 'admin' ? 'Admin' : 'User'}</td>
            <td className={`${cellClass} whitespace-nowrap`}>{joined(user.createdAt)}</td>
            <td className={cellClass}>
              {user.role !== 'admin' ? (
                <button
                  type="button"
                  aria-label={`Make ${user.name} admin`}
                  className={buttonStyles('primary', 'sm', 'whitespace-nowrap')}
                  disabled={pendingAdminId === user._id}
                  onClick={() => onMakeAdmin(user)}
                >
                  {pendingAdminId === user._id ? 'Saving…' : 'Make Admin'}
                </button>
              ) : null}
            </td>
            <td className={cellClass}>
              {self ? null : (
                <button
                  type="button"
                  aria-label={`Delete ${user.name}`}
                  className={buttonStyles('secondary', 'sm', 'text-red-700')}
                  onClick={() => onDelete(user)}
                >
                  Delete
                </button>
              )}
            </td>
          </tr>
        );
      })}
    </TableBox>
  );
}
