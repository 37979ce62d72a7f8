import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Brand, BrandInput } from '@pitstop/core/brands';
import { apiPost, apiPut } from '@/lib/api-client';
import { brandsKeys } from './brands-query-keys';

/** POST /api/brands (admins). */
export function createBrand(input: BrandInput): Promise<Brand> {
  return apiPost<Brand>('/brands', input);
}

/** PUT /api/brands/:id (admins): a new name follows into the brand's parts. */
export function updateBrand(id: string, input: BrandInput): Promise<Brand> {
  return apiPut<Brand>(`/brands/${encodeURIComponent(id)}`, input);
}

/** Adds (no id) or edits a brand; the brand list is fetched again after. */
export function useSaveBrand(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BrandInput) => (id ? updateBrand(id, input) : createBrand(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandsKeys.all }),
  });
}
