import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';

export type CheckStatus = 'ok' | 'failing';

export interface CheckResult {
  status: CheckStatus;
  /** How long the check took (a timed-out one: its limit). */
  latencyMs: number;
  /** Why it failed, in one word: the detail is in the log, not in a public answer. */
  reason?: 'timeout' | 'error';
  /** PGlite only: the ping waited its limit behind a long statement (a backup, an import). */
  busy?: boolean;
}

export interface Check {
  name: 'database' | 'redis' | 'mail' | 'payments';
  /** The database's failure makes the process unready (503); the others' only degrade it. */
  critical: boolean;
  timeoutMs: number;
  /**
   * Outside services (SMTP, Stripe) are asked at most this often: every process is probed every
   * few seconds, and each SMTP check is a new connection. Between, the last result is answered.
   */
  reuseMs?: number;
  run(): Promise<void>;
  /** Whether a check that ran out of time still counts as ok (see databaseCheck). */
  okWhenSlow?: () => boolean;
}

/** Runs one check within its limit: never throws, never waits longer than `timeoutMs`. */
async function runCheck(check: Check, log: FastifyBaseLogger): Promise<CheckResult> {
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = Symbol('timeout');
  try {
    const outcome = await Promise.race([
      check.run(),
      new Promise<typeof timedOut>((resolve) => {
        timer = setTimeout(() => resolve(timedOut), check.timeoutMs);
      }),
    ]);
    if (outcome !== timedOut) return { status: 'ok', latencyMs: elapsed() };
    if (check.okWhenSlow?.()) return { status: 'ok', latencyMs: elapsed(), busy: true };
    log.warn(
      { check: check.name, timeoutMs: check.timeoutMs },
      `readiness: ${check.name} did not answer in time`,
    );
    return { status: 'failing', latencyMs: elapsed(), reason: 'timeout' };
  } catch (err) {
    log.warn({ err, check: check.name }, `readiness: ${check.name} failing`);
    return { status: 'failing', latencyMs: elapsed(), reason: 'error' };
  } finally {
    clearTimeout(timer);
  }
}

/** The checks with their last results kept for those that say `reuseMs`. */
export function readinessChecks(checks: Check[], log: FastifyBaseLogger) {
  const kept = new Map<Check['name'], { at: number; result: Promise<CheckResult> }>();
  const resultOf = (check: Check): Promise<CheckResult> => {
    if (!check.reuseMs) return runCheck(check, log);
    const last = kept.get(check.name);
    if (last && performance.now() - last.at < check.reuseMs) return last.result;
    // Kept while running too: probes that arrive meanwhile share one check.
    const result = runCheck(check, log);
    kept.set(check.name, { at: performance.now(), result });
    return result;
  };
  return async () => {
    const results = await Promise.all(checks.map(async (check) => [check, await resultOf(check)] as const));
    const failing = results.filter(([, r]) => r.status === 'failing').map(([c]) => c);
    return {
      status: failing.some((c) => c.critical)
        ? ('unavailable' as const)
        : failing.length
          ? ('degraded' as const)
          : ('ok' as const),
      // The database check is always among them (routes.ts makes it first).
      checks: Object.fromEntries(results.map(([c, r]) => [c.name, r])) as { database: CheckResult } & Partial<
        Record<Check['name'], CheckResult>
      >,
      failing: failing.map((c) => c.name),
    };
  };
}

/**
 * The database answers `select 1`. PostgreSQL that does not answer in 2 s is down or out of
 * connections: the process is unready. PGlite runs in this process and cannot be unreachable; a
 * ping that waits is queued behind a long statement (a backup's copy, an import) and it is
 * reported ok and busy, so a backup does not take the shop out of the load balancer.
 */
export function databaseCheck(database: Database, timeoutMs = 2_000): Check {
  return {
    name: 'database',
    critical: true,
    timeoutMs,
    run: () => database.ping(),
    // Waiting (not running): something else holds PGlite's one connection.
    okWhenSlow: () => database.kind === 'pglite' && (database.pool?.().waiting ?? 0) > 0,
  };
}
