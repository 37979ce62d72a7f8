import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  FAVICON_PNGS,
  ILLUSTRATION_SIZES,
  illustrationRenditions,
  type IllustrationFolder,
} from '@pitstop/core/images';
import { repoRoot } from './build.ts';

const imagesDir = path.join(repoRoot, 'apps/web/public/images');

describe('the illustrations’ WebP renditions', () => {
  it('exist for every drawing the shop ships, each a WebP of the size its srcset claims', async () => {
    for (const folder of Object.keys(ILLUSTRATION_SIZES) as IllustrationFolder[]) {
      const { width, height } = ILLUSTRATION_SIZES[folder];
      const drawings = fs.readdirSync(path.join(imagesDir, folder)).filter((f) => f.endsWith('.svg'));
      expect(drawings.length).toBeGreaterThan(0);
      for (const drawing of drawings) {
        const renditions = illustrationRenditions(`/images/${folder}/${drawing}`);
        expect(renditions, drawing).not.toBeNull();
        for (const { url, width: w } of [{ url: renditions!.src, width }, ...renditions!.copies]) {
          const meta = await sharp(path.join(path.dirname(imagesDir), url)).metadata();
          expect({ url, format: meta.format, width: meta.width, height: meta.height }).toEqual({
            url,
            format: 'webp',
            width: w,
            height: Math.round((w * height) / width),
          });
        }
      }
    }
  });

  it('include the icon as the PNGs index.html links, at their sizes', async () => {
    const publicDir = path.dirname(imagesDir);
    const index = fs.readFileSync(path.join(repoRoot, 'apps/web/index.html'), 'utf8');
    for (const { file, size } of FAVICON_PNGS) {
      const meta = await sharp(path.join(publicDir, file)).metadata();
      expect({ file, format: meta.format, width: meta.width, height: meta.height }).toEqual({
        file,
        format: 'png',
        width: size,
        height: size,
      });
      expect(index).toContain(`href="/${file}"`);
    }
    // No SVG icon: the page would draw it on its main thread while it loads.
    expect(index).not.toContain('favicon.svg');
  });
});
