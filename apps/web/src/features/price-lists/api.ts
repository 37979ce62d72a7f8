import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PriceList, PriceListAssignment, PriceListInput, Sale, SaleInput } from '@pitstop/core/pricing';
import { partsKeys } from '@/features/parts/api/parts-query-keys';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';

export const pricingKeys = {
  all: ['pricing'] as const,
  lists: () => [...pricingKeys.all, 'lists'] as const,
  sales: () => [...pricingKeys.all, 'sales'] as const,
};

/** GET /api/admin/price-lists (admins). */
export function usePriceLists() {
  return useQuery({
    queryKey: pricingKeys.lists(),
    queryFn: () => apiGet<PriceList[]>('/admin/price-lists'),
  });
}

/** GET /api/admin/sales (admins). */
export function useSales() {
  return useQuery({ queryKey: pricingKeys.sales(), queryFn: () => apiGet<Sale[]>('/admin/sales') });
}

/** After a price change: the lists here and every price this browser read. */
function usePricesChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: pricingKeys.all }),
      queryClient.invalidateQueries({ queryKey: partsKeys.all }),
    ]);
}

export function useSavePriceList(id: string | undefined) {
  const changed = usePricesChanged();
  return useMutation({
    mutationFn: (input: PriceListInput) =>
      id
        ? apiPut<PriceList>(`/admin/price-lists/${encodeURIComponent(id)}`, input)
        : apiPost<PriceList>('/admin/price-lists', input),
    onSuccess: changed,
  });
}

export function useDeletePriceList() {
  const changed = usePricesChanged();
  return useMutation({
    mutationFn: (id: string) => apiDelete<{ ok: true }>(`/admin/price-lists/${encodeURIComponent(id)}`),
    onSuccess: changed,
  });
}

export function useAssignPriceList() {
  const changed = usePricesChanged();
  return useMutation({
    mutationFn: (input: PriceListAssignment) => apiPost<{ ok: true }>('/admin/price-list-assignments', input),
    onSuccess: changed,
  });
}

export function useCreateSale() {
  const changed = usePricesChanged();
  return useMutation({
    mutationFn: (input: SaleInput) => apiPost<Sale>('/admin/sales', input),
    onSuccess: changed,
  });
}

export function useDeleteSale() {
  const changed = usePricesChanged();
  return useMutation({
    mutationFn: (id: string) => apiDelete<{ ok: true }>(`/admin/sales/${encodeURIComponent(id)}`),
    onSuccess: changed,
  });
}
