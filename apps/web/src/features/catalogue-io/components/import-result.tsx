import {
  catalogueIoTexts as texts,
  IMPORT_FAILURES_LISTED,
  type CatalogueImportResult,
} from '@pitstop/core/catalogue-io';
import { cellClass, ColumnHead, TableBox } from '@/components/ui/table';

/** What an import did: the counts, then every problem row (line, column, message). */
export function ImportResultView({ result }: { result: CatalogueImportResult }) {
  const failedHeading = texts.failedHeading(result.failedRows);
  return (
    <div className="flex flex-col gap-3">
      <p className="font-medium text-slate-900">
        {texts.done} {texts.summary(result.created, result.updated, result.unchanged)}
      </p>
      {result.brandsCreated.length ? (
        <p className="text-slate-700">{texts.brandsCreated(result.brandsCreated)}</p>
      ) : null}
      {result.failedRows === 0 ? (
        <p className="text-slate-700">{texts.noFailures}</p>
      ) : (
        <>
          <h3 className="text-lg font-semibold text-red-800">{failedHeading}</h3>
          {result.failed.length >= IMPORT_FAILURES_LISTED ? (
            <p className="text-sm text-slate-700">{texts.failedListed(result.failed.length)}</p>
          ) : null}
          <TableBox
            caption={failedHeading}
            // Three short columns: the table fits a 360 px screen without scrolling sideways.
            minWidth="min-w-0"
            head={
              <>
                <ColumnHead align="right">{texts.line}</ColumnHead>
                <ColumnHead>{texts.field}</ColumnHead>
                <ColumnHead>{texts.message}</ColumnHead>
              </>
            }
          >
            {result.failed.map((f, i) => (
              // A row can have several problems (one per column), so the index keeps keys apart.
              <tr key={`${f.line}-${f.field}-${i}`}>
                <td className={`${cellClass} text-right tabular-nums`}>{f.line}</td>
                <td className={`${cellClass} font-mono text-xs`}>{f.field || '—'}</td>
                <td className={`${cellClass} break-words`}>{f.message}</td>
              </tr>
            ))}
          </TableBox>
        </>
      )}
    </div>
  );
}
