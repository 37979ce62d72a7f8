import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useCurrentUser } from '@/lib/current-user';

/** /dashboard (index). */
export function DashboardHomeRoute() {
  useDocumentMeta('Dashboard', 'Your Pitstop Parts dashboard.');
  const user = useCurrentUser();
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Dashboard</h1>
      <p className="text-lg text-slate-700">
        Welcome{user.data ? `, ${user.data.name}` : ''}. Choose a section from the menu.
      </p>
    </div>
  );
}
