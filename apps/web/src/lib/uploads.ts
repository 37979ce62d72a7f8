import type { UploadResult } from '@pitstop/core/accounts';
import { ApiError, apiPost, isApiError } from './api-client';

/** The image types POST /api/uploads accepts (it re-encodes them to WebP). */
export const UPLOAD_ACCEPT = 'image/png,image/jpeg,image/webp';

/** A refused upload (wrong type, too big) is about the photo: report it as the `img` field's error. */
function asPhotoError(error: unknown): unknown {
  if (!isApiError(error) || error.status < 400 || error.status >= 500 || error.status === 401) return error;
  if (error.errors.length > 0) return error;
  return new ApiError({
    status: error.status,
    title: error.title,
    detail: error.detail,
    type: error.type,
    errors: [{ field: 'img', message: error.detail ?? error.title }],
  });
}

/**
 * POST /api/uploads: sends one photo as multipart field `image`, answers its address. A refusal
 * comes back as a field error on `img`; an answer that does not report success is an error too
 * (spec §4: the next step runs only when the upload succeeded).
 */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  let result: Partial<UploadResult> | undefined;
  try {
    result = await apiPost<Partial<UploadResult> | undefined>('/uploads', form);
  } catch (error) {
    throw asPhotoError(error);
  }
  const url = result?.success === true ? result.data?.url : undefined;
  if (!url) {
    throw new ApiError({ status: 502, title: 'Bad Gateway', detail: 'The photo could not be uploaded.' });
  }
  return url;
}
