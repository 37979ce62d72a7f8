import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTexts } from '@pitstop/core/catalogue-io';
import { parseUploadedImageUrl, uploadVariantUrl } from '@pitstop/core/images';
import { users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, signUp } from '../../test/accounts.js';
import { catalogueCsv, csvPartNumber, csvRow, partBody } from '../../test/catalogue.js';
import { importCatalogue } from '../catalogue-io/service.js';
import { isStoredUpload } from './stored-upload.js';
import { assertUploadName, localUploadStore, type UploadStore } from './store.js';

/** What an object-storage store looks like to the app: no folder, bytes by name. */
function memoryUploadStore(): UploadStore & { files: Map<string, { bytes: Buffer; contentType: string }> } {
  const files = new Map<string, { bytes: Buffer; contentType: string }>();
  return {
    files,
    async has(name) {
      assertUploadName(name);
      return files.has(name);
    },
    async put(name, bytes, contentType) {
      assertUploadName(name);
      files.set(name, { bytes: Buffer.from(bytes), contentType });
    },
    async get(name) {
      assertUploadName(name);
      const file = files.get(name);
      return (
        file && { body: Readable.from([file.bytes]), size: file.bytes.length, contentType: file.contentType }
      );
    },
  };
}

function multipart(content: Buffer) {
  const boundary = `----pitstop${randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const name = (url: string) => url.slice('/uploads/'.length);
const neverStored = `/uploads/${'c'.repeat(64)}-640x480.webp`;

describe('another upload store passed to the app', () => {
  let t: TestApp;
  let store: ReturnType<typeof memoryUploadStore>;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let url: string;

  beforeAll(async () => {
    store = memoryUploadStore();
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '1000' }, uploads: store });
    admin = await signUp(t.app);
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c60' } })
      .png()
      .toBuffer();
    const body = multipart(png);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { 'content-type': body.contentType, ...bearer(admin.token) },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    url = res.json().data.url;
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the upload and its copies there, and nothing on disk', async () => {
    const { hash } = parseUploadedImageUrl(url)!;
    expect([...store.files.keys()].sort()).toEqual(
      [name(url), ...[160, 320, 640].map((w) => name(uploadVariantUrl(hash, w)))].sort(),
    );
    expect(store.files.get(name(url))?.contentType).toBe('image/webp');
    const onDisk = await fs.readdir(path.join(t.app.config.dataDir, 'uploads')).catch(() => []);
    expect(onDisk).toEqual([]);
  });

  it('serves it back at its address with its bytes, type and cache header', async () => {
    const { hash } = parseUploadedImageUrl(url)!;
    for (const address of [url, uploadVariantUrl(hash, 320)]) {
      const res = await t.app.inject({ method: 'GET', url: address });
      expect(res.statusCode, address).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.equals(store.files.get(name(address))!.bytes)).toBe(true);
    }
    const meta = await sharp((await t.app.inject({ method: 'GET', url })).rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 600 });
  });

  it.each([
    neverStored,
    `/uploads/${'c'.repeat(64)}-999w.webp`,
    '/uploads/..%2Fdb%2FPG_VERSION',
    '/uploads/x.txt',
  ])('answers 404 problem+json for %s, not cached', async (address) => {
    const res = await t.app.inject({ method: 'GET', url: address });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
  });

  it('accepts a profile with the stored photo and refuses one never uploaded', async () => {
    const me = await signUp(t.app);
    const save = (img: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/userInfo',
        headers: bearer(me.token),
        payload: { email: me.email, name: 'Store Rider', occupation: 'Job Holder', img },
      });
    const refused = await save(neverStored);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'img', message: 'Upload the photo first' }]);
    expect((await save(url)).statusCode).toBe(200);
  });

  it('accepts a part with the stored photo and refuses one never uploaded', async () => {
    const part = (img: string) => partBody({ img });
    const save = (img: string) =>
      t.app.inject({ method: 'POST', url: '/api/parts', headers: bearer(admin.token), payload: part(img) });
    const refused = await save(neverStored);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'img', message: 'Upload the photo first' }]);
    expect((await save(url)).statusCode).toBe(200);
  });

  it('checks catalogue import pictures in the store', async () => {
    const line = (label: string, image: string) =>
      csvRow({
        part_number: csvPartNumber(label),
        image,
        universal: 'true',
        specifications: '',
        fitment: '',
      });
    const text = catalogueCsv([line('OK', url), line('NO', neverStored)]);
    const result = await importCatalogue(t.database.db, Readable.from([text]), { uploads: t.app.uploads });
    expect(result).toMatchObject({ created: 1, failedRows: 1 });
    expect(result.failed).toEqual([{ line: 3, field: 'image', message: importTexts.uploadMissing }]);
  });
});

describe('the local upload store', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-store-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('keeps a file under its name, whole, with no temporary left behind', async () => {
    const store = localUploadStore(path.join(dir, 'uploads'));
    const file = `${'d'.repeat(64)}-2x1.webp`;
    expect(await store.has(file)).toBe(false);
    expect(await store.get(file)).toBeUndefined();
    await store.put(file, Buffer.from('webp bytes'), 'image/webp');
    expect(await store.has(file)).toBe(true);
    expect(await fs.readdir(path.join(dir, 'uploads'))).toEqual([file]);
    const got = await store.get(file);
    expect(got).toMatchObject({ size: 10, contentType: 'image/webp' });
    const chunks: Buffer[] = [];
    for await (const chunk of got!.body as Readable) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('webp bytes');
  });

  it.each(['../escaped.webp', `../${'e'.repeat(64)}.webp`, `sub/${'e'.repeat(64)}.webp`, 'notes.txt', ''])(
    'refuses the name %j',
    async (bad) => {
      const store = localUploadStore(path.join(dir, 'uploads'));
      await expect(store.put(bad, Buffer.from('x'), 'image/webp')).rejects.toThrow(RangeError);
      await expect(store.has(bad)).rejects.toThrow(RangeError);
      await expect(store.get(bad)).rejects.toThrow(RangeError);
      expect(await fs.readdir(dir)).not.toContain('escaped.webp');
    },
  );

  it('never takes a traversal address for a stored upload', async () => {
    const store = localUploadStore(path.join(dir, 'uploads'));
    await fs.writeFile(path.join(dir, `${'f'.repeat(64)}.webp`), 'outside');
    expect(await isStoredUpload(store, `/uploads/../${'f'.repeat(64)}.webp`)).toBe(false);
    expect(await isStoredUpload(store, '/images/parts/brake-pads.svg')).toBe(true);
  });
});
