import { brandsTexts } from '@pitstop/core/brands';
import { useQueryClient } from '@tanstack/react-query';
import { BrandsAdmin } from '@/features/brands/components/brands-admin';
import { partsKeys } from '@/features/parts/api/parts-query-keys';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /dashboard/brands (admins only, here and on the server): the brands parts are sold under. */
export function BrandsRoute() {
  useDocumentMeta(brandsTexts.heading, `${brandsTexts.heading} — Pitstop Parts dashboard.`);
  const queryClient = useQueryClient();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {brandsTexts.heading}
        </h1>
        <p className="text-slate-700">{brandsTexts.lead}</p>
      </div>
      {/* A rename is in every part of the brand; the shop's lists and filters load again. */}
      <BrandsAdmin
        onCatalogueChanged={() => void queryClient.invalidateQueries({ queryKey: partsKeys.all })}
      />
    </div>
  );
}
