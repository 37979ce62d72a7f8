import { createEmailVerificationToken } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { users } from '../db/schema.js';
import type { Mail } from '../lib/mail.js';

const SHOP = 'Pitstop Parts';

/**
 * The name the sign-up's verification mail is queued under. The job is written by a trigger on
 * the user row (migration 0017), so it commits with the account itself: a crash between
 * better-auth's commit and a later queueing step can no longer lose it.
 */
export const VERIFY_EMAIL_MAIL = 'verify-email';

/** How long a verification link stays good. */
export const VERIFY_EMAIL_EXPIRES_IN_SECONDS = 60 * 60 * 24;

/** The mail, the same whether it follows a sign-up or a "send it again". */
export function verifyEmailMail(user: { name: string; email: string }, url: string): Mail {
  return {
    to: user.email,
    subject: `Confirm your email for ${SHOP}`,
    text: `Hello ${user.name},\n\nWelcome to ${SHOP}. Please confirm your email address by opening this link:\n\n${url}\n\n${SHOP}\n`,
  };
}

const PayloadSchema = z.object({ userId: z.string() });

/** What the renderer needs of better-auth: its secret and where its routes are (auth.$context). */
interface AuthContextSource {
  $context: Promise<{ secret: string; baseURL: string }>;
}

/**
 * Writes the sign-up's verification mail when its job runs: the link's token is made then, as
 * better-auth makes it (a signed JWT of the address, for the same lifetime, back to the home
 * page as the sign-up form asks). A user already verified (the demo accounts, a Google sign-up
 * that verified meanwhile) or gone gets no mail.
 */
export function registerVerifyEmailMail(app: FastifyInstance, auth: AuthContextSource): void {
  app.jobs.renderMail(VERIFY_EMAIL_MAIL, async (payload) => {
    const { userId } = PayloadSchema.parse(payload);
    const [user] = await app.db
      .select({ name: users.name, email: users.email, verified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user || user.verified) return null;
    const context = await auth.$context;
    const token = await createEmailVerificationToken(
      context.secret,
      user.email,
      undefined,
      VERIFY_EMAIL_EXPIRES_IN_SECONDS,
      { userId },
    );
    return verifyEmailMail(user, `${context.baseURL}/verify-email?token=${token}&callbackURL=%2F`);
  });
}
