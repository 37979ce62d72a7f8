// Renders the shop's SVG illustrations (apps/web/public/images/{parts,hero,brands,diagrams}) into the WebP
// renditions the pages show (ILLUSTRATION_SIZES in packages/core/src/images.ts). Run after
// changing or adding a drawing, and commit what it writes:
//   npm run render:illustrations
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  FAVICON_PNGS,
  ILLUSTRATION_SIZES,
  illustrationRenditions,
  type IllustrationFolder,
} from '@pitstop/core/images';
import { repoRoot } from './server-process.ts';

const imagesDir = path.join(repoRoot, 'apps/web/public/images');

for (const folder of Object.keys(ILLUSTRATION_SIZES) as IllustrationFolder[]) {
  const { width, height } = ILLUSTRATION_SIZES[folder];
  const files = (await fs.readdir(path.join(imagesDir, folder))).filter((f) => f.endsWith('.svg'));
  for (const file of files) {
    const svg = await fs.readFile(path.join(imagesDir, folder, file));
    const renditions = illustrationRenditions(`/images/${folder}/${file}`);
    if (!renditions) throw new Error(`${folder}/${file}: not an illustration name (a-z, 0-9, -)`);
    // Drawn at the rendition's size (not scaled up from the SVG's own pixels), then made smaller.
    const { width: drawnWidth = width } = await sharp(svg).metadata();
    const density = Math.ceil((72 * width) / drawnWidth);
    const full = await sharp(svg, { density }).resize(width, height, { fit: 'fill' }).png().toBuffer();
    const outputs = [{ url: renditions.src, width }, ...renditions.copies];
    for (const output of outputs) {
      const target = path.join(path.dirname(imagesDir), output.url);
      await sharp(full)
        .resize(output.width, Math.round((output.width * height) / width))
        .webp({ quality: 82, effort: 6 })
        .toFile(target);
    }
    console.log(`${folder}/${file}: ${outputs.map((o) => `${o.width}w`).join(', ')}`);
  }
}

// The shop's icon as PNGs: an SVG icon is drawn by a document of its own on the page's main
// thread as the page loads (15–35 ms on a phone, in the middle of the page coming alive).
const publicDir = path.dirname(imagesDir);
const icon = await fs.readFile(path.join(publicDir, 'favicon.svg'));
for (const { file, size } of FAVICON_PNGS) {
  await sharp(icon, { density: Math.ceil((72 * size) / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, file));
  console.log(`${file}: ${size}×${size}`);
}
