import { describe, expect, it } from 'vitest';
import { IMAGE_LAYOUTS, imageSources } from './responsive-image';

const HASH = 'a'.repeat(64);

describe('imageSources', () => {
  it('shows one of the shop’s drawings as its WebP renditions, in the box of where it is shown', () => {
    expect(imageSources('/images/parts/brake-pads.svg', 'card')).toEqual({
      src: '/images/parts/brake-pads.webp',
      srcSet: [
        '/images/parts/brake-pads-160w.webp 160w',
        '/images/parts/brake-pads-320w.webp 320w',
        '/images/parts/brake-pads-640w.webp 640w',
        '/images/parts/brake-pads-720w.webp 720w',
        '/images/parts/brake-pads.webp 960w',
      ].join(', '),
      sizes: IMAGE_LAYOUTS.card.sizes,
      width: 400,
      height: 300,
    });
    expect(imageSources('/images/brands/honda.svg', 'brand')).toEqual({
      src: '/images/brands/honda.webp',
      srcSet: '/images/brands/honda-160w.webp 160w, /images/brands/honda.webp 320w',
      sizes: '160px',
      width: 160,
      height: 96,
    });
  });

  it('leaves any other SVG as it is: no srcset (it scales by itself)', () => {
    expect(imageSources('/images/p.svg', 'card')).toEqual({ src: '/images/p.svg', width: 400, height: 300 });
  });

  it('lists an upload’s WebP copies narrower than it, then the upload itself', () => {
    const url = `/uploads/${HASH}-1600x1200.webp`;
    const sources = imageSources(url, 'card');
    expect(sources.src).toBe(url);
    expect(sources.srcSet).toBe(
      [
        `/uploads/${HASH}-160w.webp 160w`,
        `/uploads/${HASH}-320w.webp 320w`,
        `/uploads/${HASH}-640w.webp 640w`,
        `/uploads/${HASH}-960w.webp 960w`,
        `/uploads/${HASH}-1280w.webp 1280w`,
        `${url} 1600w`,
      ].join(', '),
    );
    expect(sources.sizes).toMatch(/^\(min-width: 1280px\) 390px, .*calc\(100vw - 32px\)$/);
    expect([sources.width, sources.height]).toEqual([400, 300]);
  });

  it('never names a copy wider than the upload', () => {
    const url = `/uploads/${HASH}-700x500.webp`;
    expect(imageSources(url, 'detail').srcSet).toBe(
      `/uploads/${HASH}-160w.webp 160w, /uploads/${HASH}-320w.webp 320w, /uploads/${HASH}-640w.webp 640w, ${url} 700w`,
    );
  });

  it('gives each place its own box and sizes', () => {
    const url = `/uploads/${HASH}-800x800.webp`;
    expect(imageSources(url, 'thumb')).toMatchObject({ width: 48, height: 48, sizes: '48px' });
    expect(imageSources(url, 'avatar')).toMatchObject({ width: 36, height: 36, sizes: '36px' });
    expect(imageSources(url, 'review')).toMatchObject({
      width: 96,
      height: 96,
      sizes: '(min-width: 640px) 96px, 80px',
    });
  });

  it('shows an upload from before the copies as it is', () => {
    const url = `/uploads/${HASH}.webp`;
    expect(imageSources(url, 'card')).toEqual({ src: url, width: 400, height: 300 });
  });

  it('shows a picture too small for any copy as it is', () => {
    const url = `/uploads/${HASH}-120x90.webp`;
    expect(imageSources(url, 'review')).toEqual({ src: url, width: 96, height: 96 });
  });

  it('passes an outside address through (a Google account photo)', () => {
    const url = 'https://lh3.googleusercontent.com/a/photo=s96-c';
    expect(imageSources(url, 'avatar')).toEqual({ src: url, width: 36, height: 36 });
  });
});
