import { AllUsers } from '@/features/users/components/all-users';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /dashboard/alluser (admins only). */
export function AllUsersRoute() {
  useDocumentMeta('All User', 'All User — Pitstop Parts dashboard.');
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">All User</h1>
      <AllUsers />
    </div>
  );
}
