import type { Redis } from 'ioredis';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Mailer } from '../../lib/mail.js';
import type { PaymentProviderClient } from '../../lib/payments/provider.js';
import { databaseCheck, readinessChecks, type Check } from './checks.js';

const Live = z.object({ status: z.enum(['ok']) });

const CheckResult = z.object({
  status: z.enum(['ok', 'failing']),
  latencyMs: z.number(),
  reason: z.enum(['timeout', 'error']).optional(),
  busy: z.boolean().optional(),
});

const Ready = z.object({
  /** ok; degraded: up, but a dependency other than the database fails; unavailable: 503. */
  status: z.enum(['ok', 'degraded', 'unavailable']),
  checks: z
    .object({
      database: CheckResult,
      redis: CheckResult.optional(),
      mail: CheckResult.optional(),
      payments: CheckResult.optional(),
    })
    .optional(),
  /** The names of the failing checks. */
  failing: z.array(z.enum(['database', 'redis', 'mail', 'payments'])).optional(),
  /** The process is shutting down: the load balancer should stop sending. */
  closing: z.boolean().optional(),
});

export interface HealthOptions {
  /** The rate limits' Redis client, when REDIS_URL is set. */
  redis?: Redis | undefined;
  /** What really sends mail (SMTP, the outbox), not the job queue in front of it. */
  mailTransport?: Mailer;
  payments?: PaymentProviderClient;
  /** Each check's limit; the outside services' results are reused this long. */
  timeouts?: { databaseMs?: number; redisMs?: number; outsideMs?: number; reuseMs?: number };
}

/**
 * /health/live: the process runs. /health/ready: whether to send it requests, with each
 * dependency's state and latency. Only the database decides (503); Redis, mail and the payment
 * provider failing answer 200 "degraded", naming them (docs/decisions/027).
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, opts) => {
  const t = opts.timeouts ?? {};
  const outsideMs = t.outsideMs ?? 2_000;
  const reuseMs = t.reuseMs ?? 30_000;
  const checks: Check[] = [databaseCheck(app.database, t.databaseMs)];
  const redis = opts.redis;
  if (redis) {
    checks.push({
      name: 'redis',
      critical: false,
      timeoutMs: t.redisMs ?? 1_000,
      run: async () => {
        await redis.ping();
      },
    });
  }
  const verify = opts.mailTransport?.verify?.bind(opts.mailTransport);
  checks.push({
    name: 'mail',
    critical: false,
    timeoutMs: outsideMs,
    reuseMs,
    run: verify ?? (async () => {}),
  });
  const check = opts.payments?.check?.bind(opts.payments);
  checks.push({
    name: 'payments',
    critical: false,
    timeoutMs: outsideMs,
    reuseMs,
    run: check ?? (async () => {}),
  });
  const ready = readinessChecks(checks, app.log);

  app.get(
    '/health/live',
    { schema: { tags: ['health'], response: { 200: Live } }, logLevel: 'warn' },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    { schema: { tags: ['health'], response: { 200: Ready, 503: Ready } }, logLevel: 'warn' },
    async (_request, reply) => {
      if (app.isClosing()) return reply.code(503).send({ status: 'unavailable' as const, closing: true });
      const answer = await ready();
      return reply.code(answer.status === 'unavailable' ? 503 : 200).send(answer);
    },
  );
};
