import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { approvalsKeys } from './approvals-query-keys';

/** What ordering needs to know of the customer's company: whether a PO number is required. */
export interface CompanyTerms {
  poRequired: boolean;
  role: string | null;
}

/** GET /api/company, read for its PO rule and the caller's role (no company: nothing required). */
export async function getCompanyTerms(): Promise<CompanyTerms> {
  const answer = await apiGet<{ company: { poRequired: boolean; role: string } | null }>('/company');
  return { poRequired: answer.company?.poRequired ?? false, role: answer.company?.role ?? null };
}

/** Unreadable (no company API, a failure): the field stays optional and the server decides. */
export function useCompanyTerms(enabled = true) {
  return useQuery({
    queryKey: approvalsKeys.terms(),
    queryFn: getCompanyTerms,
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}
