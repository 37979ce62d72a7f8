import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { backupRuns, jobs, users } from '../db/schema.js';
import { bearer, signUp } from '../test/accounts.js';
import { captureMailer, createTestDatabase, testConfig } from '../test/app.js';
import { partBody } from '../test/catalogue.js';
import { placePaidOrder } from '../test/orders.js';

const TOKEN = 'metrics-test-token-0123456789';

/** The value of one series in Prometheus text (labels as written, in their order), 0 when absent. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics', () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp(testConfig({ METRICS_TOKEN: TOKEN, METRICS_PORT: '0' }), {
      database,
      logger: false,
      mailer: captureMailer(),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const scrape = async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('refuses a scrape without the token, or with another', async () => {
    const none = await app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(none.body).not.toContain('pitstop_');
    const wrong = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(`${TOKEN}x`) });
    expect(wrong.statusCode).toBe(401);
  });

  it('answers Prometheus text with every family the shop keeps', async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const [family, type] of [
      ['pitstop_http_request_duration_seconds', 'histogram'],
      ['nodejs_eventloop_lag_seconds', 'gauge'],
      ['nodejs_heap_size_used_bytes', 'gauge'],
      ['pitstop_db_pool_connections', 'gauge'],
      ['pitstop_db_pool_waiting', 'gauge'],
      ['pitstop_jobs_queued', 'gauge'],
      ['pitstop_jobs_oldest_due_age_seconds', 'gauge'],
      ['pitstop_jobs_failed', 'gauge'],
      ['pitstop_mails_sent_total', 'counter'],
      ['pitstop_mails_failed_total', 'counter'],
      ['pitstop_orders_placed_total', 'counter'],
      ['pitstop_payments_succeeded_total', 'counter'],
      ['pitstop_payments_refunded_total', 'counter'],
      ['pitstop_catalogue_cache_requests_total', 'counter'],
      ['pitstop_catalogue_index_rebuilds_total', 'counter'],
      ['pitstop_backup_last_success_timestamp_seconds', 'gauge'],
      ['pitstop_backup_runs', 'gauge'],
    ]) {
      expect(res.body, family).toContain(`# TYPE ${family} ${type}\n`);
    }
    expect(valueOf(res.body, 'pitstop_metrics_database_up')).toBe(1);
    expect(valueOf(res.body, 'pitstop_db_pool_max')).toBeGreaterThanOrEqual(1);
  });

  it('labels request durations with the route pattern, never the URL', async () => {
    const id = randomUUID();
    const res = await app.inject({ method: 'GET', url: `/api/parts/${id}` });
    const text = await scrape();
    const series = `pitstop_http_request_duration_seconds_count{route="/api/parts/:id",method="GET",status="${res.statusCode}"}`;
    const count = valueOf(text, series);
    expect(count).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    // Cumulative buckets, the last one holding every observation.
    const labels = `route="/api/parts/:id",method="GET",status="${res.statusCode}"`;
    const buckets = ['0.005', '0.05', '1', '10', '+Inf'].map((le) =>
      valueOf(text, `pitstop_http_request_duration_seconds_bucket{le="${le}",${labels}}`),
    );
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
    expect(buckets.at(-1)).toBe(count);
    expect(valueOf(text, `pitstop_http_request_duration_seconds_sum{${labels}}`)).toBeGreaterThan(0);
  });

  it('counts a placed and paid order, its mails and the catalogue cache', async () => {
    const admin = await signUp(app);
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
    const created = await app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: bearer(admin.token),
      payload: partBody(),
    });
    expect(created.statusCode).toBe(200);
    const partId = (created.json() as { insertedId: string }).insertedId;
    const before = await scrape();

    // The same page twice: computed once, then answered from memory.
    const page = `/api/parts?limit=3&q=${randomUUID().slice(0, 6)}`;
    await app.inject({ method: 'GET', url: page });
    await app.inject({ method: 'GET', url: page });
    const customer = await signUp(app);
    await placePaidOrder(app, customer, [{ partId, quantity: 2 }]);
    await app.jobs.runDue();
    const after = await scrape();

    const delta = (series: string) => valueOf(after, series) - valueOf(before, series);
    expect(delta('pitstop_orders_placed_total')).toBe(1);
    expect(delta('pitstop_payments_succeeded_total')).toBe(1);
    // The receipt and the shop's new-order notice at least.
    expect(delta('pitstop_mails_sent_total')).toBeGreaterThanOrEqual(2);
    expect(delta('pitstop_mails_failed_total')).toBe(0);
    expect(delta('pitstop_catalogue_cache_requests_total{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(delta('pitstop_catalogue_cache_requests_total{result="miss"}')).toBeGreaterThanOrEqual(1);
  });

  it('reads the job queue and the backups from their tables at scrape time', async () => {
    const finished = new Date(Date.now() - 3_600_000);
    finished.setMilliseconds(0);
    await database.db.insert(jobs).values([
      // Due a minute ago, held by another process's lease: queued and waiting.
      {
        kind: 'refund',
        payload: {},
        runAt: sql`now() - interval '60 seconds'`,
        lockedUntil: sql`now() + interval '1 hour'`,
      },
      { kind: 'refund', payload: {}, status: 'failed', attempts: 10, lastError: 'refused' },
    ]);
    await database.db.insert(backupRuns).values([
      { status: 'ok', startedAt: new Date(finished.getTime() - 30_000), finishedAt: finished },
      { status: 'failed', finishedAt: new Date(), error: 'disk full' },
    ]);
    const text = await scrape();
    expect(valueOf(text, 'pitstop_jobs_queued{kind="refund"}')).toBe(1);
    expect(valueOf(text, 'pitstop_jobs_failed{kind="refund"}')).toBe(1);
    const age = valueOf(text, 'pitstop_jobs_oldest_due_age_seconds{kind="refund"}');
    expect(age).toBeGreaterThanOrEqual(59);
    expect(age).toBeLessThan(600);
    expect(valueOf(text, 'pitstop_backup_last_success_timestamp_seconds')).toBe(finished.getTime() / 1000);
    expect(valueOf(text, 'pitstop_backup_runs{status="failed"}')).toBe(1);
    expect(valueOf(text, 'pitstop_backup_last_failure_timestamp_seconds')).toBeGreaterThan(
      finished.getTime() / 1000,
    );
  });

  it('serves the same text on the local port, without a token', async () => {
    const address = app.metricsAddress?.();
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${address}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE pitstop_orders_placed_total counter');
    expect((await fetch(`${address}/other`)).status).toBe(404);
  });

  it('refuses a token too short to be a secret', () => {
    expect(() => testConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN .*16 characters/);
  });

  it('is 404 when neither a token nor a port is set', async () => {
    const off = await buildApp(testConfig(), { database, logger: false });
    const res = await off.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('pitstop_');
    await off.close();
  });
});
