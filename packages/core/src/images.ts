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

/**
 * The shop's own illustrations (the demo parts' pictures, the home slides, the brand logos) are
 * drawn as SVG and also kept as WebP renditions beside each drawing, made by
 * `npm run render:illustrations`: `/images/<folder>/<name>.webp` at the folder's size below, and
 * `<name>-<w>w.webp` copies at each ILLUSTRATION_COPY_WIDTHS narrower than it. Pages show the WebP:
 * every SVG shown as an <img> costs the browser a document of its own, built on the main thread
 * (30–130 ms each on a throttled phone), where a WebP is decoded off it.
 */
export const ILLUSTRATION_SIZES = {
  // Cards and the part page: up to 584 CSS px wide, 4:3.
  parts: { width: 960, height: 720 },
  // The home slides: the container's width, 5:2.
  hero: { width: 1280, height: 512 },
  // A logo in a 160 × 96 box, drawn at 2:1.
  brands: { width: 320, height: 160 },
  // The demo bikes' parts diagrams (issue #29): shown up to ~800 CSS px wide, 4:3.
  diagrams: { width: 1280, height: 960 },
} as const;

export type IllustrationFolder = keyof typeof ILLUSTRATION_SIZES;

/**
 * The uploads' copy widths and 720. A phone card or slide is about 380 CSS px wide, so a
 * 1.75x–1.9x screen (Lighthouse's phone among them) wants 665–720 px and, without a 720w copy,
 * is sent the 960 px picture: about 30% more bytes for pixels it cannot show. Uploads keep their
 * own list: their stored names say which copies exist, and the ones stored before would lack a
 * 720w copy.
 */
export const ILLUSTRATION_COPY_WIDTHS: readonly number[] = [...UPLOAD_VARIANT_WIDTHS, 720].sort(
  (a, b) => a - b,
);

const ILLUSTRATION_URL = /^\/images\/(parts|hero|brands|diagrams)\/([a-z0-9-]+)\.svg$/;

export interface IllustrationRenditions {
  /** The rendition at the folder's full size. */
  src: string;
  width: number;
  /** The smaller copies, narrowest first. */
  copies: { url: string; width: number }[];
}

/** The WebP renditions of one of the shop's illustrations, or null when `url` is not one. */
export function illustrationRenditions(url: string): IllustrationRenditions | null {
  const match = ILLUSTRATION_URL.exec(url);
  if (!match) return null;
  const [, folder = '', name = ''] = match;
  const { width } = ILLUSTRATION_SIZES[folder as IllustrationFolder];
  return {
    src: `/images/${folder}/${name}.webp`,
    width,
    copies: ILLUSTRATION_COPY_WIDTHS.filter((w) => w < width).map((w) => ({
      url: `/images/${folder}/${name}-${w}w.webp`,
      width: w,
    })),
  };
}

/**
 * The address to hand to search engines and link previews (JSON-LD, Open Graph): the full-size
 * WebP of one of the shop's drawings (previews do not show SVG), or the picture as it is.
 */
export function shareableImageUrl(url: string): string {
  return illustrationRenditions(url)?.src ?? url;
}

/** The shop icon's PNG renditions in the web app's public folder (index.html links them). */
export const FAVICON_PNGS = [
  { file: 'favicon-32.png', size: 32 },
  { file: 'apple-touch-icon.png', size: 180 },
] as const;
