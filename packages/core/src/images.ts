/**
 * How an uploaded picture is named, written once for the server that stores it and the web that
 * shows it. POST /api/uploads stores a WebP under its content hash with its pixel size in the
 * name, `/uploads/<sha256>-<width>x<height>.webp`, and beside it smaller WebP copies
 * `/uploads/<sha256>-<w>w.webp` for each UPLOAD_VARIANT_WIDTHS narrower than the picture. So the
 * stored address alone says which copies exist and how wide they are: no column records them.
 *
 * Uploads stored before the copies existed are named `/uploads/<sha256>.webp` (no size): they have
 * no copies and are shown as they are.
 */

/**
 * Widths of the smaller copies. 160 covers avatars and table thumbnails (48–96 CSS px at 2x),
 * 320/640 a part card (~400 CSS px, or a full-width phone card at 2x), 960/1280 the part page's
 * picture (~580 CSS px at 2x); the stored original (at most UPLOAD_MAX_EDGE) is the largest.
 */
export const UPLOAD_VARIANT_WIDTHS = [160, 320, 640, 960, 1280] as const;

/** A stored upload's address: sized (with copies) or from before the copies (without). */
export const UPLOADED_IMAGE_URL =
  // eslint-disable-next-line security/detect-unsafe-regex -- anchored, every repeat bounded: linear time
  /^\/uploads\/([a-f0-9]{64})(?:-([1-9][0-9]{0,4})x([1-9][0-9]{0,4}))?\.webp$/;

export interface UploadedImage {
  hash: string;
  /** The stored picture's size; null for an upload from before the copies. */
  size: { width: number; height: number } | null;
}

/** The parts of a stored upload's address, or null when `url` is not one. */
export function parseUploadedImageUrl(url: string): UploadedImage | null {
  const match = UPLOADED_IMAGE_URL.exec(url);
  if (!match) return null;
  const [, hash = '', width, height] = match;
  return { hash, size: width && height ? { width: Number(width), height: Number(height) } : null };
}

export function uploadedImageUrl(hash: string, width: number, height: number): string {
  return `/uploads/${hash}-${width}x${height}.webp`;
}

export function uploadVariantUrl(hash: string, width: number): string {
  return `/uploads/${hash}-${width}w.webp`;
}

/** The copy widths stored for a picture this wide (never an enlargement, never the same width). */
export function uploadVariantWidths(originalWidth: number): number[] {
  return UPLOAD_VARIANT_WIDTHS.filter((width) => width < originalWidth);
}
