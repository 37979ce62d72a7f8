import { activityTexts } from '@pitstop/core/activity-texts';
import { ActivityLog } from '@/features/activity/components/activity-log';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /dashboard/activity (admins only, here and on the server): the audit trail. */
export function ActivityRoute() {
  useDocumentMeta(activityTexts.heading, activityTexts.lead);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {activityTexts.heading}
        </h1>
        <p className="text-slate-700">{activityTexts.lead}</p>
      </div>
      <ActivityLog />
    </div>
  );
}
