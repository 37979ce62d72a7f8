import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, result: Result | null) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}
interface RouteOptions {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
  routeInfo: { method: string; url: string };
}

// The plugin's own stores, so counting matches what it does without a fallback.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key?: string,
) => Store;

/**
 * Counts in Redis, so every process shares one limit; while Redis is unreachable it counts in
 * this process instead. Sign-in keeps working (limited per process) rather than failing or
 * waiting on a dead connection.
 */
export function redisStoreWithLocalFallback(
  redis: Redis,
  nameSpace: string,
): new (params: { continueExceeding: boolean; exponentialBackoff: boolean }) => Store {
  class FallbackStore implements Store {
    constructor(
      private readonly shared: Store,
      private readonly local: Store,
    ) {}
    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.use('incr', key, cb, timeWindow, max);
    }
    read(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.use('read', key, cb, timeWindow, max);
    }
    private use(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) {
      const local = () => this.local[method]!(key, cb, timeWindow, max);
      if (redis.status !== 'ready') return local();
      this.shared[method]!(key, (err, result) => (err ? local() : cb(null, result)), timeWindow, max);
    }
    child(routeOptions: RouteOptions): Store {
      return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }
  return class extends FallbackStore {
    constructor(params: { continueExceeding: boolean; exponentialBackoff: boolean }) {
      super(
        new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace),
        new LocalStore(params.continueExceeding, params.exponentialBackoff),
      );
    }
  };
}
