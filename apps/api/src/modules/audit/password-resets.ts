import type { Db } from '../../db/client.js';
import { actorLabel, currentAuditContext, recordAudit, SYSTEM, type AuditContext } from './service.js';

interface ResetUser {
  id: string;
  name: string;
  email: string;
}

/**
 * A password reset's two security events, written from better-auth's callbacks. better-auth
 * stores the reset token and the new password in statements of its own, with no transaction we
 * can join, so each row is written right after its change, before the answer goes out (and, for
 * a request, before the mail is sent). The request's id and address come from the scope the
 * /api/auth/* handler runs better-auth in (see withAuditContext).
 */
export function passwordResetAudit(db: Db, enabled: boolean) {
  const context = (): AuditContext => ({ ...(currentAuditContext() ?? SYSTEM), off: !enabled });
  return {
    /** Anyone may ask for a reset of any address: the asker is whoever signed in, else "Anonymous". */
    requested: (user: ResetUser) =>
      recordAudit(db, context(), {
        action: 'auth.password_reset_requested',
        recordType: 'user',
        recordId: user.id,
        after: { email: user.email },
      }),
    /** Only the holder of the mailed link gets here: the actor is the account's owner. */
    done: (user: ResetUser) =>
      recordAudit(
        db,
        { ...context(), actorId: user.id, actorName: actorLabel(user) },
        {
          action: 'auth.password_reset',
          recordType: 'user',
          recordId: user.id,
          after: { email: user.email, sessions: 'signed out everywhere' },
        },
      ),
  };
}
