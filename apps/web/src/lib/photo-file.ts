import { UPLOAD_MAX_BYTES } from '@pitstop/core/accounts';
import { messages } from '@pitstop/core/messages';
import { z } from 'zod';
import { UPLOAD_ACCEPT } from './uploads';

const ACCEPTED_TYPES = UPLOAD_ACCEPT.split(',');
export const UPLOAD_MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024);

/**
 * A photo picked in a form, before it is uploaded (the schemas' `img` is the address the upload
 * answers). Checked here so a wrong file is refused without a round trip; the server checks again.
 * `required: false` lets a form keep a photo it already has.
 */
export function photoFileSchema({ required }: { required: boolean }) {
  return z
    .custom<File | null>((value) => value === null || value instanceof File, messages.imgRequired)
    .refine((file) => file !== null || !required, messages.imgRequired)
    .refine((file) => file === null || ACCEPTED_TYPES.includes(file.type), 'Choose a PNG, JPEG or WebP image')
    .refine(
      (file) => file === null || file.size <= UPLOAD_MAX_BYTES,
      `The photo must be ${UPLOAD_MAX_MB} MB or smaller`,
    );
}
