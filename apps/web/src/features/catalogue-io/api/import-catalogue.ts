import { useMutation } from '@tanstack/react-query';
import { CATALOGUE_CSV_FIELD, type CatalogueImportResult } from '@pitstop/core/catalogue-io';
import { uploadWithProgress } from '@/lib/api-client';

/** Where an import is: sending the file (with a percentage when known), then the server's work. */
export type ImportPhase = { kind: 'uploading'; percent: number | null } | { kind: 'processing' };

export interface ImportCatalogueInput {
  file: File;
  /** Add the brands the file names that the shop does not know (else their rows are refused). */
  createMissingBrands?: boolean;
  onPhase?: (phase: ImportPhase) => void;
}

/** POST /api/parts/import (admins): the CSV as multipart; reports progress while it goes. */
export async function importCatalogue({
  file,
  createMissingBrands = false,
  onPhase = () => {},
}: ImportCatalogueInput): Promise<CatalogueImportResult> {
  const body = new FormData();
  body.append(CATALOGUE_CSV_FIELD, file);
  const path = createMissingBrands ? '/parts/import?createMissingBrands=true' : '/parts/import';
  const { data } = await uploadWithProgress<CatalogueImportResult>(path, {
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

export function useImportCatalogue(
  options: { onImported?: (result: CatalogueImportResult) => unknown } = {},
) {
  return useMutation({
    mutationFn: importCatalogue,
    onSuccess: (result) => options.onImported?.(result),
  });
}
