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
 *
 * Redis may be down at start or go away later: the shop keeps serving. Messages sent while a
 * process was cut off are lost, so a (re)connected subscriber drops its own cache, and a
 * publisher that could not publish sends one invalidation once it is back.
 */
export async function connectCacheBus(
  redisUrl: string,
  cache: ResponseCache,
  log: FastifyBaseLogger,
): Promise<CacheBus> {
  const self = randomUUID();
  // No offline queue and short timeouts: a request that invalidates never waits on Redis.
  const options = {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
  };
  const publisher = new Redis(redisUrl, options);
  // The subscriber queues its first SUBSCRIBE until connected and subscribes again after every
  // reconnect itself: ioredis's own resubscription leaves its promise unhandled, so closing
  // during one ended the process with an unhandled rejection.
  const subscriber = new Redis(redisUrl, {
    ...options,
    enableOfflineQueue: true,
    commandTimeout: undefined,
    autoResubscribe: false,
  });
  for (const client of [publisher, subscriber]) {
    client.on('error', (err) => log.warn({ err }, 'Redis connection problem (catalogue cache bus)'));
  }
  const subscribe = () =>
    subscriber
      .subscribe(CHANNEL)
      .catch((err: unknown) => log.warn({ err }, 'could not subscribe to invalidations'));
  let readyBefore = false;
  subscriber.on('ready', () => {
    cache.invalidateLocal();
    if (readyBefore) void subscribe();
    readyBefore = true;
  });
  subscriber.on('message', (_channel: string, from: string) => {
    if (from !== self) cache.invalidateLocal();
  });
  void subscribe();
  let unsent = false;
  const publish = () => {
    if (publisher.status !== 'ready') {
      unsent = true;
      return;
    }
    publisher.publish(CHANNEL, self).catch((err: unknown) => {
      unsent = true;
      log.warn({ err }, 'could not publish invalidation');
    });
  };
  publisher.on('ready', () => {
    if (!unsent) return;
    unsent = false;
    publish();
  });
  cache.onInvalidate(publish);
  return {
    close: async () => {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
