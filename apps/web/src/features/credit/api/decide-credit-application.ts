import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { CreditApplication, CreditApplicationPage, CreditDecision } from '@pitstop/core/credit';
import { apiPatch } from '@/lib/api-client';
import { creditKeys } from './credit-query-keys';

/** PATCH /api/credit-applications/:id (admins): approve with a limit in dollars, or decline. */
export function decideCreditApplication(id: string, decision: CreditDecision): Promise<CreditApplication> {
  return apiPatch<CreditApplication>(`/credit-applications/${encodeURIComponent(id)}`, decision);
}

type ApplicationPages = InfiniteData<CreditApplicationPage, string | undefined>;

/**
 * Every list read so far, with the decided application as it is now: shown with its new status
 * where the list's filter still takes it (All, or its status), gone from the others (Pending).
 * The lists are read again after, but none shows a decided row as pending meanwhile.
 */
function withDecision(
  lists: ApplicationPages | undefined,
  filter: unknown,
  decided: CreditApplication,
): ApplicationPages | undefined {
  if (!lists) return lists;
  const keeps = filter === 'all' || filter === decided.status;
  return {
    ...lists,
    pages: lists.pages.map((page) => ({
      ...page,
      items: page.items.flatMap((item) => (item.id !== decided.id ? [item] : keeps ? [decided] : [])),
    })),
  };
}

export function useDecideCreditApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: CreditDecision }) =>
      decideCreditApplication(id, decision),
    onSuccess: (decided) => {
      for (const [key, lists] of queryClient.getQueriesData<ApplicationPages>({
        queryKey: creditKeys.applicationLists(),
      })) {
        queryClient.setQueryData<ApplicationPages>(key, withDecision(lists, key[2], decided));
      }
      return queryClient.invalidateQueries({ queryKey: creditKeys.applicationLists() });
    },
  });
}
