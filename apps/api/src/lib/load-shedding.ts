import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/** A limit of 0 turns its check off. */
export interface OverloadLimits {
  maxEventLoopDelayMs: number;
  maxHeapUsedBytes: number;
  retryAfterSeconds: number;
}

/**
 * Under overload (event loop lagging, heap nearly full) new requests are refused at once with
 * 503 + Retry-After instead of queueing behind late ones, so latency stays bounded and a load
 * balancer or client can go elsewhere. Liveness stays answered: a busy process is not a dead one.
 */
export async function registerLoadShedding(app: FastifyInstance, limits: OverloadLimits): Promise<void> {
  if (!limits.maxEventLoopDelayMs && !limits.maxHeapUsedBytes) return;
  const retryAfter = String(limits.retryAfterSeconds);
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: limits.maxHeapUsedBytes,
    // A rejection goes to the one error handler, which answers the problem+json 503.
    pressureHandler: async (request, reply, type, value) => {
      if (request.url === '/health/live') return;
      void reply.header('retry-after', retryAfter);
      request.log.warn({ type, value }, 'overloaded: request refused');
      throw new AppError('unavailable', 'The shop is very busy right now. Please try again in a moment.');
    },
  });
}
