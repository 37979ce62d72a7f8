import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users, type AuditRow } from '../../db/schema.js';
import { accessKeyFor, ORIGIN, signIn, signUp, uniqueEmail } from '../../test/accounts.js';
import { captureMailer, useTestApp } from '../../test/app.js';

const mail = captureMailer();
const bootstrap = uniqueEmail('boss');
// Three attempts a minute per address and kind: the fourth sign-in is a lockout.
const t = useTestApp({ mailer: mail, env: { AUTH_RATE_LIMIT: '3', ADMIN_EMAILS: bootstrap } });

async function rowsOf(action: string, recordId?: string | null): Promise<AuditRow[]> {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), recordId ? eq(auditLog.recordId, recordId) : undefined));
}

describe('security events', () => {
  it('a password reset: the request and the new password are each recorded, with no token or password', async () => {
    const me = await signUp(t.app, { name: 'Rey Rider', password: 'old-password' });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN, 'x-request-id': 'reset-ask-1' },
      payload: { email: me.email, redirectTo: `${ORIGIN}/reset-password` },
    });
    expect(asked.statusCode).toBe(200);
    const [requested, ...more] = await rowsOf('auth.password_reset_requested', me.userId);
    expect(more).toEqual([]);
    expect(requested).toMatchObject({
      actorId: null,
      actorName: 'Anonymous',
      recordType: 'user',
      requestId: 'reset-ask-1',
      ip: '127.0.0.1',
      after: { email: me.email },
    });

    await t.app.jobs.runDue();
    const link = new URL(mail.link(me.email));
    const follow = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    const token = new URL(String(follow.headers.location)).searchParams.get('token');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN, 'x-request-id': 'reset-done-1' },
      payload: { newPassword: 'new-password', token },
    });
    expect(reset.statusCode).toBe(200);
    const [done] = await rowsOf('auth.password_reset', me.userId);
    expect(done).toMatchObject({
      actorId: me.userId,
      actorName: `Rey Rider <${me.email}>`,
      requestId: 'reset-done-1',
    });
    const written = JSON.stringify([requested, done]);
    expect(written).not.toContain(String(token));
    expect(written).not.toContain('new-password');

    // An address nobody registered: nothing to record (and nothing to tell apart from the outside).
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: { email: uniqueEmail('ghost'), redirectTo: `${ORIGIN}/reset-password` },
    });
    expect(await rowsOf('auth.password_reset_requested')).toHaveLength(1);
  });

  it('a role change through ADMIN_EMAILS is recorded as the shop’s settings acting', async () => {
    const boss = await signUp(t.app, { name: 'Bo Boss', email: bootstrap });
    // Sign-up already made them an admin (no change to record); demoted, the next exchange restores it.
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, boss.userId));
    await t.app.sessionCache.forgetUsers([boss.userId]);
    await accessKeyFor(t.app, bootstrap, boss.token);
    const [row, ...more] = await rowsOf('user.role_change', boss.userId);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      actorId: null,
      actorName: 'System (ADMIN_EMAILS)',
      before: { role: 'user', email: bootstrap },
      after: { role: 'admin', email: bootstrap },
    });
  });

  it('a sign-in lockout is recorded once per address and window', async () => {
    const before = (await rowsOf('auth.lockout')).length;
    const email = uniqueEmail('locked');
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) answers.push((await signIn(t.app, email, 'wrong-password')).statusCode);
    expect(answers).toEqual([401, 401, 401, 429, 429]);
    // Written beside the refusal, not in its path: give it its moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rows = await rowsOf('auth.lockout');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ actorName: 'Anonymous', recordType: 'user', ip: '127.0.0.1' });
  });
});
