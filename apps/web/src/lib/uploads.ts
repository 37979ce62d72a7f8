import type { UploadResult } from '@pitstop/core/accounts';
import { apiPost } from './api-client';

/** The image types POST /api/uploads accepts (it re-encodes them to WebP). */
export const UPLOAD_ACCEPT = 'image/png,image/jpeg,image/webp';

/** POST /api/uploads: sends one photo as multipart field `image`, answers its address. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const result = await apiPost<UploadResult>('/uploads', form);
  return result.data.url;
}
