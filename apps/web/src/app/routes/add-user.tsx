import { AddUserForm } from '@/features/users/components/add-user-form';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /dashboard/adduser (admins only). */
export function AddUserRoute() {
  useDocumentMeta('Add User', 'Add User — Pitstop Parts dashboard.');
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Add User</h1>
        <p className="text-lg text-slate-700">
          Create an account for someone; they get an email with a link to set their password.
        </p>
      </div>
      <AddUserForm />
    </div>
  );
}
