import { UPLOAD_MAX_EDGE } from '@pitstop/core/accounts';
import { diagramTexts } from '@pitstop/core/diagram-texts';
import { parseUploadedImageUrl } from '@pitstop/core/images';
import type { DiagramPictureUpload } from '@pitstop/core/diagrams';
import { AppError } from '../../lib/errors.js';
import { MAX_INPUT_PIXELS, storeImage } from '../uploads/service.js';
import type { UploadStore } from '../uploads/store.js';
import { looksLikeSvg, sanitiseSvg } from './svg.js';

const notAPicture = () =>
  new AppError('invalid', diagramTexts.imageTypes, [{ field: 'image', message: diagramTexts.imageTypes }]);

/**
 * A diagram's picture into the upload pipeline: PNG and WebP (and JPEG) as every upload is, an
 * SVG cleaned first (svg.ts) and drawn into pixels, the long side at the pipeline's largest edge,
 * on white (a transparent line drawing would vanish on a dark page). Either way what is stored is
 * the pipeline's WebP with its copies, under its content hash.
 */
export async function storeDiagramPicture(bytes: Buffer, store: UploadStore): Promise<DiagramPictureUpload> {
  let removed: string[] = [];
  let picture = bytes;
  if (looksLikeSvg(bytes)) {
    const cleaned = sanitiseSvg(bytes.toString('utf8'));
    removed = cleaned.removed;
    picture = await rasterise(Buffer.from(cleaned.svg, 'utf8'));
  }
  let url: string;
  try {
    url = await storeImage(picture, store);
  } catch (err) {
    // The pipeline names PNG, JPEG and WebP; the diagrams' form offers PNG, WebP and SVG.
    if (
      err instanceof AppError &&
      err.errors?.[0]?.field === 'image' &&
      /PNG, JPEG or WebP/.test(err.message)
    ) {
      throw notAPicture();
    }
    throw err;
  }
  const size = parseUploadedImageUrl(url)?.size;
  if (!size) throw new Error(`the upload pipeline answered an unsized address: ${url}`);
  return { url, width: size.width, height: size.height, removed };
}

async function rasterise(svg: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  try {
    const meta = await sharp(svg, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (meta.format !== 'svg' || !meta.width || !meta.height) throw notSvg();
    // Drawn at the size it is stored at, not scaled up from the SVG's own pixels.
    const density = Math.min(2400, Math.max(1, (72 * UPLOAD_MAX_EDGE) / Math.max(meta.width, meta.height)));
    return await sharp(svg, { density, limitInputPixels: MAX_INPUT_PIXELS })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw notSvg();
  }
}

const notSvg = () =>
  new AppError('invalid', diagramTexts.svgInvalid, [{ field: 'image', message: diagramTexts.svgInvalid }]);
