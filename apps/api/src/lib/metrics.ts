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
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
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

/**
 * Request durations by route pattern (`/api/parts/:id`, never the raw URL: a label per URL would
 * grow without end), method and status. Unmatched requests share the route label `unmatched`.
 */
export const requestDuration = new Histogram({
  name: 'pitstop_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being written, by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

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
