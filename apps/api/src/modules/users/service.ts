import { and, eq, ne, sql } from 'drizzle-orm';
import type { Profile, Role, UserInfoInput } from '@pitstop/core/accounts';
import { messages } from '@pitstop/core/messages';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { SessionUser } from '../../auth/plugin.js';
import { changeWithAudit, recordAudit, type AuditContext } from '../audit/service.js';

export function toProfile(row: UserRow): Profile {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
    image: row.image,
    occupation: row.occupation,
    role: row.role,
  };
}

export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError('unauthorized', 'Please log in first.');
  return toProfile(row);
}

/**
 * The spec's PUT /user/{email}: only the signed-in owner of that email gets an access key, and
 * the user record is brought up to date (bootstrap admins from ADMIN_EMAILS). Nothing in the
 * request body is trusted.
 */
export async function exchangeAccessKey(
  db: Db,
  caller: SessionUser,
  email: string,
  adminEmails: readonly string[],
  audit: AuditContext,
): Promise<{ accessKey: string }> {
  if (!sameEmail(caller.email, email)) throw new AppError('forbidden', messages.forbidden);
  if (caller.role !== 'admin' && adminEmails.includes(caller.email.toLowerCase())) {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, caller.id));
      // A role change, however it comes: here ADMIN_EMAILS names them, so the shop's settings act.
      await recordAudit(
        tx as unknown as Db,
        { ...audit, actorId: null, actorName: 'System (ADMIN_EMAILS)' },
        {
          action: 'user.role_change',
          recordType: 'user',
          recordId: caller.id,
          before: { role: caller.role },
          after: { role: 'admin' },
          about: { email: caller.email },
        },
      );
    });
  }
  return { accessKey: caller.token };
}

/** GET /admin/{email}: yourself, or anyone when you are an admin. */
export async function checkAdmin(db: Db, caller: SessionUser, email: string): Promise<{ admin: boolean }> {
  if (sameEmail(caller.email, email)) return { admin: caller.role === 'admin' };
  if (caller.role !== 'admin') throw new AppError('forbidden', messages.forbidden);
  const row = await findUserByEmail(db, email);
  return { admin: row?.role === ('admin' satisfies Role) };
}

/** POST /userInfo for one's own profile. */
export async function saveOwnProfile(
  db: Db,
  caller: SessionUser,
  input: UserInfoInput,
): Promise<{ insertedId: string }> {
  if (!sameEmail(caller.email, input.email)) {
    throw new AppError('forbidden', 'You can only change your own profile.', [
      { field: 'email', message: 'This is not your email address.' },
    ]);
  }
  // Without a new photo the one on the account stays (issue #28): one statement, which changes
  // nothing when there is none to keep, so the spec's ' Img is Required' answers exactly that case.
  const [saved] = await db
    .update(users)
    .set({
      name: input.name,
      occupation: input.occupation,
      ...(input.img ? { image: input.img } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, caller.id), input.img ? undefined : sql`coalesce(${users.image}, '') <> ''`))
    .returning({ id: users.id });
  if (!saved) {
    throw new AppError('invalid', messages.imgRequired, [{ field: 'img', message: messages.imgRequired }]);
  }
  return { insertedId: caller.id };
}

export function toUserRow(row: UserRow) {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    image: row.image,
    occupation: row.occupation,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listUsers(db: Db) {
  const rows = await db.select().from(users).orderBy(users.createdAt);
  return rows.map(toUserRow);
}

/** Every admin's address, for the shop's own notices (new orders to ship). */
export async function adminEmails(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(users.email);
  return rows.map((row) => row.email);
}

/**
 * PUT /user/admin/{email}: modifiedCount 1 when promoted (and its audit row written with it),
 * 0 when already an admin.
 */
export async function makeAdmin(
  db: Db,
  email: string,
  audit: AuditContext,
): Promise<{ modifiedCount: number }> {
  const row = await findUserByEmail(db, email);
  if (!row) throw new AppError('not_found', 'There is no user with that email.');
  // The promotion and its audit row in one statement: making an admin is one short write.
  const promote = db
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(and(eq(users.id, row.id), ne(users.role, 'admin')))
    .returning({ id: users.id });
  const modifiedCount = await changeWithAudit(
    db,
    audit,
    {
      action: 'user.make_admin',
      recordType: 'user',
      before: { role: row.role },
      after: { role: 'admin' },
      about: { email: row.email },
    },
    promote.getSQL(),
  );
  return { modifiedCount };
}

/**
 * Deletes an account (its sessions go with it; its orders stay, detached, for the records).
 * Never yourself, never the last admin.
 */
export async function deleteUser(
  db: Db,
  caller: SessionUser,
  userId: string,
  audit: AuditContext,
): Promise<{ deletedCount: number }> {
  if (userId === caller.id) throw new AppError('conflict', 'You cannot delete your own account here.');
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
    if (!row) throw new AppError('not_found', 'There is no such user.');
    if (row.role === 'admin') {
      const [admins] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.role, 'admin'));
      if ((admins?.n ?? 0) <= 1) throw new AppError('conflict', 'The shop needs at least one admin.');
    }
    const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    await recordAudit(tx as unknown as Db, audit, {
      action: 'user.delete',
      recordType: 'user',
      recordId: userId,
      before: { name: row.name, email: row.email, role: row.role },
    });
    return { deletedCount: deleted.length };
  });
}
