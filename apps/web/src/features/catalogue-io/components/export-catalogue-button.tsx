import { catalogueIoTexts as texts } from '@pitstop/core/catalogue-io';
import { buttonStyles } from '@/components/ui/button-styles';
import { ErrorNotice } from '@/components/ui/notice';
import { problemText } from '@/lib/error-text';
import { useExportCatalogue } from '../api/export-catalogue';

/** Export CSV: downloads the whole catalogue in the import's own format. */
export function ExportCatalogueButton() {
  const exporting = useExportCatalogue();
  return (
    <div className="flex flex-col items-start gap-3">
      <button
        type="button"
        className={buttonStyles('secondary', 'md')}
        disabled={exporting.isPending}
        onClick={() => exporting.mutate()}
      >
        {exporting.isPending ? texts.exporting : texts.export}
      </button>
      <p role="status" className="sr-only">
        {exporting.isPending ? texts.exporting : exporting.isSuccess ? texts.exported : ''}
      </p>
      <ErrorNotice message={exporting.isError ? problemText(exporting.error, texts.exportFailed) : null} />
    </div>
  );
}
