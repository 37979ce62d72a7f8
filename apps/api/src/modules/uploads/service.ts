import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { UPLOAD_MAX_EDGE } from '@pitstop/core/accounts';
import { AppError } from '../../lib/errors.js';

/** Decoding more pixels than this is refused: a tiny file can claim an enormous image. */
export const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

const notAnImage = () =>
  new AppError('invalid', 'Please choose a PNG, JPEG or WebP picture.', [
    { field: 'image', message: 'Please choose a PNG, JPEG or WebP picture.' },
  ]);

/**
 * Every upload is decoded and re-encoded by us: WebP, at most UPLOAD_MAX_EDGE px on the long
 * side, metadata (EXIF, GPS) dropped, and stored under its content hash so the same picture is
 * kept once and its address never changes.
 */
export async function storeImage(input: Buffer, uploadsDir: string): Promise<string> {
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

  let output: Buffer;
  try {
    output = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: UPLOAD_MAX_EDGE, height: UPLOAD_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw notAnImage();
  }
  const name = `${createHash('sha256').update(output).digest('hex')}.webp`;
  await fs.mkdir(uploadsDir, { recursive: true });
  const file = path.join(uploadsDir, name);
  // Write to a temporary name and rename, so a reader never sees half a file.
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, output);
  await fs.rename(temporary, file);
  return `/uploads/${name}`;
}

/**
 * A picture address a form sends must be one of our stored uploads (or, for catalogue art, one
 * of the shop's own /images). Anything under /uploads/ that was never stored is refused.
 */
export async function requireStoredUpload(dataDir: string, url: string, field = 'img'): Promise<void> {
  if (!url.startsWith('/uploads/')) return;
  const exists = await fs.access(path.join(dataDir, url)).then(
    () => true,
    () => false,
  );
  if (!exists)
    throw new AppError('invalid', 'Upload the photo first', [{ field, message: 'Upload the photo first' }]);
}
