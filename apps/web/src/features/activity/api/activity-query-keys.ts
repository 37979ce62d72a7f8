import type { AuditAction, AuditRecordType } from '@pitstop/core/audit';

/** The filters as the API takes them: `from` inclusive and `to` exclusive, as ISO times. */
export interface ActivityFilters {
  actor?: string;
  action?: AuditAction;
  recordType?: AuditRecordType;
  recordId?: string;
  from?: string;
  to?: string;
}

/** The one place the activity feature's query keys are spelled. */
export const activityKeys = {
  all: ['activity'] as const,
  /** GET /api/admin/activity (admins), one key per set of filters; its pages live under it. */
  list: (filters: ActivityFilters) => [...activityKeys.all, 'list', filters] as const,
};
