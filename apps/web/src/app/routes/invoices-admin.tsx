import { invoiceTexts } from '@pitstop/core/invoices-texts';
import { InvoicesAdmin } from '@/features/invoices/components/invoices-admin';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /dashboard/invoices (admins only, here and on the server). */
export function InvoicesAdminRoute() {
  useDocumentMeta(invoiceTexts.adminTitle, `${invoiceTexts.adminTitle} — Pitstop Parts dashboard.`);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {invoiceTexts.adminTitle}
      </h1>
      <InvoicesAdmin />
    </div>
  );
}
