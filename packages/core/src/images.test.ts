import { describe, expect, it } from 'vitest';
import { UploadedImageUrlSchema } from './accounts.js';
import {
  illustrationRenditions,
  parseUploadedImageUrl,
  shareableImageUrl,
  uploadedImageUrl,
  uploadVariantUrl,
  uploadVariantWidths,
} from './images.js';

const HASH = 'f'.repeat(64);

describe('uploaded image names', () => {
  it('reads the size back from a stored address', () => {
    expect(parseUploadedImageUrl(uploadedImageUrl(HASH, 1600, 900))).toEqual({
      hash: HASH,
      size: { width: 1600, height: 900 },
    });
  });

  it('knows an upload from before the copies, and refuses anything else', () => {
    expect(parseUploadedImageUrl(`/uploads/${HASH}.webp`)).toEqual({ hash: HASH, size: null });
    expect(parseUploadedImageUrl(uploadVariantUrl(HASH, 640))).toBeNull();
    expect(parseUploadedImageUrl('/images/parts/wheels.svg')).toBeNull();
    expect(parseUploadedImageUrl(`/uploads/${HASH}-0x10.webp`)).toBeNull();
  });

  it('stores copies only narrower than the picture', () => {
    expect(uploadVariantWidths(1600)).toEqual([160, 320, 640, 960, 1280]);
    expect(uploadVariantWidths(640)).toEqual([160, 320]);
    expect(uploadVariantWidths(100)).toEqual([]);
  });

  it('accepts both address shapes as a form’s photo, but not a copy', () => {
    expect(UploadedImageUrlSchema.safeParse(uploadedImageUrl(HASH, 10, 10)).success).toBe(true);
    expect(UploadedImageUrlSchema.safeParse(`/uploads/${HASH}.webp`).success).toBe(true);
    expect(UploadedImageUrlSchema.safeParse(uploadVariantUrl(HASH, 160)).success).toBe(false);
  });
});

describe('the shop’s illustrations', () => {
  it('name their WebP renditions: the folder’s full size and each narrower copy width', () => {
    expect(illustrationRenditions('/images/hero/slide-2.svg')).toEqual({
      src: '/images/hero/slide-2.webp',
      width: 1280,
      copies: [160, 320, 640, 720, 960].map((w) => ({ url: `/images/hero/slide-2-${w}w.webp`, width: w })),
    });
    // A part's drawing is 960 wide: its copies stop below that.
    expect(illustrationRenditions('/images/parts/wheels.svg')?.copies.map((c) => c.width)).toEqual([
      160, 320, 640, 720,
    ]);
  });

  it('are only the SVGs in their three folders', () => {
    expect(illustrationRenditions('/images/other/slide-2.svg')).toBeNull();
    expect(illustrationRenditions('/images/parts/wheels.webp')).toBeNull();
    expect(illustrationRenditions('/images/parts/../x.svg')).toBeNull();
    expect(illustrationRenditions(`/uploads/${HASH}-1600x900.webp`)).toBeNull();
  });

  it('are shared as their full-size WebP; any other picture as it is', () => {
    expect(shareableImageUrl('/images/parts/wheels.svg')).toBe('/images/parts/wheels.webp');
    expect(shareableImageUrl(`/uploads/${HASH}-1600x900.webp`)).toBe(`/uploads/${HASH}-1600x900.webp`);
  });
});
