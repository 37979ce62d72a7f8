import { DashboardOverview } from '@/features/dashboard/components/dashboard-overview';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useCurrentUser } from '@/lib/current-user';
import { editPartHref, LOW_STOCK_PATH } from '../dashboard-paths';

const LINKS = { editPartHref, lowStockHref: LOW_STOCK_PATH };

/** /dashboard (index): the caller's order summary; shop figures for admins. */
export function DashboardHomeRoute() {
  useDocumentMeta('Dashboard', 'Your Pitstop Parts dashboard.');
  const user = useCurrentUser();
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Dashboard</h1>
        <p className="text-lg text-slate-700">Welcome{user.data ? `, ${user.data.name}` : ''}.</p>
      </div>
      <DashboardOverview links={LINKS} />
    </div>
  );
}
