import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Brand } from '@pitstop/core/brands';
import { apiDelete } from '@/lib/api-client';
import { brandsKeys } from './brands-query-keys';

/** DELETE /api/brands/:id (admins); a brand that parts carry is refused with 409. */
export function deleteBrand(id: string): Promise<{ deletedCount: number }> {
  return apiDelete<{ deletedCount: number }>(`/brands/${encodeURIComponent(id)}`);
}

export function useDeleteBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (brand: Brand) => deleteBrand(brand._id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: brandsKeys.all }),
  });
}
