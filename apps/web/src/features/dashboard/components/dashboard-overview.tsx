import type { Dashboard } from '@pitstop/core/admin';
import { backupNotice, backupTexts } from '@pitstop/core/backup-texts';
import { formatDollars } from '@pitstop/core/money';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { useDashboard } from '../api/get-dashboard';
import { RevenueChart } from './revenue-chart';

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function MySummary({ mine }: { mine: Dashboard['mine'] }) {
  return (
    <Section id="dashboard-mine" title="Your orders">
      {mine.total === 0 ? (
        <p className="text-slate-700">
          You have no orders yet.{' '}
          <Link to="/parts" className="font-semibold text-red-700 underline">
            Browse parts
          </Link>
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Figure label="Orders" value={mine.total} />
            <Figure label="Unpaid" value={mine.unpaid} />
            <Figure label="Paid" value={mine.paid} />
            <Figure label="Shipped" value={mine.shipped} />
            <Figure label="Delivered" value={mine.delivered} />
            <Figure label="Spent" value={formatDollars(mine.spent)} />
          </dl>
          <p>
            <Link to="/order" className="font-semibold text-red-700 underline">
              See My Orders
            </Link>
          </p>
        </>
      )}
    </Section>
  );
}

interface LinkFactory {
  /** Where a low-stock part's name leads (its edit screen). */
  editPartHref: (id: string) => string;
  lowStockHref: string;
}

/** When the shop was last backed up, or (an alert) that the latest backup failed. */
function BackupNotice({ backup }: { backup: NonNullable<Dashboard['admin']>['backup'] }) {
  const notice = backupNotice(backup);
  if (notice.tone === 'failed') {
    return (
      <p role="alert" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900">
        {notice.text} {backupTexts.failedHint}
      </p>
    );
  }
  return <p className="text-sm text-slate-700">{notice.text}</p>;
}

function ShopSummary({ admin, links }: { admin: NonNullable<Dashboard['admin']>; links: LinkFactory }) {
  return (
    <>
      <BackupNotice backup={admin.backup} />
      <Section id="dashboard-shop" title="Shop orders">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure label="Unpaid" value={admin.counts.unpaid} />
          <Figure label="To ship" value={admin.counts.toShip} />
          <Figure label="Shipped" value={admin.counts.shipped} />
          <Figure label="Revenue this month" value={formatDollars(admin.revenueThisMonth)} />
        </dl>
        <RevenueChart days={admin.revenueByDay} />
      </Section>
      <Section id="dashboard-low-stock" title="Low stock">
        {admin.lowStock.length === 0 ? (
          <p className="text-slate-700">Every part is well stocked.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
            {admin.lowStock.map((part) => (
              <li key={part._id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                <Link
                  to={links.editPartHref(part._id)}
                  aria-label={`Edit ${part.name}`}
                  className="font-medium text-red-700 underline"
                >
                  {part.name}
                </Link>
                <span className="text-sm tabular-nums text-slate-700">
                  {part.availablequantity} available · minimum order {part.minquantity}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to={links.lowStockHref} className="font-semibold text-red-700 underline">
            Open the low-stock view
          </Link>
        </p>
      </Section>
    </>
  );
}

/**
 * The dashboard index: everyone sees their own order summary; admins (the server decides:
 * `admin` is null for others) also see the shop's order counts, revenue and low stock.
 */
export function DashboardOverview({ links }: { links: LinkFactory }) {
  const dashboard = useDashboard();
  if (dashboard.isPending) return <Spinner label="Loading your dashboard" className="py-16" />;
  if (dashboard.isError) {
    return <QueryError onRetry={() => void dashboard.refetch()} retrying={dashboard.isFetching} />;
  }
  const { mine, admin } = dashboard.data;
  return (
    <div className="flex flex-col gap-10">
      <MySummary mine={mine} />
      {admin ? <ShopSummary admin={admin} links={links} /> : null}
    </div>
  );
}
