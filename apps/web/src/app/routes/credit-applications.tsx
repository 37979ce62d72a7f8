import { creditAdminTexts } from '@pitstop/core/credit-texts';
import { CreditApplicationsAdmin } from '@/features/credit/components/credit-applications-admin';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /dashboard/credit (admins only, here and on the server). */
export function CreditApplicationsRoute() {
  useDocumentMeta(creditAdminTexts.heading, `${creditAdminTexts.heading} — Pitstop Parts dashboard.`);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {creditAdminTexts.heading}
      </h1>
      <CreditApplicationsAdmin />
    </div>
  );
}
