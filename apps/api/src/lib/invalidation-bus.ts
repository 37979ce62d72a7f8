import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionCache, SessionInvalidation } from '../auth/session-cache.js';
import type { ResponseCache } from './response-cache.js';

const CHANNEL = 'pitstop:invalidate';
const ACKS = 'pitstop:invalidate:ack';
/** How long a write waits for the other processes to confirm; a stuck one must not hold it. */
const ACK_TIMEOUT_MS = 1_000;

export interface InvalidationBus {
  close(): Promise<void>;
}

export interface Caches {
  catalogue: ResponseCache;
  sessions: SessionCache;
  /** Customers' order lists (modules/orders/read-cache.ts). */
  orders: ResponseCache;
}

interface Message {
  from: string;
  id: string;
  tags?: readonly string[];
  sessions?: SessionInvalidation;
  orderTags?: readonly string[];
}

function apply(caches: Caches, message: Message): void {
  if (message.tags) caches.catalogue.invalidateTagsLocal(message.tags);
  if (message.sessions) caches.sessions.forgetLocal(message.sessions);
  if (message.orderTags) caches.orders.invalidateTagsLocal(message.orderTags);
}

/**
 * Carries targeted invalidations between API processes through Redis: catalogue answers by tag
 * (an order drops only the pages showing its parts) and cached sessions (sign-out, revocation,
 * reset, role change, deletion). Unlike the catalogue's fire-and-forget bus (cache-bus.ts), the
 * sender waits until every other subscribed process has applied the message and said so on an
 * acknowledgement channel — PUBLISH answers how many subscribers got it — so a change made
 * through one process holds on the very next request, whichever process it reaches.
 *
 * While this process's subscription is down it could miss a change, so its session and order
 * caches are not used (every request reads the database) and start from empty once it is back.
 */
export async function connectInvalidationBus(
  redisUrl: string,
  caches: Caches,
  log: FastifyBaseLogger,
): Promise<InvalidationBus> {
  const self = randomUUID();
  const options = { maxRetriesPerRequest: 1, connectTimeout: 2_000 };
  const publisher = new Redis(redisUrl, { ...options, enableOfflineQueue: false, commandTimeout: 1_000 });
  // Subscribes again after every reconnect itself (see the 'ready' handler below).
  const subscriber = new Redis(redisUrl, { ...options, autoResubscribe: false });
  for (const client of [publisher, subscriber]) {
    client.on('error', (err) => log.warn({ err }, 'Redis connection problem (invalidation bus)'));
  }
  caches.sessions.setTrusted(false);
  caches.orders.setBypass(true);
  subscriber.on('close', () => {
    caches.sessions.setTrusted(false);
    caches.orders.setBypass(true);
  });

  const waiting = new Map<string, { acks: number; needed: number; done: () => void }>();
  subscriber.on('message', (channel: string, raw: string) => {
    if (channel === ACKS) {
      const wait = waiting.get(raw);
      if (wait && ++wait.acks >= wait.needed) wait.done();
      return;
    }
    let message: Message;
    try {
      message = JSON.parse(raw) as Message;
    } catch {
      return;
    }
    if (message.from === self) return;
    apply(caches, message);
    publisher
      .publish(ACKS, `${message.from}:${message.id}`)
      .catch((err: unknown) => log.warn({ err }, 'could not acknowledge an invalidation'));
  });

  const subscribe = () =>
    subscriber.subscribe(CHANNEL, ACKS).then(
      () => {
        // (Re)subscribed: whatever was missed meanwhile is forgotten by starting from empty.
        caches.sessions.setTrusted(true);
        caches.catalogue.invalidateLocal();
        caches.orders.setBypass(false);
      },
      (err: unknown) => log.warn({ err }, 'could not subscribe to invalidations'),
    );
  const subscribed = subscribe();
  // After a reconnect, subscribe again here rather than through ioredis's own resubscription,
  // whose promise nobody handles: a close during it ended the process with an unhandled
  // rejection. The first SUBSCRIBE above waits in the offline queue for the first 'ready'.
  let readyBefore = false;
  subscriber.on('ready', () => {
    if (readyBefore) void subscribe();
    readyBefore = true;
  });
  // The shop starts even while Redis is away (every request then reads sessions from the database).
  await Promise.race([subscribed, new Promise((r) => setTimeout(r, 3_000).unref())]);

  /** Publishes and waits for every other process's acknowledgement; false when it could not. */
  const send = async (content: Omit<Message, 'from' | 'id'>): Promise<boolean> => {
    if (publisher.status !== 'ready') return false;
    const message: Message = { from: self, id: randomUUID(), ...content };
    const key = `${self}:${message.id}`;
    let resolveDone!: () => void;
    const done = new Promise<void>((r) => (resolveDone = r));
    const wait = { acks: 0, needed: Number.POSITIVE_INFINITY, done: () => resolveDone() };
    waiting.set(key, wait);
    try {
      const receivers = await publisher.publish(CHANNEL, JSON.stringify(message));
      wait.needed = receivers - (subscriber.status === 'ready' ? 1 : 0);
      if (wait.acks >= wait.needed) return true;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((r) => {
        timer = setTimeout(() => {
          log.warn(`invalidation ${message.id}: ${wait.acks} of ${wait.needed} processes confirmed in time`);
          r();
        }, ACK_TIMEOUT_MS);
      });
      await Promise.race([done, timedOut]);
      clearTimeout(timer);
      return true;
    } catch (err) {
      log.warn({ err }, 'could not publish an invalidation');
      return false;
    } finally {
      waiting.delete(key);
    }
  };

  caches.catalogue.onInvalidateTags(async (tags) => {
    // Not sent: fall back to the catalogue bus's full invalidation, which it repeats once Redis is back.
    if (!(await send({ tags }))) caches.catalogue.invalidate();
  });
  caches.sessions.onInvalidate(async (change) => {
    await send({ sessions: change });
  });
  caches.orders.onInvalidateTags(async (tags) => {
    await send({ orderTags: tags });
  });

  return {
    close: async () => {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

/**
 * The same contract inside one process, for API instances that share memory (tests without
 * Redis): every change reaches the other attached instances before the writer goes on.
 */
export class MemoryInvalidationBus {
  private readonly members = new Set<Caches>();

  attach(caches: Caches): InvalidationBus {
    this.members.add(caches);
    const others = () => [...this.members].filter((m) => m !== caches);
    caches.catalogue.onInvalidate(() => others().forEach((m) => m.catalogue.invalidateLocal()));
    caches.catalogue.onInvalidateTags(async (tags) =>
      others().forEach((m) => m.catalogue.invalidateTagsLocal(tags)),
    );
    caches.sessions.onInvalidate(async (change) => others().forEach((m) => m.sessions.forgetLocal(change)));
    caches.orders.onInvalidateTags(async (tags) =>
      others().forEach((m) => m.orders.invalidateTagsLocal(tags)),
    );
    return {
      close: async () => {
        this.members.delete(caches);
      },
    };
  }
}
