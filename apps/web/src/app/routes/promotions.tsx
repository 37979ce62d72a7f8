import { promotionsTexts } from '@pitstop/core/promotions-texts';
import { PromotionsAdmin } from '@/features/promotions/components/promotions-admin';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /dashboard/promotions (admins only, here and on the server): discount codes, their uses and revenue. */
export function PromotionsRoute() {
  useDocumentMeta(promotionsTexts.heading, `${promotionsTexts.heading} — Pitstop Parts dashboard.`);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {promotionsTexts.heading}
        </h1>
        <p className="text-slate-700">{promotionsTexts.lead}</p>
      </div>
      <PromotionsAdmin />
    </div>
  );
}
