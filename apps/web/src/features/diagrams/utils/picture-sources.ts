import type { DiagramPicture } from '@pitstop/core/diagrams';

/**
 * How wide a drawing is on the page, for the browser to pick a copy. The page container is
 * max-w-7xl with px-4 / sm:px-6 / lg:px-8 (content 100vw − 32, − 48, − 64; at most 1216 px).
 */
export const DIAGRAM_SIZES = {
  // The assembly page: from lg the drawing takes 3 of 5 columns beside the list (gap-8), before
  // that the full width.
  drawing:
    '(min-width: 1280px) 717px, (min-width: 1024px) calc((100vw - 96px) * 0.6), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)',
} as const;

export interface PictureSources {
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
}

/** The <img> attributes for a diagram's picture: its WebP, its copies and its pixel size. */
export function pictureSources(picture: DiagramPicture, sizes: string): PictureSources {
  const { src, width, height, copies } = picture;
  if (copies.length === 0) return { src, width, height };
  const srcSet = [...copies.map((c) => `${c.url} ${c.width}w`), `${src} ${width}w`].join(', ');
  return { src, srcSet, sizes, width, height };
}
