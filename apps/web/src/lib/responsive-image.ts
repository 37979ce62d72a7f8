import {
  illustrationRenditions,
  parseUploadedImageUrl,
  uploadVariantUrl,
  uploadVariantWidths,
} from '@pitstop/core/images';

/** Where a picture is shown; each place has its own box and its own width on the page. */
export type ImageKind = 'card' | 'detail' | 'thumb' | 'review' | 'avatar' | 'avatar-lg' | 'hero' | 'brand';

interface ImageLayout {
  /** The box the picture is drawn in (CSS crops or fits it): the <img> width and height. */
  width: number;
  height: number;
  /** How wide the box is on the page, for the browser to pick a copy (the layout's own sums). */
  sizes: string;
}

// The page container is max-w-7xl (1280) with px-4 / sm:px-6 / lg:px-8, so its content is
// 100vw - 32px, - 48px, - 64px, and at most 1216px.
export const IMAGE_LAYOUTS: Record<ImageKind, ImageLayout> = {
  // parts-grid: 1, sm 2, lg 3 columns with gap-6 (24px); 4:3 box.
  card: {
    width: 400,
    height: 300,
    sizes:
      '(min-width: 1280px) 390px, (min-width: 1024px) calc((100vw - 112px) / 3), (min-width: 640px) calc((100vw - 72px) / 2), calc(100vw - 32px)',
  },
  // The part page: picture beside the facts from lg (gap-12, 48px), above them before; 4:3 box.
  detail: {
    width: 400,
    height: 300,
    sizes:
      '(min-width: 1280px) 584px, (min-width: 1024px) calc((100vw - 112px) / 2), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)',
  },
  // The admin catalogue table's size-12 thumbnail.
  thumb: { width: 48, height: 48, sizes: '48px' },
  // A review's photo: size-20, sm:size-24.
  review: { width: 96, height: 96, sizes: '(min-width: 640px) 96px, 80px' },
  avatar: { width: 36, height: 36, sizes: '36px' },
  'avatar-lg': { width: 96, height: 96, sizes: '96px' },
  // The slide illustrations are drawn at 1200×480 (5:2), full container width.
  hero: { width: 1200, height: 480, sizes: '(min-width: 1280px) 1216px, calc(100vw - 32px)' },
  brand: { width: 160, height: 96, sizes: '160px' },
};

export interface ImageSources {
  src: string;
  /**
   * Present only for an upload with smaller copies, together with `sizes` (HTML allows `sizes`
   * only beside `srcset`). Other SVGs scale by themselves, older uploads have no copies, and an outside
   * address (a Google account photo) is shown as it is.
   */
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
}

/**
 * The <img> attributes for a picture shown as `kind` — also what a
 * `<link rel="preload" as="image" imagesrcset imagesizes>` for it needs, so both pick the same file.
 * Spread it on the element: `<img {...imageSources(part.img, 'card')} alt={part.name} />`.
 */
export function imageSources(url: string, kind: ImageKind): ImageSources {
  const { width, height, sizes } = IMAGE_LAYOUTS[kind];
  // One of the shop's own drawings: its WebP renditions, not the SVG (see ILLUSTRATION_SIZES).
  const drawn = illustrationRenditions(url);
  if (drawn) {
    const candidates = drawn.copies.map((copy) => `${copy.url} ${copy.width}w`);
    candidates.push(`${drawn.src} ${drawn.width}w`);
    return { src: drawn.src, srcSet: candidates.join(', '), sizes, width, height };
  }
  const upload = parseUploadedImageUrl(url);
  const copies = upload?.size ? uploadVariantWidths(upload.size.width) : [];
  if (!upload?.size || copies.length === 0) return { src: url, width, height };
  const candidates = copies.map((copy) => `${uploadVariantUrl(upload.hash, copy)} ${copy}w`);
  candidates.push(`${url} ${upload.size.width}w`);
  return { src: url, srcSet: candidates.join(', '), sizes, width, height };
}
