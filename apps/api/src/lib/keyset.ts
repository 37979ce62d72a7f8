import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { AppError } from './errors.js';

/**
 * Keyset paging of a list newest first on (created_at, id): a page's cursor is its last row's
 * created_at as PostgreSQL prints it (microseconds: a JavaScript Date keeps milliseconds, and two
 * rows of one millisecond must not be skipped or shown twice) and its id, base64url so it
 * travels in a query string untouched.
 */
export function encodeCursor(stamp: string, id: string): string {
  return Buffer.from(`${stamp}|${id}`).toString('base64url');
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

/** The rows after the cursor's row (older), or a 400 naming `field` for a cursor of no page. */
export function olderThan(cursor: string, createdAt: AnyColumn, id: AnyColumn, field = 'before'): SQL {
  const [stamp, rowId] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!stamp || !rowId || !isStamp(stamp) || !UUID.test(rowId)) {
    throw new AppError('invalid', 'Not a page of this list.', [
      { field, message: 'Not a page of this list.' },
    ]);
  }
  return sql`(${createdAt}, ${id}) < (${stamp}::timestamptz, ${rowId}::uuid)`;
}

/** What to select beside a row to make its cursor: created_at as PostgreSQL prints it. */
export const stampOf = (createdAt: AnyColumn) => sql<string>`${createdAt}::text`;
