import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { orderTexts } from '@pitstop/core/messages';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { AppError } from './errors.js';

/**
 * Idempotency keys for requests that place orders (docs/decisions/022). A client sends
 * `Idempotency-Key: <its own unique value>` and sends the same value again when it retries the
 * same request; the load balancer's retry on another process carries it too. The first request
 * that commits stores its answer under the key, in its own transaction; a later one with the key
 * gets that answer again and changes nothing. A request that failed stored nothing, so its retry
 * runs afresh.
 */

const HEADER = 'idempotency-key';
const VISIBLE = /^[\x21-\x7e]{1,255}$/;
/** How long an answer is kept for retries. */
export const KEEP_KEYS_MS = 24 * 60 * 60 * 1000;

export interface IdempotencyClaim {
  userId: string;
  key: string;
  fingerprint: string;
}

/** The request's claim (its key, for its route and body), or undefined when it sent no key. */
export function idempotencyClaim(request: FastifyRequest, userId: string): IdempotencyClaim | undefined {
  const header = request.headers[HEADER];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header.join(',') : header;
  if (!VISIBLE.test(key)) {
    throw new AppError('invalid', orderTexts.idempotencyKeyInvalid, [
      { field: 'Idempotency-Key', message: orderTexts.idempotencyKeyInvalid },
    ]);
  }
  const fingerprint = createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? request.url}\n${JSON.stringify(request.body)}`)
    .digest('base64url');
  return { userId, key, fingerprint };
}

/**
 * Runs `place` inside the caller's transaction once per claim: the key's row is written first
 * (a second request with the key waits on it until the first commits or rolls back), the answer
 * after. A key already answered gives that answer back without running `place`; the same key for
 * a different request is refused.
 */
export async function once<T>(
  tx: Db,
  claim: IdempotencyClaim | undefined,
  place: () => Promise<T>,
): Promise<T> {
  if (!claim) return place();
  const mine = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values({ userId: claim.userId, key: claim.key, fingerprint: claim.fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const [earlier] = await tx.select().from(idempotencyKeys).where(mine).limit(1);
    if (!earlier || earlier.fingerprint !== claim.fingerprint || earlier.response === null) {
      throw new AppError('conflict', orderTexts.idempotencyKeyReused, [
        { field: 'Idempotency-Key', message: orderTexts.idempotencyKeyReused },
      ]);
    }
    return earlier.response as T;
  }
  const value = await place();
  await tx.update(idempotencyKeys).set({ response: value }).where(mine);
  return value;
}

/** Forgets answers older than a day (run now and then by every process; a retry comes sooner). */
export async function forgetOldKeys(db: Db): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${KEEP_KEYS_MS / 1000})`));
}

/**
 * Replaces a claim's stored answer once the request's work after its transaction is done (a
 * 1-Click order's charge): a retry then answers how it ended, not only the order it placed.
 */
export async function rememberAnswer(db: Db, claim: IdempotencyClaim, value: unknown): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ response: value })
    .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
}
