/*
 * A catalogue import on PostgreSQL, in a worker thread with its own small heap: reading,
 * checking and writing 100,000 rows allocates a few gigabytes of short-lived objects, and the
 * main thread's heap (sized for the whole shop) would let them pile up to several times its
 * live size before collecting. Here the heap is capped (see resourceLimits in service.ts), so it
 * is collected early and the server's memory stays flat. The worker has its own connections.
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../db/client.js';
import * as schema from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { localUploadStore } from '../uploads/store.js';
import { importCatalogue, type WorkerReply, type WorkerTask } from './service.js';

const task = workerData as WorkerTask;
const pool = new pg.Pool({
  connectionString: task.databaseUrl,
  max: task.concurrency,
  connectionTimeoutMillis: 5_000,
  statement_timeout: 15_000,
  query_timeout: 20_000,
  // As the shop's own connections (db/client.ts): no JIT for the import's small index reads.
  options: '-c jit=off',
});
pool.on('error', () => {
  // A dropped idle connection: the next query reports it.
});
const db = drizzle(pool, { schema }) as unknown as Db;

let reply: WorkerReply;
try {
  const result = await importCatalogue(db, fs.createReadStream(task.file), {
    uploads: localUploadStore(task.uploadsDir),
    batchSize: task.batchSize,
    concurrency: task.concurrency,
    createMissingBrands: task.createMissingBrands,
  });
  reply = { ok: true, result };
} catch (err) {
  reply =
    err instanceof AppError
      ? { ok: false, kind: err.kind, message: err.message, errors: err.errors }
      : {
          ok: false,
          kind: null,
          message: err instanceof Error ? err.message : String(err),
          code: codeOf(err),
        };
} finally {
  await pool.end();
}
parentPort?.postMessage(reply);

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}
