import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_CSV_FIELD,
  CATALOGUE_CSV_MAX_BYTES,
  CatalogueImportResultSchema,
  ImportQuerySchema,
  importTexts,
} from '@pitstop/core/catalogue-io';
import { ProblemSchema } from '@pitstop/core/problem';
import { refreshSearchIndexes } from '../parts/service.js';
import { requireAdmin } from '../../auth/plugin.js';
import { auditContextOf, recordAudit } from '../audit/service.js';
import { AppError } from '../../lib/errors.js';
import {
  exportCatalogue,
  importCatalogue,
  importCatalogueInWorker,
  importWorkerAvailable,
  IMPORT_BATCH_SIZE,
} from './service.js';

const noFile = () =>
  new AppError('invalid', importTexts.noFile, [{ field: CATALOGUE_CSV_FIELD, message: importTexts.noFile }]);
const tooLarge = () =>
  new AppError('invalid', importTexts.tooLarge, [
    { field: CATALOGUE_CSV_FIELD, message: importTexts.tooLarge },
  ]);

/**
 * Catalogue CSV in and out for admins: POST /api/parts/import and GET /api/parts/export.csv.
 * Columns and cell formats are documented in ./csv.ts and packages/core/src/catalogue-io.ts.
 */
export const catalogueIoRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered in this plugin's own scope: the 200 MB limit applies to this route only.
  await app.register(multipart, {
    limits: { fileSize: CATALOGUE_CSV_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  const admin = requireAdmin(app);
  const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };

  app.post(
    '/parts/import',
    {
      preValidation: admin,
      schema: {
        tags: ['parts'],
        summary: 'Import parts from CSV (admins)',
        description:
          `Multipart field "file": a CSV with the columns ${CATALOGUE_CSV_COLUMNS.join(', ')} ` +
          '(at most 200 MB). Rows are upserted by part number; bad rows are listed with their line, ' +
          'column and message while the good ones land. A brand the shop does not know refuses its ' +
          'row, unless createMissingBrands=true: then it is added as an aftermarket brand ' +
          '(brandsCreated names them).',
        consumes: ['multipart/form-data'],
        querystring: ImportQuerySchema,
        security: [{ bearer: [] }],
        response: { 200: CatalogueImportResultSchema, ...problems },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw noFile();
      const file = await request.file().catch(() => undefined);
      if (!file || file.fieldname !== CATALOGUE_CSV_FIELD) {
        file?.file.resume();
        throw noFile();
      }
      // The upload is spooled to disk first, then read back as a stream: the request is done
      // as fast as the network allows (its 30 s limit never covers the database work) and
      // memory holds a few batches of rows, never the file.
      const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'pitstop-import-'));
      try {
        const spooled = path.join(dir, 'catalogue.csv');
        try {
          await pipeline(file.file, fs.createWriteStream(spooled));
        } catch (err) {
          if ((err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          throw err;
        }
        if (file.file.truncated) throw tooLarge();
        // The database work can outlast the server's 30 s idle-socket limit, during which
        // nothing travels on this connection; the answer comes at the end.
        // (Injected test requests have a mock socket without timers.)
        (request.raw.socket as Partial<Socket> | undefined)?.setTimeout?.(0);
        const settings = {
          batchSize: IMPORT_BATCH_SIZE,
          createMissingBrands: request.query.createMissingBrands,
          // PostgreSQL writes two batches at once on two connections; PGlite has one.
          concurrency: app.database.kind === 'postgres' ? 2 : 1,
        };
        // On PostgreSQL the built server imports in a worker thread with a small heap of its
        // own (see import-worker.ts); PGlite lives in this thread, so its imports do too. The
        // worker checks /uploads/ pictures in the upload folder; with any other upload store
        // (which cannot cross to the thread) the import runs here (decision 018).
        const databaseUrl = app.database.kind === 'postgres' ? app.config.databaseUrl : undefined;
        const uploadsDir = app.uploads.directory;
        const audit = auditContextOf(request);
        // Batches commit one by one (a failure keeps the ones that landed), so no one
        // transaction holds the whole import: its audit row follows it with the counts, or
        // with the failure that stopped it.
        const recordImport = (after: Record<string, unknown>) =>
          recordAudit(app.db, audit, {
            action: 'part.import',
            recordType: 'catalogue',
            recordId: null,
            after,
          });
        try {
          const result =
            databaseUrl && uploadsDir !== undefined && importWorkerAvailable
              ? await importCatalogueInWorker({ ...settings, file: spooled, databaseUrl, uploadsDir })
              : await importCatalogue(app.db, fs.createReadStream(spooled), {
                  ...settings,
                  uploads: app.uploads,
                });
          await recordImport({
            created: result.created,
            updated: result.updated,
            unchanged: result.unchanged,
            failed: result.failedRows,
            // Only when it did: brands created by an import are counted with its rows.
            ...(result.brandsCreated.length ? { brandsCreated: result.brandsCreated.length } : {}),
          });
          if (result.created + result.updated > 0) {
            await refreshSearchIndexes(app.db);
          }
          return result;
        } catch (err) {
          await recordImport({ stopped: err instanceof Error ? err.message : String(err) }).catch(
            (auditErr: unknown) => request.log.error({ err: auditErr }, 'import audit row not written'),
          );
          throw err;
        } finally {
          // Batches that landed before a failure are in the catalogue too.
          app.catalogueCache.invalidate();
        }
      } finally {
        await fsp.rm(dir, { recursive: true, force: true });
      }
    },
  );

  app.get(
    '/parts/export.csv',
    {
      preValidation: admin,
      schema: {
        tags: ['parts'],
        summary: 'Download the catalogue as CSV (admins)',
        description:
          'The import columns, one row per part. Cells that begin with =, +, -, @, tab or carriage ' +
          'return carry a leading apostrophe (spreadsheet formula injection); the import removes it.',
        produces: ['text/csv'],
        security: [{ bearer: [] }],
        response: problems,
      },
    },
    async (_request, reply) => {
      // A stream goes out as it is; the response schemas describe only the problems.
      return (reply as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="pitstop-catalogue.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(exportCatalogue(app.db)));
    },
  );
};
