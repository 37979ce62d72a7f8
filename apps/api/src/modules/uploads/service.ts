import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type SharpFactory from 'sharp';
import type { OutputInfo, Sharp } from 'sharp';
import { UPLOAD_MAX_EDGE } from '@pitstop/core/accounts';
import { uploadedImageUrl, uploadVariantUrl, uploadVariantWidths } from '@pitstop/core/images';
import { AppError } from '../../lib/errors.js';
import { isStoredUpload } from './stored-upload.js';

/** Decoding more pixels than this is refused: a tiny file can claim an enormous image. */
export const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

const notAnImage = () =>
  new AppError('invalid', 'Please choose a PNG, JPEG or WebP picture.', [
    { field: 'image', message: 'Please choose a PNG, JPEG or WebP picture.' },
  ]);

const WEBP_QUALITY = 82;

/** Writes to a temporary name and renames, so a reader never sees half a file. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temporary = `${file}.${randomUUID()}.tmp`;
  await fs.writeFile(temporary, data);
  await fs.rename(temporary, file);
}

/**
 * Every upload is decoded and re-encoded by us: WebP, at most UPLOAD_MAX_EDGE px on the long
 * side, metadata (EXIF, GPS) dropped, and stored under its content hash so the same picture is
 * kept once and its address never changes. Beside it go smaller WebP copies for `srcset`; the
 * address names the picture's size, which tells the web which copies exist (core images.ts).
 */
export async function storeImage(input: Buffer, uploadsDir: string): Promise<string> {
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
  const file = path.join(uploadsDir, path.basename(url));
  await fs.mkdir(uploadsDir, { recursive: true });

  // The original is written last: once it exists, so do its copies.
  const stored = await fs.access(file).then(
    () => true,
    () => false,
  );
  if (stored) return url;
  for (const variantWidth of uploadVariantWidths(width)) {
    const variant = await fromPixels(sharp, pixels)
      .resize({ width: variantWidth })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
    await writeAtomically(
      path.join(uploadsDir, path.basename(uploadVariantUrl(hash, variantWidth))),
      variant,
    );
  }
  await writeAtomically(file, output);
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
export async function requireStoredUpload(dataDir: string, url: string, field = 'img'): Promise<void> {
  if (!(await isStoredUpload(dataDir, url)))
    throw new AppError('invalid', 'Upload the photo first', [{ field, message: 'Upload the photo first' }]);
}
