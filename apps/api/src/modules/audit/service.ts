import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';
import { sql, type SQL, type WithSubquery } from 'drizzle-orm';
import type { AuditAction, AuditRecordType } from '@pitstop/core/audit';
import { formatOrderNumber } from '@pitstop/core/orders';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

/**
 * Who is acting, and through which request: what every audit row carries besides the change.
 * Built once per request by `auditContextOf` and passed down to the service that writes the
 * change, so the row goes into the same transaction.
 */
export interface AuditContext {
  actorId: string | null;
  /** "Sam Admin <admin@pitstop.com>", "System": readable after the account is gone. */
  actorName: string;
  requestId: string | null;
  /** request.ip: the client's address, or the proxy's X-Forwarded-For when TRUST_PROXY is on. */
  ip: string | null;
  /** AUDIT_LOG=off (the audit benchmark's baseline only): nothing is written. */
  off?: boolean;
}

export interface AuditEntry {
  action: AuditAction;
  recordType: AuditRecordType;
  recordId: string | null;
  /** The record's fields as they were and as they became; only the changed ones are kept. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /**
   * What names the record for a reader (a user's email, a part's number, an order's number):
   * kept on both sides though it did not change.
   */
  about?: Record<string, unknown>;
}

export const SYSTEM: AuditContext = { actorId: null, actorName: 'System', requestId: null, ip: null };

export function actorLabel(user: { name: string; email: string }): string {
  return `${user.name} <${user.email}>`;
}

/** An order is named by its number (PS-…), as admins search it; one without a number by its id. */
export function orderRecordId(order: { id: string; number: number | null }): string {
  return order.number ? formatOrderNumber(order.number) : order.id;
}

/** The signed-in user of this request (or "Anonymous"), its request id and address. */
export function auditContextOf(request: FastifyRequest): AuditContext {
  const user = request.user;
  return {
    actorId: user?.id ?? null,
    actorName: user ? actorLabel(user) : 'Anonymous',
    requestId: request.id,
    ip: request.ip || null,
    off: !request.server.config.auditLog,
  };
}

/**
 * better-auth's callbacks see a fetch Request without our request id or the client's address:
 * the /api/auth/* handler (and an admin's add-user) runs better-auth inside this scope, and its
 * callbacks read the request's audit context from here.
 */
const scope = new AsyncLocalStorage<AuditContext>();
export const withAuditContext = <T>(context: AuditContext, run: () => Promise<T>): Promise<T> =>
  scope.run(context, run);
export const currentAuditContext = (): AuditContext | undefined => scope.getStore();

/** Never in the trail, at any depth: a secret written down is a secret leaked. */
const SECRET = /password|token|hash|secret|salt/i;

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET.test(key))
        .map(([key, v]) => [key, withoutSecrets(v)]),
    );
  }
  return value;
}

const same = (a: unknown, b: unknown) =>
  JSON.stringify(withoutSecrets(a) ?? null) === JSON.stringify(withoutSecrets(b) ?? null);

/**
 * Only what changed: the fields of `after` whose value differs from `before`, on both sides.
 * A creation (no before) or a deletion (no after) keeps its one side whole.
 */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  const clean = (v: Record<string, unknown> | null | undefined) =>
    v ? (withoutSecrets(v) as Record<string, unknown>) : null;
  if (!before || !after) return { before: clean(before), after: clean(after) };
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (SECRET.test(key) || same(before[key], after[key])) continue;
    was[key] = withoutSecrets(before[key]) ?? null;
    is[key] = withoutSecrets(after[key]) ?? null;
  }
  return { before: was, after: is };
}

/** The row's before and after: the changed fields, with what names the record on both sides. */
function auditValues(entry: Omit<AuditEntry, 'recordId'>) {
  const changed = changedFields(entry.before, entry.after);
  const about = entry.about ? (withoutSecrets(entry.about) as Record<string, unknown>) : undefined;
  return {
    before: changed.before && about ? { ...about, ...changed.before } : changed.before,
    after: about && (changed.after || !changed.before) ? { ...about, ...changed.after } : changed.after,
  };
}

/**
 * Writes one audit row with `tx`: the caller passes the transaction that makes the change, so
 * the row commits with it or not at all. The table is append-only (a trigger refuses UPDATE,
 * DELETE and TRUNCATE).
 */
export async function recordAudit(tx: Db, context: AuditContext, entry: AuditEntry): Promise<void> {
  if (context.off) return;
  await tx.insert(auditLog).values(auditRow(context, entry));
}

/**
 * recordAudit's row as a CTE for a statement the change makes anyway (`tx.with(…)`): written by
 * that statement, so it commits with the change, a round trip fewer. Null when the trail is off.
 */
export function auditRowWrite(tx: Db, context: AuditContext, entry: AuditEntry): WithSubquery | null {
  if (context.off) return null;
  return tx
    .$with('audit_row')
    .as(tx.insert(auditLog).values(auditRow(context, entry)).returning({ id: auditLog.id }));
}

function auditRow(context: AuditContext, entry: AuditEntry) {
  const { before, after } = auditValues(entry);
  return {
    actorId: context.actorId,
    actorName: context.actorName,
    action: entry.action,
    recordType: entry.recordType,
    recordId: entry.recordId,
    before,
    after,
    requestId: context.requestId,
    ip: context.ip,
  };
}

/**
 * A short write and its audit row in one statement: `change` is an UPDATE (or INSERT, DELETE)
 * `… RETURNING` the record's id as `id`; each row it returns gets its audit row, written by the
 * same statement, which is atomic. For a path of a statement or two (making an admin), a separate
 * INSERT in a transaction would double the round trips its answer waits for. Answers how many
 * records changed.
 */
export async function changeWithAudit(
  db: Db,
  context: AuditContext,
  entry: Omit<AuditEntry, 'recordId'>,
  change: SQL,
): Promise<number> {
  if (context.off) {
    const done = (await db.execute(change)) as unknown as { rows: unknown[] };
    return done.rows.length;
  }
  const { before, after } = auditValues(entry);
  const json = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : null);
  const written = (await db.execute(sql`
    with changed as (${change})
    insert into audit_log (actor_id, actor_name, action, record_type, record_id, before, after, request_id, ip)
    select ${context.actorId}, ${context.actorName}, ${entry.action}, ${entry.recordType}, changed.id::text,
      ${json(before)}::jsonb, ${json(after)}::jsonb, ${context.requestId}, ${context.ip}
    from changed
    returning id`)) as unknown as { rows: unknown[] };
  return written.rows.length;
}
