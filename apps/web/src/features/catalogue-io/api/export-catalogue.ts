import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '@/lib/api-client';
import { saveFile } from '../utils/save-file';

export const EXPORT_FILE_NAME = 'pitstop-catalogue.csv';

/** GET /api/parts/export.csv (admins): the whole catalogue as a CSV file. */
export async function exportCatalogue(): Promise<{ blob: Blob; filename: string }> {
  const { blob, filename } = await apiBlob('/parts/export.csv');
  return { blob, filename: filename ?? EXPORT_FILE_NAME };
}

/** Fetches the export with the session's token (a plain link could not send it) and saves it. */
export function useExportCatalogue() {
  return useMutation({
    mutationFn: exportCatalogue,
    onSuccess: ({ blob, filename }) => saveFile(blob, filename),
  });
}
