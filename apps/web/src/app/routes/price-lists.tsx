import { pricingTexts } from '@pitstop/core/pricing-texts';
import { PriceListsAdmin } from '@/features/price-lists/price-lists-admin';
import { SalesAdmin } from '@/features/price-lists/sales-admin';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /dashboard/price-lists (admins only, here and on the server): tiers and who buys at them. */
export function PriceListsRoute() {
  useDocumentMeta(
    pricingTexts.priceListsHeading,
    `${pricingTexts.priceListsHeading} — Pitstop Parts dashboard.`,
  );
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {pricingTexts.priceListsHeading}
        </h1>
        <p className="text-slate-700">{pricingTexts.priceListsLead}</p>
      </div>
      <PriceListsAdmin />
    </div>
  );
}

/** /dashboard/sales (admins only): sale prices with a start and an end. */
export function SalesRoute() {
  useDocumentMeta(pricingTexts.salesHeading, `${pricingTexts.salesHeading} — Pitstop Parts dashboard.`);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {pricingTexts.salesHeading}
        </h1>
        <p className="text-slate-700">{pricingTexts.salesLead}</p>
      </div>
      <SalesAdmin />
    </div>
  );
}
