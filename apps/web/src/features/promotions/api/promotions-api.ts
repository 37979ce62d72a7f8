import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiscountPreview, Promotion, PromotionInput, PromotionList } from '@pitstop/core/promotions';
import { apiGet, apiPost, apiPut } from '@/lib/api-client';

/** The one place the promotions feature's query keys are spelled. */
export const promotionsKeys = {
  all: ['promotions'] as const,
  list: () => [...promotionsKeys.all, 'list'] as const,
  /** A code's preview against the cart as it is (its lines' ids and quantities). */
  preview: (code: string, cart: string) => [...promotionsKeys.all, 'preview', code, cart] as const,
};

/** GET /api/admin/promotions (admins): every code with its uses and revenue. */
export function getPromotionsQueryOptions() {
  return queryOptions({
    queryKey: promotionsKeys.list(),
    queryFn: ({ signal }) => apiGet<PromotionList>('/admin/promotions', { signal }),
  });
}

export function usePromotions() {
  return useQuery(getPromotionsQueryOptions());
}

/** Adds (no id) or edits a code; the list is fetched again after. */
export function useSavePromotion(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PromotionInput) =>
      id
        ? apiPut<Promotion>(`/admin/promotions/${encodeURIComponent(id)}`, input)
        : apiPost<Promotion>('/admin/promotions', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionsKeys.all }),
  });
}

/** Deactivates (or activates again) a code. */
export function useSetPromotionActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ promotion, active }: { promotion: Promotion; active: boolean }) =>
      apiPost<Promotion>(
        `/admin/promotions/${encodeURIComponent(promotion._id)}/${active ? 'activate' : 'deactivate'}`,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionsKeys.all }),
  });
}

/**
 * POST /api/checkout/discount: what `code` takes off the cart now (nothing is written). Asked again
 * when the cart changes (`cart` names its lines), never retried on a refusal.
 */
export function useDiscountPreview(code: string | null, cart: string) {
  return useQuery({
    queryKey: promotionsKeys.preview(code ?? '', cart),
    queryFn: () => apiPost<DiscountPreview>('/checkout/discount', { code }),
    enabled: code !== null,
    retry: false,
    staleTime: 60_000,
  });
}
