import fs from 'node:fs';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { UPLOAD_MAX_BYTES, UploadResultSchema } from '@pitstop/core/accounts';
import { ProblemSchema } from '@pitstop/core/problem';
import { requireUser } from '../../auth/plugin.js';
import { AppError } from '../../lib/errors.js';
import { storeImage } from './service.js';
import { isUploadName } from './store.js';

const tooLarge = () =>
  new AppError('invalid', 'The picture is larger than 5 MB. Please choose a smaller one.', [
    { field: 'image', message: 'The picture is larger than 5 MB. Please choose a smaller one.' },
  ]);

// Names are content hashes (the copies' too, by way of the original's): a name always means the
// same bytes.
const CACHE_FOR_GOOD = 'public, max-age=31536000, immutable';

/**
 * POST /api/uploads and the files it stores in `app.uploads`, served at
 * /uploads/<hash>-<w>x<h>.webp with their smaller copies /uploads/<hash>-<w>w.webp (see
 * @pitstop/core/images).
 */
export const uploadsRoutes: FastifyPluginAsync = async (app) => {
  const store = app.uploads;

  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });

  app.post(
    '/api/uploads',
    {
      preValidation: requireUser(app),
      schema: {
        tags: ['uploads'],
        summary: 'Upload a picture (multipart field "image": PNG, JPEG or WebP, at most 5 MB)',
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
        response: { 200: UploadResultSchema, 400: ProblemSchema, 401: ProblemSchema, 413: ProblemSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new AppError('invalid', 'Send the picture as multipart/form-data in the field "image".', [
          { field: 'image', message: 'Choose a picture to upload.' },
        ]);
      }
      let file;
      try {
        file = await request.file();
      } catch {
        throw tooLarge();
      }
      if (!file || file.fieldname !== 'image') {
        throw new AppError('invalid', 'Choose a picture to upload.', [
          { field: 'image', message: 'Choose a picture to upload.' },
        ]);
      }
      let buffer: Buffer;
      try {
        buffer = await file.toBuffer();
      } catch {
        throw tooLarge();
      }
      if (file.file.truncated) throw tooLarge();
      const url = await storeImage(buffer, store);
      return { success: true as const, data: { url } };
    },
  );

  if (store.directory !== undefined) {
    fs.mkdirSync(store.directory, { recursive: true });
    await app.register(fastifyStatic, {
      root: store.directory,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      wildcard: true,
      setHeaders: (res) => {
        res.header('cache-control', CACHE_FOR_GOOD);
      },
    });
    return;
  }

  // Any other store is read through and streamed; a CDN in front caches it for good.
  app.get<{ Params: { name: string } }>(
    '/uploads/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const { name } = request.params;
      const file = isUploadName(name) ? await store.get(name) : undefined;
      if (!file) throw new AppError('not_found', `No upload at /uploads/${name}`);
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('cache-control', CACHE_FOR_GOOD)
        .send(file.body);
    },
  );
};
