import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Registry } from 'prom-client';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { backupRuns, jobs } from '../db/schema.js';
import { AppError } from '../lib/errors.js';
import { collectProcessMetrics, processRegistry, requestDurations } from '../lib/metrics.js';
import type { ResponseCache } from '../lib/response-cache.js';

/** A scrape never waits longer than this on the database: the tables' gauges keep their last values. */
const SCRAPE_QUERY_TIMEOUT_MS = 2_000;

export interface MetricsOptions {
  settings: Config['metrics'];
  database: Database;
  catalogueCache: ResponseCache;
}

/**
 * GET /metrics in Prometheus text (docs/decisions/027, "Metrics and readiness"). Not public:
 * with METRICS_TOKEN it answers on the shop's port to `Authorization: Bearer <token>` only (401
 * otherwise); with METRICS_PORT it also answers on 127.0.0.1:<port>, which only this machine
 * reaches. With neither, nothing is measured and /metrics is 404. Each process answers for itself:
 * behind a load balancer, Prometheus scrapes every process, not the balancer.
 */
export async function registerMetrics(app: FastifyInstance, opts: MetricsOptions): Promise<void> {
  const { settings } = opts;
  if (!settings) {
    // A route of its own, so the web app's page fallback does not answer it with 200.
    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async () => {
      throw new AppError('not_found', 'Metrics are off: set METRICS_TOKEN or METRICS_PORT.');
    });
    return;
  }
  collectProcessMetrics();
  measureRequests(app);
  const registry = new Registry();
  const refreshTables = tableGauges(registry, opts.database);
  poolGauges(registry, opts.database);
  cacheCounters(registry, opts.catalogueCache);

  const exposition = async (): Promise<string> => {
    await refreshTables(app);
    return (await processRegistry.metrics()) + (await registry.metrics());
  };

  const expected = settings.token === undefined ? undefined : digest(settings.token);
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    if (!expected) throw new AppError('not_found', 'Metrics are served on METRICS_PORT only.');
    if (!bearerMatches(request, expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('unauthorized', 'Metrics need the METRICS_TOKEN bearer token.');
    }
    return sendExposition(reply, await exposition());
  });

  if (settings.port !== undefined) await listenLocally(app, settings.port, exposition);
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** Compares digests, so neither the token's length nor its characters leak through timing. */
function bearerMatches(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !/^bearer /i.test(header)) return false;
  return timingSafeEqual(digest(header.slice(7).trim()), expected);
}

function sendExposition(reply: FastifyReply, text: string): FastifyReply {
  return reply.type(processRegistry.contentType).header('cache-control', 'no-store').send(text);
}

