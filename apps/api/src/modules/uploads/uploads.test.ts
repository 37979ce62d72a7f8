import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_EDGE } from '@pitstop/core/accounts';
import { parseUploadedImageUrl, UPLOAD_VARIANT_WIDTHS, uploadVariantUrl } from '@pitstop/core/images';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, signUp } from '../../test/accounts.js';

function multipart(field: string, filename: string, type: string, content: Buffer) {
  const boundary = `----pitstop${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A real PNG whose header claims 30000 × 30000 pixels: a decompression bomb's calling card. */
async function bombPng(): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  const ihdr = png.indexOf('IHDR');
  png.writeUInt32BE(30_000, ihdr + 4);
  png.writeUInt32BE(30_000, ihdr + 8);
  const crc = zlib.crc32(png.subarray(ihdr, ihdr + 17));
  png.writeUInt32BE(crc >>> 0, ihdr + 17);
  return png;
}

describe('POST /api/uploads', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '1000' } });
    token = (await signUp(t.app)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  async function upload(filename: string, type: string, content: Buffer, auth = true, field = 'image') {
    const body = multipart(field, filename, type, content);
    return t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { 'content-type': body.contentType, ...(auth ? bearer(token) : {}) },
      payload: body.payload,
    });
  }

  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ] as const)('accepts a %s, re-encodes it to WebP without metadata, and serves it', async (format, type) => {
    const base = sharp({
      create: { width: 2400, height: 1200, channels: 3, background: '#c00' },
    }).withMetadata({
      exif: { IFD0: { Artist: 'Secret Person' } },
    });
    const input = await base.toFormat(format).toBuffer();
    const res = await upload(`photo.${format}`, type, input);
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(data.url).toMatch(/^\/uploads\/[a-f0-9]{64}-1600x800\.webp$/);

    const served = await t.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(UPLOAD_MAX_EDGE);
    expect(meta.exif).toBeUndefined();
  });

  it('stores smaller WebP copies beside it, at the widths its address implies, cached for good', async () => {
    const input = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#06c' } })
      .jpeg()
      .toBuffer();
    const { url } = (await upload('bike.jpg', 'image/jpeg', input)).json().data;
    const parsed = parseUploadedImageUrl(url);
    expect(parsed?.size).toEqual({ width: 1200, height: 900 });

    // Only the copies narrower than the picture: 1280 would be an enlargement.
    const expected = [160, 320, 640, 960];
    for (const width of UPLOAD_VARIANT_WIDTHS) {
      const served = await t.app.inject({ method: 'GET', url: uploadVariantUrl(parsed!.hash, width) });
      if (!expected.includes(width)) {
        expect(served.statusCode, `no ${width}w copy`).toBe(404);
        continue;
      }
      expect(served.statusCode, `${width}w copy`).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(Math.round((width * 900) / 1200));
    }
  });

  it('keeps a small picture as it is, with no copies', async () => {
    const input = await sharp({ create: { width: 150, height: 100, channels: 4, background: '#0a0a' } })
      .png()
      .toBuffer();
    const { url } = (await upload('tiny.png', 'image/png', input)).json().data;
    const parsed = parseUploadedImageUrl(url);
    expect(parsed?.size).toEqual({ width: 150, height: 100 });
    const files = await fs.readdir(path.join(t.app.config.dataDir, 'uploads'));
    expect(files.filter((name) => name.startsWith(parsed!.hash))).toEqual([path.basename(url)]);
    const meta = await sharp((await t.app.inject({ method: 'GET', url })).rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 150, height: 100, hasAlpha: true });
  });

  it('stores the same picture once, under its content hash', async () => {
    const input = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const a = (await upload('a.png', 'image/png', input)).json().data.url;
    const b = (await upload('b.png', 'image/png', input)).json().data.url;
    expect(a).toBe(b);
    await expect(fs.access(path.join(t.app.config.dataDir, a))).resolves.toBeUndefined();
  });

  it.each([
    ['a text file named .png', 'notes.png', 'image/png', Buffer.from('just some text, not a picture')],
    [
      'an SVG',
      'logo.svg',
      'image/svg+xml',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
    ],
    ['a truncated PNG', 'broken.png', 'image/png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
  ])('refuses %s with a 4xx problem', async (_label, filename, type, content) => {
    const res = await upload(filename, type, content);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    expect(res.json().detail).toMatch(/PNG, JPEG or WebP/);
  });

  it('refuses a file over 5 MB', async () => {
    const res = await upload('huge.png', 'image/png', randomBytes(5 * 1024 * 1024 + 10));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/5 MB/);
  });

  it('refuses a decompression bomb without decoding it', async () => {
    const res = await upload('bomb.png', 'image/png', await bombPng());
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/too large/);
  });

  it('refuses anonymous uploads and a wrong field name', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload('a.png', 'image/png', png, false)).statusCode).toBe(401);
    expect((await upload('a.png', 'image/png', png, true, 'photo')).statusCode).toBe(400);
  });

  it('lets the profile use an uploaded photo', async () => {
    const me = await signUp(t.app);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const body = multipart('image', 'me.png', 'image/png', png);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { 'content-type': body.contentType, ...bearer(me.token) },
      payload: body.payload,
    });
    const img = up.json().data.url;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/userInfo',
      headers: bearer(me.token),
      payload: { email: me.email, name: 'Photo Rider', occupation: 'Job Holder', img },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ insertedId: me.userId });
    const profile = (await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(me.token) })).json();
    expect(profile).toMatchObject({ name: 'Photo Rider', occupation: 'Job Holder', image: img });
  });
});
