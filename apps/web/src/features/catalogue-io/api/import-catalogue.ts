import { useMutation } from '@tanstack/react-query';
import type { ImportResult } from '@pitstop/core/admin';
import { CATALOGUE_CSV_FIELD } from '@pitstop/core/catalogue-io';
import { uploadWithProgress } from '@/lib/api-client';

/** Where an import is: sending the file (with a percentage when known), then the server's work. */
export type ImportPhase = { kind: 'uploading'; percent: number | null } | { kind: 'processing' };

/** POST /api/parts/import (admins): the CSV as multipart; reports progress while it goes. */
export async function importCatalogue(
  file: File,
  onPhase: (phase: ImportPhase) => void = () => {},
): Promise<ImportResult> {
  const body = new FormData();
  body.append(CATALOGUE_CSV_FIELD, file);
  const { data } = await uploadWithProgress<ImportResult>('/parts/import', {
    body,
    onProgress: ({ loaded, total }) =>
      onPhase({
        kind: 'uploading',
        percent: total ? Math.min(100, Math.round((loaded / total) * 100)) : null,
      }),
    onUploaded: () => onPhase({ kind: 'processing' }),
  });
  return data;
}

export function useImportCatalogue(options: { onImported?: (result: ImportResult) => unknown } = {}) {
  return useMutation({
    mutationFn: ({ file, onPhase }: { file: File; onPhase: (phase: ImportPhase) => void }) =>
      importCatalogue(file, onPhase),
    onSuccess: (result) => options.onImported?.(result),
  });
}