/** One observation per answer, labelled with the route's pattern (see RequestDurations). */
function measureRequests(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    requestDurations.observe(
      request.routeOptions.url ?? 'unmatched',
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/**
 * What the jobs and backup_runs tables say, read once per scrape: every process reads the same
 * rows, so a dashboard takes the max over processes, not the sum.
 */
function tableGauges(registry: Registry, database: Database): (app: FastifyInstance) => Promise<void> {
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers: [registry] });
  const queued = gauge('pitstop_jobs_queued', 'Jobs waiting to run, due or later, by kind', ['kind']);
  const dueAge = gauge(
    'pitstop_jobs_oldest_due_age_seconds',
    'How long the oldest due job has waited past its run time, by kind (0: none due)',
    ['kind'],
  );
  const retrying = gauge('pitstop_jobs_retrying', 'Queued jobs that have failed at least once, by kind', [
    'kind',
  ]);
  const failed = gauge(
    'pitstop_jobs_failed',
    'Jobs given up after their last attempt, by kind (they stay in the jobs table)',
    ['kind'],
  );
  const lastBackup = gauge(
    'pitstop_backup_last_success_timestamp_seconds',
    'When the last successful backup finished (Unix time; 0: none yet)',
  );
  const lastFailedBackup = gauge(
    'pitstop_backup_last_failure_timestamp_seconds',
    'When the last failed backup finished (Unix time; 0: none)',
  );
  const backupCount = gauge('pitstop_backup_runs', 'Backup runs recorded, by status', ['status']);
  const up = gauge(
    'pitstop_metrics_database_up',
    '1 when this scrape read the jobs and backup tables; 0 when the database did not answer in time',
  );

  const read = async () => {
    const db = database.db;
    const [jobRows, [backups]] = await Promise.all([
      db
        .select({
          kind: jobs.kind,
          queued: sql<number>`count(*) filter (where ${jobs.status} = 'queued')`.mapWith(Number),
          retrying:
            sql<number>`count(*) filter (where ${jobs.status} = 'queued' and ${jobs.lastError} is not null)`.mapWith(
              Number,
            ),
          failed: sql<number>`count(*) filter (where ${jobs.status} = 'failed')`.mapWith(Number),
          dueAge:
            sql<number>`coalesce(extract(epoch from now() - min(${jobs.runAt}) filter (where ${jobs.status} = 'queued' and ${jobs.runAt} <= now())), 0)`.mapWith(
              Number,
            ),
        })
        .from(jobs)
        .where(inArray(jobs.status, ['queued', 'failed']))
        .groupBy(jobs.kind),
      db
        .select({
          lastOk:
            sql<number>`coalesce(extract(epoch from max(${backupRuns.finishedAt}) filter (where ${backupRuns.status} = 'ok')), 0)`.mapWith(
              Number,
            ),
          lastFailed:
            sql<number>`coalesce(extract(epoch from max(${backupRuns.finishedAt}) filter (where ${backupRuns.status} = 'failed')), 0)`.mapWith(
              Number,
            ),
          ok: sql<number>`count(*) filter (where ${backupRuns.status} = 'ok')`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${backupRuns.status} = 'failed')`.mapWith(Number),
          running: sql<number>`count(*) filter (where ${backupRuns.status} = 'running')`.mapWith(Number),
        })
        .from(backupRuns),
    ]);
    // Kinds with nothing queued or failed read 0, not their last value.
    for (const g of [queued, dueAge, retrying, failed]) g.reset();
    for (const kind of jobs.kind.enumValues) {
      const row = jobRows.find((r) => r.kind === kind);
      queued.set({ kind }, row?.queued ?? 0);
      dueAge.set({ kind }, row?.dueAge ?? 0);
      retrying.set({ kind }, row?.retrying ?? 0);
      failed.set({ kind }, row?.failed ?? 0);
    }
    lastBackup.set(backups?.lastOk ?? 0);
    lastFailedBackup.set(backups?.lastFailed ?? 0);
    for (const status of ['ok', 'failed', 'running'] as const)
      backupCount.set({ status }, backups?.[status] ?? 0);
  };

  return async (app) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        read(),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('the database did not answer in time')),
            SCRAPE_QUERY_TIMEOUT_MS,
          );
        }),
      ]);
      up.set(1);
    } catch (err) {
      app.log.warn({ err }, 'metrics could not read the jobs and backup tables');
      up.set(0);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The database pool now; PGlite's one connection counts as in use while a statement runs. */
function poolGauges(registry: Registry, database: Database): void {
  const stats = () => database.pool?.();
  new Gauge({
    name: 'pitstop_db_pool_connections',
    help: 'Database connections in use and idle (PGlite: its one connection)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const now = stats();
      if (!now) return;
      this.set({ state: 'in_use' }, now.inUse);
      this.set({ state: 'idle' }, now.idle);
    },
  });
  new Gauge({
    name: 'pitstop_db_pool_waiting',
    help: 'Queries waiting for a database connection (PGlite: for its one connection)',
    registers: [registry],
    collect() {
      this.set(stats()?.waiting ?? 0);
    },
  });
  new Gauge({
    name: 'pitstop_db_pool_max',
    help: 'Most database connections the pool opens (DATABASE_POOL_MAX; PGlite: 1)',
    registers: [registry],
    collect() {
      this.set(stats()?.max ?? 0);
    },
  });
}

/** The catalogue cache counts plain integers on its hot path; they are turned into counters here. */
function cacheCounters(registry: Registry, cache: ResponseCache): void {
  let seen = { hits: 0, misses: 0 };
  new Counter({
    name: 'pitstop_catalogue_cache_requests_total',
    help: 'Catalogue answers taken from the cache (hit) or computed (miss)',
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      const now = cache.stats;
      this.inc({ result: 'hit' }, now.hits - seen.hits);
      this.inc({ result: 'miss' }, now.misses - seen.misses);
      seen = now;
    },
  });
  new Gauge({
    name: 'pitstop_catalogue_cache_entries',
    help: 'Answers the catalogue cache keeps now',
    registers: [registry],
    collect() {
      this.set(cache.size);
    },
  });
}

/** /metrics on 127.0.0.1 only, without a token: opened when the app is ready, closed with it. */
async function listenLocally(
  app: FastifyInstance,
  port: number,
  exposition: () => Promise<string>,
): Promise<void> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    exposition().then(
      (text) =>
        res
          .writeHead(200, { 'content-type': processRegistry.contentType, 'cache-control': 'no-store' })
          .end(text),
      (err: unknown) => {
        app.log.error({ err }, 'metrics exposition failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics failed\n');
      },
    );
  });
  app.decorate('metricsAddress', () => {
    const address = server.address();
    return typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : undefined;
  });
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  });
  app.addHook('onClose', async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // A scraper keeps its connection open between scrapes.
    server.closeAllConnections();
    await closed;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the local metrics port listens (METRICS_PORT; tests use 0), once the app is ready. */
    metricsAddress?: () => string | undefined;
  }
}
