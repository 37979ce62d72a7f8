import { and, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { ActivityEntry, ActivityPage, ActivityQuery } from '@pitstop/core/audit';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import { encodeCursor, olderThan, stampOf } from '../../lib/keyset.js';

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
  if (query.before) where.push(olderThan(query.before, auditLog.createdAt, auditLog.id));
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
      stamp: stampOf(auditLog.createdAt),
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
