import { catalogueIoTexts as texts, type CatalogueImportResult } from '@pitstop/core/catalogue-io';
import { useId, useState, type FormEvent } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { ErrorNotice } from '@/components/ui/notice';
import { FormField, fileInputClass } from '@/components/ui/form-field';
import { problemText } from '@/lib/error-text';
import { useImportCatalogue, type ImportPhase } from '../api/import-catalogue';
import { ImportResultView } from './import-result';

/** The live text for a phase; percentages in steps of ten, so a screen reader is not flooded. */
function phaseText(phase: ImportPhase): string {
  if (phase.kind === 'processing') return texts.processing;
  return texts.uploading(phase.percent === null ? 0 : Math.floor(phase.percent / 10) * 10);
}

interface ImportCatalogueFormProps {
  /** Called after a successful import (the screen refreshes the catalogue). */
  onImported?: (result: CatalogueImportResult) => unknown;
}

/** Choose a CSV, Import, watch it upload and be processed, then read what happened row by row. */
export function ImportCatalogueForm({ onImported }: ImportCatalogueFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [createMissingBrands, setCreateMissingBrands] = useState(false);
  const brandsId = useId();
  const [missingFile, setMissingFile] = useState(false);
  const [phase, setPhase] = useState<ImportPhase | null>(null);
  const importing = useImportCatalogue({ onImported });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) {
      setMissingFile(true);
      return;
    }
    setPhase({ kind: 'uploading', percent: 0 });
    importing.mutate({ file, createMissingBrands, onPhase: setPhase }, { onSettled: () => setPhase(null) });
  }

  const busy = importing.isPending;
  const percent = phase?.kind === 'uploading' ? phase.percent : null;
  const live = busy && phase ? phaseText(phase) : importing.isSuccess ? texts.done : '';

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-busy={busy}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <FormField
            label={texts.fileLabel}
            hint={texts.columnsHelp}
            error={missingFile ? texts.chooseFile : undefined}
          >
            {(control) => (
              <input
                {...control}
                type="file"
                name="file"
                accept=".csv,text/csv"
                disabled={busy}
                className={fileInputClass}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setMissingFile(false);
                }}
              />
            )}
          </FormField>
        </div>
        <button type="submit" className={buttonStyles('primary', 'md', 'sm:mb-7')} disabled={busy}>
          {busy ? texts.importing : texts.import}
        </button>
      </div>
      <div className="flex flex-col gap-1">
        <div className="flex items-start gap-3">
          <input
            id={brandsId}
            type="checkbox"
            name="createMissingBrands"
            checked={createMissingBrands}
            disabled={busy}
            onChange={(event) => setCreateMissingBrands(event.target.checked)}
            aria-describedby={`${brandsId}-hint`}
            className="mt-0.5 size-5 shrink-0 accent-red-700"
          />
          <label htmlFor={brandsId} className="text-sm font-semibold text-slate-800">
            {texts.createBrands}
          </label>
        </div>
        <p id={`${brandsId}-hint`} className="text-sm text-slate-600">
          {texts.createBrandsHint}
        </p>
      </div>

      {busy && phase ? (
        <progress
          aria-label={phaseText(phase)}
          max={100}
          // No value: an indeterminate bar while the server works, or when the size is unknown.
          {...(percent === null ? {} : { value: percent })}
          className="h-2 w-full overflow-hidden rounded-full accent-red-700"
        />
      ) : null}
      <p role="status" className={busy ? 'text-sm text-slate-700' : 'sr-only'}>
        {live}
      </p>

      <ErrorNotice message={importing.isError ? problemText(importing.error, texts.importFailed) : null} />
      {importing.data ? <ImportResultView result={importing.data} /> : null}
    </form>
  );
}
