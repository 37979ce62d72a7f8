import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Whether a picture address may be saved: an /uploads/ address only when that file is stored;
 * anything else (the shop's own /images) is checked by the schemas alone. Kept apart from
 * service.ts so the catalogue import's worker thread can use it without the image library.
 */
export async function isStoredUpload(dataDir: string, url: string): Promise<boolean> {
  if (!url.startsWith('/uploads/')) return true;
  return fs.access(path.join(dataDir, url)).then(
    () => true,
    () => false,
  );
}
