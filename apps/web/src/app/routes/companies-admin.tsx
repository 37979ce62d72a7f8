import { companyTexts } from '@pitstop/core/companies-texts';
import { CompaniesAdmin } from '@/features/companies/components/companies-admin';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /dashboard/companies (admins only, here and on the server). */
export function CompaniesAdminRoute() {
  useDocumentMeta(companyTexts.adminTitle, `${companyTexts.adminTitle} — Pitstop Parts dashboard.`);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {companyTexts.adminTitle}
      </h1>
      <CompaniesAdmin />
    </div>
  );
}
