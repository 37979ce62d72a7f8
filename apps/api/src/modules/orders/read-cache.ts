import type { FastifyInstance } from 'fastify';
import { ResponseCache } from '../../lib/response-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** A customer's own order list, serialised, by lowercased email (GET /api/order/:email). */
    ordersCache: ResponseCache;
  }
}

/** The tag every orders-cache invalidation carries (entries are untagged: any change drops them). */
export const ORDERS_TAG = 'orders';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Orders change from many places (placing, checkout, payments and their webhooks, cancelling,
 * shipping, refunds, credit, deleting a user) and more will come, so the order lists are not
 * dropped write by write: every request that may write — any method but GET/HEAD/OPTIONS,
 * outside better-auth's own routes — drops them all, on every process, before its answer goes
 * out (onSend, after the write committed). The expiry job calls `forgetOrders` itself. A read
 * that started before such a change never stores what it read (see ResponseCache).
 */
export function registerOrdersReadCache(app: FastifyInstance, cache: ResponseCache): void {
  app.decorate('ordersCache', cache);
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READS.has(request.method) && !request.url.startsWith('/api/auth/')) await forgetOrders(cache);
    return payload;
  });
}

export function forgetOrders(cache: ResponseCache): Promise<void> {
  return cache.invalidateTags([ORDERS_TAG]);
}

/**
 * A fresh cache for order lists (kept small: one entry per recently reading customer). A list is
 * its customer's alone: no shared cache may keep it, and the browser asks again each time.
 */
export function createOrdersCache(): ResponseCache {
  return new ResponseCache(5_000, 'private, no-cache');
}
