import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyTaxExemption, TaxExemption } from '@pitstop/core/pricing';
import { apiBlob, apiGet, apiPost } from '@/lib/api-client';

export const taxExemptionKeys = {
  all: ['tax-exemption'] as const,
  company: () => [...taxExemptionKeys.all, 'company'] as const,
  admin: (status: string) => [...taxExemptionKeys.all, 'admin', status] as const,
};

/** GET /api/company/tax-exemption (the company's owner and accountants). */
export function useCompanyTaxExemption() {
  return useQuery({
    queryKey: taxExemptionKeys.company(),
    queryFn: () => apiGet<CompanyTaxExemption>('/company/tax-exemption'),
    retry: false,
  });
}

/** POST /api/company/tax-exemption: the certificate as multipart field "certificate". */
export function useUploadCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('certificate', file);
      return apiPost<TaxExemption>('/company/tax-exemption', form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxExemptionKeys.all }),
  });
}

/** GET /api/admin/tax-exemptions (admins). */
export function useTaxExemptionQueue(status: string) {
  return useQuery({
    queryKey: taxExemptionKeys.admin(status),
    queryFn: () => apiGet<TaxExemption[]>('/admin/tax-exemptions', status ? { params: { status } } : {}),
  });
}

export function useDecideCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approved' | 'declined' }) =>
      apiPost<TaxExemption>(`/admin/tax-exemptions/${encodeURIComponent(id)}/decision`, { decision }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxExemptionKeys.all }),
  });
}

/** Fetches a certificate with the session's token (a plain link could not send it) and opens it. */
export async function openCertificate(path: string, fallbackName: string): Promise<void> {
  const { blob, filename } = await apiBlob(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
