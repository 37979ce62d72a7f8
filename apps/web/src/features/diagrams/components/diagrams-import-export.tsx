import { useId, useState } from 'react';
import { diagramScreenTexts } from '@pitstop/core/diagram-screen-texts';
import { diagramTexts } from '@pitstop/core/diagrams';
import { buttonStyles } from '@/components/ui/button-styles';
import { inputClass } from '@/components/ui/form-field';
import { ErrorNotice, StatusNotice } from '@/components/ui/notice';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import { exportDiagrams, isCsv, useImportDiagrams, type AdminDiagramsFilter } from '../api/admin-diagrams';

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
}

/** Bulk loading: a CSV or JSON file in (all or nothing, each refusal named), the same out. */
export function DiagramsImportExport({ filter }: { filter: AdminDiagramsFilter }) {
  const id = useId();
  const importer = useImportDiagrams();
  const [file, setFile] = useState<File | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  async function exportAs(format: 'json' | 'csv') {
    setProblems([]);
    try {
      const { blob, filename } = await exportDiagrams(format, filter);
      download(blob, filename ?? `diagrams.${format}`);
    } catch (e) {
      setProblems([problemText(e, diagramScreenTexts.exportFailed)]);
    }
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-slate-900">
        {diagramTexts.importHeading}
      </h2>
      <StatusNotice message={said} />
      {problems.length > 0 ? (
        <ErrorNotice message={problems.join('\n')} className="whitespace-pre-line" />
      ) : null}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!file) return;
          const csv = isCsv(file);
          setSaid(null);
          setProblems([]);
          importer.mutate(file, {
            onSuccess: (result) => setSaid(diagramTexts.importDone(result.assemblies, result.callouts)),
            onError: (e) =>
              setProblems(
                isApiError(e) && e.errors.length > 0
                  ? // A CSV's refusals name their line already; a JSON document's are named by path.
                    e.errors.map((f) => (csv || !f.field ? f.message : `${f.field}: ${f.message}`))
                  : [problemText(e, 'The file could not be imported.')],
              ),
          });
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-file`} className="text-sm font-semibold text-slate-800">
            {diagramScreenTexts.importLabel}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className={inputClass}
          />
        </div>
        <button
          type="submit"
          className={buttonStyles('primary', 'md')}
          disabled={!file || importer.isPending}
        >
          {importer.isPending ? diagramScreenTexts.importing : diagramScreenTexts.importButton}
        </button>
        <button
          type="button"
          className={buttonStyles('secondary', 'md')}
          onClick={() => void exportAs('csv')}
        >
          {diagramTexts.exportCsv}
        </button>
        <button
          type="button"
          className={buttonStyles('secondary', 'md')}
          onClick={() => void exportAs('json')}
        >
          {diagramTexts.exportJson}
        </button>
      </form>
    </section>
  );
}
