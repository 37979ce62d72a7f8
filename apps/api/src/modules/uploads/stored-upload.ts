import { uploadNameOf, type UploadStore } from './store.js';

/**
 * Whether a picture address may be saved: an /uploads/ address only when it names a stored
 * upload; anything else (the shop's own /images) is checked by the schemas alone. Kept apart from
 * service.ts so the catalogue import's worker thread can use it without the image library.
 */
export async function isStoredUpload(store: UploadStore, url: string): Promise<boolean> {
  if (!url.startsWith('/uploads/')) return true;
  const name = uploadNameOf(url);
  return name !== undefined && store.has(name);
}
