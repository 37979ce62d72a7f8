import { pricingTexts } from '@pitstop/core/pricing-texts';
import { CompanyTaxExemption } from '@/features/tax-exemption/company-tax-exemption';
import { TaxExemptionsAdmin } from '@/features/tax-exemption/tax-exemptions-admin';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /company/tax-exemption (signed in; the company's owner and accountants): the certificate. */
export function CompanyTaxExemptionRoute() {
  useDocumentMeta(pricingTexts.taxHeading, `${pricingTexts.taxHeading} — Pitstop Parts.`);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {pricingTexts.taxHeading}
        </h1>
        <p className="text-slate-700">{pricingTexts.taxLead}</p>
      </div>
      <CompanyTaxExemption />
    </div>
  );
}

/** /dashboard/tax-exemptions (admins only): certificates to review. */
export function TaxExemptionsRoute() {
  useDocumentMeta(pricingTexts.taxAdminHeading, `${pricingTexts.taxAdminHeading} — Pitstop Parts dashboard.`);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {pricingTexts.taxAdminHeading}
      </h1>
      <TaxExemptionsAdmin />
    </div>
  );
}
