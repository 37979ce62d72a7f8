import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApprovalQueue } from '@pitstop/core/approvals';
import { apiGet } from '@/lib/api-client';
import { approvalsKeys } from './approvals-query-keys';

/** GET /api/company/approvals (approvers and the owner; 403 for anyone else). */
export function getApprovals(): Promise<ApprovalQueue> {
  return apiGet<ApprovalQueue>('/company/approvals');
}

export const approvalsQueryOptions = () =>
  queryOptions({ queryKey: approvalsKeys.queue(), queryFn: getApprovals, retry: false });

export function useApprovals() {
  return useQuery(approvalsQueryOptions());
}
