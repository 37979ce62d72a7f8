import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { bearer } from './accounts.js';

/**
 * A real picture through POST /api/uploads, as a signed-in customer sends one (a profile photo,
 * a return's photo): a small PNG of a random colour, so two uploads are two stored files.
 * Answers the stored picture's address; fails the test on any other answer than 200.
 */
export async function uploadPicture(
  app: FastifyInstance,
  token: string,
  filename = 'photo.png',
): Promise<string> {
  const png = await sharp({
    create: { width: 8, height: 8, channels: 3, background: `#${randomBytes(3).toString('hex')}` },
  })
    .png()
    .toBuffer();
  const boundary = `----pitstop${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { url: string } }).data.url;
}
