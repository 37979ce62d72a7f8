import { useQuery } from '@tanstack/react-query';
import type { Invoice, Statement } from '@pitstop/core/invoices';
import { apiBlob, apiGet } from '@/lib/api-client';
import { saveBlob } from '@/features/invoices/api/invoices-api';

export const statementKeys = {
  all: ['statements'] as const,
  list: () => [...statementKeys.all, 'list'] as const,
  invoices: () => [...statementKeys.all, 'invoices'] as const,
};

export function useStatements() {
  return useQuery({
    queryKey: statementKeys.list(),
    queryFn: ({ signal }) => apiGet<Statement[]>('/company/statements', { signal }),
    retry: false,
  });
}

export function useCompanyInvoices(enabled: boolean) {
  return useQuery({
    queryKey: statementKeys.invoices(),
    queryFn: ({ signal }) => apiGet<Invoice[]>('/company/invoices', { signal }),
    enabled,
    retry: false,
  });
}

/** A statement's PDF or CSV, with the stored token, handed to the browser as a file. */
export async function downloadStatement(statement: Pick<Statement, 'id' | 'month'>, format: 'pdf' | 'csv') {
  const { blob, filename } = await apiBlob(
    `/company/statements/${encodeURIComponent(statement.id)}/${format}`,
  );
  saveBlob(blob, filename ?? `statement-${statement.month.slice(0, 7)}.${format}`);
}
