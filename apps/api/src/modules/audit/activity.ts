import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ActivityEntry, ActivityPage, ActivityQuery } from '@pitstop/core/audit';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

/**
 * A page's cursor: the last row's created_at as PostgreSQL prints it (microseconds: a JavaScript
 * Date keeps milliseconds, and two rows of one millisecond must not be skipped or shown twice)
 * and its id, base64url so it travels in a query string untouched.
 */
function encodeCursor(at: string, id: string): string {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** "2026-11-27 09:55:00.123456+00", as timestamptz::text prints it: a valid time, then its zone. */
function isStamp(text: string): boolean {
  const seconds = text.slice(0, 19);
  return (
    /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(seconds) &&
    !Number.isNaN(Date.parse(`${seconds.replace(' ', 'T')}Z`)) &&
    /^[.\d]{0,7}[+-][\d:]{2,8}$/.test(text.slice(19))
  );
}

function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || !isStamp(at) || !UUID.test(id)) {
    throw new AppError('invalid', 'Not a page of this list.', [
      { field: 'before', message: 'Not a page of this list.' },
    ]);
  }
  return { at, id };
}

/** LIKE's own characters, taken literally in a name someone typed. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditionsOf(query: ActivityQuery): SQL[] {
  const where: SQL[] = [];
  if (query.actor) {
    const byName = ilike(auditLog.actorName, `%${literal(query.actor)}%`);
    where.push(or(eq(auditLog.actorId, query.actor), byName) as SQL);
  }
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.recordType) where.push(eq(auditLog.recordType, query.recordType));
  if (query.recordId) where.push(eq(auditLog.recordId, query.recordId));
  if (query.from) where.push(gte(auditLog.createdAt, new Date(query.from)));
  if (query.to) where.push(lt(auditLog.createdAt, new Date(query.to)));
  if (query.before) {
    const { at, id } = decodeCursor(query.before);
    where.push(sql`(${auditLog.createdAt}, ${auditLog.id}) < (${at}::timestamptz, ${id}::uuid)`);
  }
  return where;
}

/**
 * GET /api/admin/activity: newest first, keyset-paged on (created_at, id), which the
 * audit_log_created_idx index reads backwards; one row more than the page says whether an
 * older page exists.
 */
export async function listActivity(db: Db, query: ActivityQuery): Promise<ActivityPage> {
  const rows = await db
    .select({
      row: auditLog,
      stamp: sql<string>`${auditLog.createdAt}::text`,
    })
    .from(auditLog)
    .where(and(...conditionsOf(query)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ row }): ActivityEntry => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      actorId: row.actorId,
      actorName: row.actorName,
      action: row.action,
      recordType: row.recordType,
      recordId: row.recordId,
      before: (row.before as Record<string, unknown> | null) ?? null,
      after: (row.after as Record<string, unknown> | null) ?? null,
      requestId: row.requestId,
      ip: row.ip,
    })),
    next: rows.length > query.limit && last ? encodeCursor(last.stamp, last.row.id) : null,
  };
}
