import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { auditContextOf, recordAudit } from './service.js';

/**
 * Sign-in lockouts: the rate limiter refusing an address's sign-in attempts for the rest of its
 * window. It refuses every further attempt too; one row per address and window is the event,
 * the rest would let an attacker fill the trail. The limiter runs before the body is read, so
 * the row names the address (its ip), not the account tried. Nothing else changes with it, so
 * the row is a statement of its own.
 */
export function lockoutRecorder(db: Db, windowMs: number) {
  const recorded = new Map<string, number>();
  return (request: FastifyRequest, key: string): void => {
    const now = Date.now();
    if ((recorded.get(key) ?? 0) > now) return;
    if (recorded.size > 10_000) {
      for (const [k, until] of recorded) if (until <= now) recorded.delete(k);
    }
    recorded.set(key, now + windowMs);
    recordAudit(db, auditContextOf(request), {
      action: 'auth.lockout',
      recordType: 'user',
      recordId: null,
      after: { attempts: 'too many sign-ins', lockedForSeconds: Math.round(windowMs / 1000) },
    }).catch((err: unknown) => request.log.error({ err }, 'sign-in lockout not recorded'));
  };
}
