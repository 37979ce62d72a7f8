/**
 * Serialised responses kept in memory, keyed by request, dropped wholesale on any write.
 *
 * A generation counter guards the race where a write lands while a read is still building its
 * answer: the read's result is stored only if no invalidation happened since it started.
 */
import type { FastifyReply } from 'fastify';

export interface CachedResponse {
  body: Buffer;
  headers: Record<string, string>;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON answer as the cache keeps it: serialised once, then sent as bytes. */
export function jsonResponse(body: unknown, headers: Record<string, string> = {}): CachedResponse {
  return { body: Buffer.from(JSON.stringify(body)), headers };
}

/** Cached bytes go out as they are: a Buffer payload skips the response serializer. */
export function sendCached(reply: FastifyReply, cached: CachedResponse): FastifyReply {
  return reply.headers(cached.headers).type(JSON_TYPE).send(cached.body);
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private generation = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly maxEntries = 1_000) {}

  get(key: string): CachedResponse | undefined {
    return this.entries.get(key);
  }

  /** Computes (or reuses) the response for key. */
  async getOrCompute(key: string, compute: () => Promise<CachedResponse>): Promise<CachedResponse> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const startedAt = this.generation;
    const value = await compute();
    if (startedAt === this.generation) {
      if (this.entries.size >= this.maxEntries) {
        // Map keeps insertion order: drop the oldest entry.
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, value);
    }
    return value;
  }

  /** Forget everything, locally; `onInvalidate` listeners spread it to other processes. */
  invalidate(): void {
    this.invalidateLocal();
    for (const listener of this.listeners) listener();
  }

  /** Called for invalidations that arrive from another process. */
  invalidateLocal(): void {
    this.generation++;
    this.entries.clear();
  }

  onInvalidate(listener: () => void): void {
    this.listeners.add(listener);
  }

  get size(): number {
    return this.entries.size;
  }
}
