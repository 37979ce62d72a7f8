import { useState } from 'react';
import { activityTexts, auditActionNames, auditRecordNames } from '@pitstop/core/activity-texts';
import type { ActivityEntry, AuditAction, AuditRecordType } from '@pitstop/core/audit';
import { buttonStyles } from '@/components/ui/button-styles';
import { QueryError } from '@/components/ui/query-error';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { Spinner } from '@/components/ui/spinner';
import { lazyDateFormat } from '@/lib/date-format';
import { useActivity, type ActivityFilters } from '../api/get-activity';
import { ActivityChanges } from './activity-changes';
import { ActivityFiltersForm } from './activity-filters';

const whenFormat = lazyDateFormat({ dateStyle: 'medium', timeStyle: 'medium' });

const actionName = (action: string) => auditActionNames[action as AuditAction] ?? action;
const recordName = (type: string) => auditRecordNames[type as AuditRecordType] ?? type;

function When({ entry }: { entry: ActivityEntry }) {
  return (
    <time dateTime={entry.at} className="whitespace-nowrap tabular-nums">
      {whenFormat.format(new Date(entry.at))}
    </time>
  );
}

function Who({ entry }: { entry: ActivityEntry }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <span className="[overflow-wrap:anywhere]">{entry.actorName}</span>
      {entry.ip ? <span className="text-sm text-slate-600">{activityTexts.ip(entry.ip)}</span> : null}
      {entry.requestId ? (
        <span className="break-all font-mono text-xs text-slate-500">
          {activityTexts.request(entry.requestId)}
        </span>
      ) : null}
    </div>
  );
}

function Record({ entry }: { entry: ActivityEntry }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <span>{recordName(entry.recordType)}</span>
      {entry.recordId ? (
        <span className="break-all font-mono text-sm text-slate-600">{entry.recordId}</span>
      ) : null}
    </div>
  );
}

/**
 * The audit trail (admins): newest first, filtered by who, what, which record and when, a page
 * of 50 at a time with "Older entries" below. A table at 1280 px, one card per entry on a phone
 * (ResponsiveTable, decision 017).
 */
export function ActivityLog() {
  const [filters, setFilters] = useState<ActivityFilters>({});
  const activity = useActivity(filters);
  const entries = activity.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="flex flex-col gap-5">
      <ActivityFiltersForm onApply={setFilters} />
      {activity.isError && entries.length === 0 ? (
        <QueryError onRetry={() => void activity.refetch()} retrying={activity.isFetching} />
      ) : activity.isPending ? (
        <Spinner label={activityTexts.loading} className="justify-start py-6" />
      ) : entries.length === 0 ? (
        <p className="text-slate-700">{activityTexts.empty}</p>
      ) : (
        <>
          <ResponsiveTable
            caption={activityTexts.heading}
            rows={entries}
            rowKey={(entry) => entry.id}
            dense
            columns={[
              {
                header: activityTexts.what,
                title: true,
                cell: (entry) => (
                  <div className="flex flex-col gap-0.5">
                    <span>{actionName(entry.action)}</span>
                    <span className="text-sm font-normal text-slate-600 xl:hidden">
                      <When entry={entry} />
                    </span>
                  </div>
                ),
              },
              {
                header: activityTexts.when,
                className: 'max-xl:hidden',
                cell: (entry) => <When entry={entry} />,
              },
              { header: activityTexts.who, cell: (entry) => <Who entry={entry} /> },
              { header: activityTexts.record, cell: (entry) => <Record entry={entry} /> },
              { header: activityTexts.changes, cell: (entry) => <ActivityChanges entry={entry} /> },
            ]}
          />
          <div className="flex flex-col items-start gap-2" aria-live="polite">
            <p className="text-sm text-slate-600">{activityTexts.shown(entries.length)}</p>
            {activity.isError ? (
              <QueryError onRetry={() => void activity.fetchNextPage()} retrying={activity.isFetching} />
            ) : activity.hasNextPage ? (
              <button
                type="button"
                onClick={() => void activity.fetchNextPage()}
                disabled={activity.isFetchingNextPage}
                className={buttonStyles('secondary', 'md', 'w-full sm:w-auto')}
              >
                {activity.isFetchingNextPage ? activityTexts.loadingMore : activityTexts.loadMore}
              </button>
            ) : (
              <p className="text-sm text-slate-600">{activityTexts.end}</p>
            )}
          </div>
        </>
      )}
    </div>
  );
}
