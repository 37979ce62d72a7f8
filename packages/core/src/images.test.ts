import { describe, expect, it } from 'vitest';
import { UploadedImageUrlSchema } from './accounts.js';
import { parseUploadedImageUrl, uploadedImageUrl, uploadVariantUrl, uploadVariantWidths } from './images.js';

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
