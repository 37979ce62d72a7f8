import type { ActivityFilters } from './get-activity';

/** The one place the activity feature's query keys are spelled. */
export const activityKeys = {
  all: ['activity'] as const,
  /** GET /api/admin/activity (admins), one key per set of filters; its pages live under it. */
  list: (filters: ActivityFilters) => [...activityKeys.all, 'list', filters] as const,
};
