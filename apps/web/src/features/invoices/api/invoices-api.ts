import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER } from '@pitstop/core/catalogue';
import type { Invoice, InvoiceFilter, RecordedPayment, RecordPaymentInput } from '@pitstop/core/invoices';
import { apiBlob, apiGet, apiPost, apiRequest, isApiError } from '@/lib/api-client';

export const invoiceKeys = {
  all: ['invoices'] as const,
  adminLists: () => [...invoiceKeys.all, 'admin'] as const,
  adminList: (filter: InvoiceFilter, q: string, page: number) =>
    [...invoiceKeys.adminLists(), filter, q, page] as const,
  ofOrder: (orderId: string) => [...invoiceKeys.all, 'order', orderId] as const,
};

/** GET /api/admin/invoices (admins): one page and the total. */
export async function getAdminInvoices(
  filter: InvoiceFilter,
  q: string,
  page: number,
  signal?: AbortSignal,
): Promise<{ items: Invoice[]; total: number }> {
  const res = await apiRequest<Invoice[]>('/admin/invoices', {
    params: { filter, q: q || undefined, page },
    signal,
  });
  return { items: res.data, total: Number(res.headers.get(TOTAL_COUNT_HEADER) ?? res.data.length) };
}

export function useAdminInvoices(filter: InvoiceFilter, q: string, page: number) {
  return useQuery({
    queryKey: invoiceKeys.adminList(filter, q, page),
    queryFn: ({ signal }) => getAdminInvoices(filter, q, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/admin/invoices/:id/payments (admins). */
export function recordPayment(invoiceId: string, input: RecordPaymentInput): Promise<RecordedPayment> {
  return apiPost<RecordedPayment>(`/admin/invoices/${encodeURIComponent(invoiceId)}/payments`, input);
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, input }: { invoiceId: string; input: RecordPaymentInput }) =>
      recordPayment(invoiceId, input),
    // The order it settles changes too (paid, its timeline).
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** GET /api/orders/:id/invoice: the order's invoice, or null while it has none (or is not the reader's). */
export async function getOrderInvoice(orderId: string, signal?: AbortSignal): Promise<Invoice | null> {
  try {
    return await apiGet<Invoice>(`/orders/${encodeURIComponent(orderId)}/invoice`, { signal });
  } catch (error) {
    if (isApiError(error) && error.isNotFound) return null;
    throw error;
  }
}

export function useOrderInvoice(orderId: string, enabled = true) {
  return useQuery({
    queryKey: invoiceKeys.ofOrder(orderId),
    queryFn: ({ signal }) => getOrderInvoice(orderId, signal),
    enabled,
    staleTime: 30_000,
  });
}

/** The invoice's PDF, with the stored token, handed to the browser as a file. */
export async function downloadInvoicePdf(invoice: Pick<Invoice, 'orderId' | 'number'>): Promise<void> {
  const { blob, filename } = await apiBlob(`/orders/${encodeURIComponent(invoice.orderId)}/invoice.pdf`);
  saveBlob(blob, filename ?? `${invoice.number}.pdf`);
}

/**
 * Hands a downloaded Blob to the browser as a file: an object URL behind a temporary link with
 * `download`, released a moment later.
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
