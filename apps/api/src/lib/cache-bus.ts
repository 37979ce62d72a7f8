import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { ResponseCache } from './response-cache.js';

const CHANNEL = 'pitstop:catalogue:invalidate';

export interface CacheBus {
  close(): Promise<void>;
}

/**
 * Spreads cache invalidations between API processes through Redis pub/sub, so a write handled
 * by one process is not hidden behind another process's cached answer.
 */
export async function connectCacheBus(
  redisUrl: string,
  cache: ResponseCache,
  log: FastifyBaseLogger,
): Promise<CacheBus> {
  const self = randomUUID();
  const options = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: false };
  const publisher = new Redis(redisUrl, options);
  const subscriber = new Redis(redisUrl, options);
  for (const client of [publisher, subscriber]) {
    client.on('error', (err) => log.warn({ err }, 'Redis connection problem (catalogue cache bus)'));
  }
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(CHANNEL);
  subscriber.on('message', (_channel: string, from: string) => {
    if (from !== self) cache.invalidateLocal();
  });
  cache.onInvalidate(() => {
    publisher
      .publish(CHANNEL, self)
      .catch((err: unknown) => log.warn({ err }, 'could not publish invalidation'));
  });
  return {
    close: async () => {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
