import { createHash } from 'node:crypto';
import path from 'node:path/posix';
import type SharpFactory from 'sharp';
import type { OutputInfo, Sharp } from 'sharp';
import { UPLOAD_MAX_EDGE } from '@pitstop/core/accounts';
import { uploadedImageUrl, uploadVariantUrl, uploadVariantWidths } from '@pitstop/core/images';
import { AppError } from '../../lib/errors.js';
import { isStoredUpload } from './stored-upload.js';
import type { UploadStore } from './store.js';

/** Decoding more pixels than this is refused: a tiny file can claim an enormous image. */
export const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

const notAnImage = () =>
  new AppError('invalid', 'Please choose a PNG, JPEG or WebP picture.', [
    { field: 'image', message: 'Please choose a PNG, JPEG or WebP picture.' },
  ]);

const WEBP_QUALITY = 82;
const WEBP = 'image/webp';

/**
 * Every upload is decoded and re-encoded by us: WebP, at most UPLOAD_MAX_EDGE px on the long
 * side, metadata (EXIF, GPS) dropped, and stored under its content hash so the same picture is
 * kept once and its address never changes. Beside it go smaller WebP copies for `srcset`; the
 * address names the picture's size, which tells the web which copies exist (core images.ts).
 */
export async function storeImage(input: Buffer, store: UploadStore): Promise<string> {
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = meta.format;
    if (!meta.width || !meta.height) throw notAnImage();
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new Error('too many pixels');
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (/pixel/i.test(String(err))) {
      throw new AppError('invalid', 'That picture is too large to process. Please use a smaller one.', [
        { field: 'image', message: 'That picture is too large to process. Please use a smaller one.' },
      ]);
    }
    throw notAnImage();
  }
  if (!format || !ACCEPTED.has(format)) throw notAnImage();

  // Decode (and turn upright, and shrink) once; the original and its copies are all encoded from
  // these pixels, so no copy is a re-compression of another.
  let pixels: { data: Buffer; info: OutputInfo };
  let output: Buffer;
  try {
    pixels = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: UPLOAD_MAX_EDGE, height: UPLOAD_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    output = await fromPixels(sharp, pixels).webp({ quality: WEBP_QUALITY }).toBuffer();
  } catch {
    throw notAnImage();
  }
  const { width, height } = pixels.info;
  const hash = createHash('sha256').update(output).digest('hex');
  const url = uploadedImageUrl(hash, width, height);
  const name = path.basename(url);

  // The original is stored last: once it exists, so do its copies.
  if (await store.has(name)) return url;
  for (const variantWidth of uploadVariantWidths(width)) {
    const variant = await fromPixels(sharp, pixels)
      .resize({ width: variantWidth })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
    await store.put(path.basename(uploadVariantUrl(hash, variantWidth)), variant, WEBP);
  }
  await store.put(name, output, WEBP);
  return url;
}

// libvips costs the process ~30 MB from the moment it loads: only an upload loads it.
let sharpModule: Promise<{ default: typeof SharpFactory }> | undefined;
async function loadSharp(): Promise<typeof SharpFactory> {
  sharpModule ??= import('sharp');
  return (await sharpModule).default;
}

function fromPixels(sharp: typeof SharpFactory, { data, info }: { data: Buffer; info: OutputInfo }): Sharp {
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

/**
 * A picture address a form sends must be one of our stored uploads (or, for catalogue art, one
 * of the shop's own /images). Anything under /uploads/ that was never stored is refused.
 */
export async function requireStoredUpload(store: UploadStore, url: string, field = 'img'): Promise<void> {
  if (!(await isStoredUpload(store, url)))
    throw new AppError('invalid', 'Upload the photo first', [{ field, message: 'Upload the photo first' }]);
}
