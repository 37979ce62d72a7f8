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

/** Thrown inside the transaction when the key was answered first by another request: undoes this one. */
class AnsweredBefore extends Error {}

/**
 * Runs `place` in a transaction once per claim: the key's row, with its answer, is written last,
 * in the same transaction, so a first request costs one statement for its key. A request whose
 * key another committed first (a retry, or the same request sent twice at once: the second's
 * insert waits on the first's row until it commits) is rolled back, and answered with the first
 * one's answer; so is a retry whose own steps fail once the first has run (the cart is empty, the
 * last unit is gone). The same key for a different request is refused. `fresh`: this request's
 * own steps were committed.
 */
export async function placeOnce<T>(
  db: Db,
  claim: IdempotencyClaim | undefined,
  place: (tx: Db) => Promise<T>,
): Promise<{ value: T; fresh: boolean }> {
  const run = (body: (tx: Db) => Promise<T>) =>
    db.transaction((transaction) => body(transaction as unknown as Db));
  if (!claim) return { value: await run(place), fresh: true };
  try {
    const value = await run(async (tx) => {
      const value = await place(tx);
      const [claimed] = await tx
        .insert(idempotencyKeys)
        .values({ userId: claim.userId, key: claim.key, fingerprint: claim.fingerprint, response: value })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (!claimed) throw new AnsweredBefore();
      return value;
    });
    return { value, fresh: true };
  } catch (error) {
    let earlier: { response: unknown } | undefined;
    try {
      earlier = await answerUnder(db, claim);
    } catch (lookup) {
      // A refused key is the answer; a failed lookup leaves the request's own failure standing.
      if (lookup instanceof AppError) throw lookup;
      throw error;
    }
    if (earlier) return { value: earlier.response as T, fresh: false };
    // Answered a moment ago and forgotten since (a day old): nothing to answer it with.
    if (error instanceof AnsweredBefore) throw reusedKey();
    throw error;
  }
}

/** The answer stored under the claim's key; a key stored for another request is refused. */
async function answerUnder(db: Db, claim: IdempotencyClaim): Promise<{ response: unknown } | undefined> {
  const [earlier] = await db
    .select({ fingerprint: idempotencyKeys.fingerprint, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)))
    .limit(1);
  if (!earlier) return undefined;
  if (earlier.fingerprint !== claim.fingerprint || earlier.response === null) throw reusedKey();
  return { response: earlier.response };
}

const reusedKey = () =>
  new AppError('conflict', orderTexts.idempotencyKeyReused, [
    { field: 'Idempotency-Key', message: orderTexts.idempotencyKeyReused },
  ]);

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
