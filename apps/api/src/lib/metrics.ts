/**
 * The shop's Prometheus metrics that modules count into (docs/decisions/027, "Metrics and
 * readiness"). Counters live in this process-wide registry: modules import them and call `inc()`
 * at the moment something happened, whether or not metrics are served (an increment costs a few
 * nanoseconds). What is read at scrape time (the jobs table, backup runs, the database pool, the
 * catalogue cache) and the request histogram are set up by plugins/metrics.ts.
 *
 * Names: `pitstop_…` for the shop's own, prom-client's defaults (`process_…`, `nodejs_…`) as
 * every Node dashboard expects them.
 */
import { collectDefaultMetrics, Counter, Registry, type Metric } from 'prom-client';
import type { PaymentProviderClient } from './payments/provider.js';

/** Everything this process counts, whichever app instance (tests build several) counted it. */
export const processRegistry = new Registry();

export const ordersPlaced = new Counter({
  name: 'pitstop_orders_placed_total',
  help: 'Orders placed (checkout and the part page), counted once each after their commit',
  registers: [processRegistry],
});

export const paymentsSucceeded = new Counter({
  name: 'pitstop_payments_succeeded_total',
  help: 'Card payments the provider confirmed that marked an order paid',
  registers: [processRegistry],
});

export const paymentsRefunded = new Counter({
  name: 'pitstop_payments_refunded_total',
  help: 'Refunds the payment provider accepted (whole orders, returns, late payments)',
  registers: [processRegistry],
});

export const mailsSent = new Counter({
  name: 'pitstop_mails_sent_total',
  help: 'Mails the job runner handed to the mail transport',
  registers: [processRegistry],
});

export const mailsFailed = new Counter({
  name: 'pitstop_mails_failed_total',
  help: 'Mail sends that failed (each failed attempt; the job is retried)',
  registers: [processRegistry],
});

export const catalogueIndexRebuilds = new Counter({
  name: 'pitstop_catalogue_index_rebuilds_total',
  help: 'Times the in-memory catalogue index read the whole catalogue (decision 020)',
  registers: [processRegistry],
});

/** The request histogram's upper bounds, in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface DurationSeries {
  labels: { route: string; method: string; status: string };
  /** Observations per bucket (not cumulative); the last one is above every bound. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * Request durations by route pattern (`/api/parts/:id`, never the raw URL: a label per URL would
 * grow without end), method and status. Not prom-client's Histogram: its `observe` validates and
 * hashes the labels on every call (a few microseconds on a busy machine, against some tens for a
 * cached catalogue answer), where this is one map lookup, a bucket search and three additions.
 * The registry formats it like any other metric, from `get()`, at scrape time.
 */
export class RequestDurations {
  readonly name = 'pitstop_http_request_duration_seconds';
  readonly help =
    'Time from a request arriving to its answer being written, by route pattern, method and status';
  readonly type = 'histogram';
  private readonly series = new Map<string, DurationSeries>();

  observe(route: string, method: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = {
        labels: { route, method, status: String(status) },
        counts: new Array<number>(DURATION_BUCKETS.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      this.series.set(key, series);
    }
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket++;
    series.counts[bucket]!++;
    series.sum += seconds;
    series.count++;
  }

  /** What prom-client's registry formats: cumulative buckets, then the sum and the count, per series. */
  get() {
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    for (const { labels, counts, sum, count } of this.series.values()) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((le, i) => {
        cumulative += counts[i]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { le, ...labels }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...labels }, value: count });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: 'sum' as const };
  }
}

export const requestDurations = new RequestDurations();
processRegistry.registerMetric(requestDurations as unknown as Metric);

let defaultsCollected = false;

/** Event-loop lag, heap, GC, CPU and handles: once per process, when metrics are first served. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
}

/**
 * The payment provider, with every refund it accepts counted: whole orders, returns and late
 * payments all refund through it.
 */
export function countingRefunds<P extends PaymentProviderClient>(provider: P): P {
  return {
    ...provider,
    refund: async (request) => {
      const refunded = await provider.refund(request);
      paymentsRefunded.inc();
      return refunded;
    },
  };
}
