import { catalogueIoTexts as texts, type CatalogueImportResult } from '@pitstop/core/catalogue-io';
import { useId } from 'react';
import { ExportCatalogueButton } from './export-catalogue-button';
import { ImportCatalogueForm } from './import-catalogue-form';

/** The catalogue screen's Import / export section (admins). */
export function CatalogueIoSection({
  onImported,
}: {
  onImported?: (result: CatalogueImportResult) => unknown;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={headingId} className="text-xl font-bold text-slate-900">
            {texts.heading}
          </h2>
          <p className="text-sm text-slate-700">{texts.intro}</p>
        </div>
        <ExportCatalogueButton />
      </div>
      <ImportCatalogueForm onImported={onImported} />
    </section>
  );
}
