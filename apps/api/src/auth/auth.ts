import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { createEmailVerificationToken } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { withoutControlCharacters } from '@pitstop/core/control-characters';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { accounts, sessions, users, verifications } from '../db/schema.js';
import type { Mail, Mailer } from '../lib/mail.js';
import { enqueueMail } from '../modules/jobs/queue.js';
import { passwordResetAudit } from '../modules/audit/password-resets.js';
import type { SessionCache } from './session-cache.js';

const SHOP = 'Pitstop Parts';

/** The public origin; outside production also its localhost / 127.0.0.1 twin, which browsers treat apart. */
function trustedOrigins(config: Config): string[] {
  const origins = [config.publicUrl];
  if (config.env !== 'production') {
    const url = new URL(config.publicUrl);
    const twin =
      url.hostname === 'localhost' ? '127.0.0.1' : url.hostname === '127.0.0.1' ? 'localhost' : undefined;
    if (twin) {
      url.hostname = twin;
      origins.push(url.origin);
    }
  }
  return origins;
}

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  secret: string;
  log: FastifyBaseLogger;
  /** Emails an admin has just added: their first reset mail is a welcome. */
  invitations: Set<string>;
  /** Cleared on every process whenever better-auth changes or removes a session or user. */
  sessionCache?: SessionCache;
  /** Tells the job runner a mail was queued (after the sign-up's transaction committed). */
  wake?: () => void;
}

const VERIFY_EMAIL_EXPIRES_IN = 60 * 60 * 24;

function verificationMail(name: string, email: string, url: string): Mail {
  return {
    to: email,
    subject: `Confirm your email for ${SHOP}`,
    text: `Hello ${name},\n\nWelcome to ${SHOP}. Please confirm your email address by opening this link:\n\n${url}\n\n${SHOP}\n`,
  };
}

/**
 * The database better-auth writes through, with each of its transactions remembered, so that a
 * hook running inside one (a new user's) can queue the verification mail in that transaction:
 * the user and their mail commit together, or neither does (decision 027, Leftovers).
 */
function rememberingTransactions(db: Db, current: AsyncLocalStorage<Db>): Db {
  const transaction: Db['transaction'] = (work, config) =>
    db.transaction((tx) => current.run(tx as unknown as Db, () => work(tx)), config);
  return new Proxy(db, {
    get: (target, property) =>
      property === 'transaction' ? transaction : Reflect.get(target, property, target),
  });
}

/**
 * better-auth with email + password (verification mail on sign-up, reset mail), bearer tokens
 * for the SPA, and Google over OpenID Connect when configured. Rate limits are ours (Fastify),
 * not better-auth's, so they share one store across processes.
 */
export function createAuth({ config, db, mailer, secret, log, invitations, sessionCache, wake }: AuthDeps) {
  const admins = new Set(config.adminEmails);
  const resets = passwordResetAudit(db, config.auditLog);
  const authTransaction = new AsyncLocalStorage<Db>();
  const authBaseUrl = `${config.publicUrl}/api/auth`;
  return betterAuth({
    appName: SHOP,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(config),
    // Its writes for one request (sign-up: the user, the account, the session) in one transaction.
    database: drizzleAdapter(rememberingTransactions(db, authTransaction), {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
      transaction: true,
    }),
    rateLimit: { enabled: false },
    // better-auth's messages go to our structured log, at its level.
    logger: {
      log: (level, message, ...args) =>
        log[level === 'debug' ? 'debug' : level]({ args }, `better-auth: ${message}`),
    },
    telemetry: { enabled: false },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        occupation: { type: 'string', required: false, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      requireEmailVerification: false,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      onPasswordReset: async ({ user }) => resets.done(user),
      sendResetPassword: async ({ user, url }) => {
        await resets.requested(user);
        // An account an admin just created: welcome them and let them choose a password.
        if (invitations.delete(user.email.toLowerCase())) {
          await mailer.send({
            to: user.email,
            subject: `Your ${SHOP} account is ready`,
            text: `Hello ${user.name},\n\nAn account at ${SHOP} was created for you. Choose your password with this link (valid for an hour; you can ask for a new one from the log-in page):\n\n${url}\n\n${SHOP}\n`,
          });
          return;
        }
        await mailer.send({
          to: user.email,
          subject: `Reset your ${SHOP} password`,
          text: `Hello ${user.name},\n\nSomeone asked to reset the password of your ${SHOP} account. To choose a new one, open this link within an hour:\n\n${url}\n\nIf it was not you, ignore this mail; your password stays as it is.\n\n${SHOP}\n`,
        });
      },
    },
    emailVerification: {
      // better-auth would send it after its transaction commits, where a crash loses it; the
      // user's create hook below queues it inside that transaction instead.
      sendOnSignUp: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_EMAIL_EXPIRES_IN,
      // "Send it again" (/send-verification-email) follows no change of ours: queued directly.
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(verificationMail(user.name, user.email, url));
      },
    },
    // The session cache (decision 015) forgets what better-auth changes — sign-out, revoked
    // sessions, a password reset's revocations, profile and email updates, deleted users —
    // on every process before the answer goes out.
    databaseHooks: {
      user: {
        create: {
          // Bootstrap admins come from ADMIN_EMAILS; nobody can sign themselves up as one.
          // A name from Google's profile cannot be refused like a typed one (the sign-up route
          // refuses those, see checkAuthText): it is stored without control characters, NFC.
          // An unverified address (email sign-up, an admin's new user, a provider that does not
          // vouch for it) gets its verification mail queued in the user's own transaction; the
          // id is chosen here so the link is bound to this user, as better-auth binds its own.
          before: async (user, context) => {
            const generated = context?.context.generateId({ model: 'user' });
            const id =
              (user as { id?: string }).id || (typeof generated === 'string' ? generated : undefined);
            const data = {
              ...user,
              ...(id ? { id } : {}),
              name: withoutControlCharacters(user.name).trim().normalize('NFC'),
              role: admins.has(user.email.toLowerCase()) ? 'admin' : 'user',
            };
            if (!data.emailVerified) {
              const token = await createEmailVerificationToken(
                secret,
                data.email,
                undefined,
                VERIFY_EMAIL_EXPIRES_IN,
                id ? { userId: id } : undefined,
              );
              const body = context?.body as { callbackURL?: unknown } | undefined;
              const callbackURL = typeof body?.callbackURL === 'string' ? body.callbackURL : '/';
              const url = `${authBaseUrl}/verify-email?token=${token}&callbackURL=${encodeURIComponent(callbackURL)}`;
              const mail = verificationMail(data.name, data.email, url);
              const tx = authTransaction.getStore();
              if (tx) await enqueueMail(tx, mail);
              else await mailer.send(mail);
            }
            return { data };
          },
          after: async () => wake?.(),
        },
        update: { after: async (user) => sessionCache?.forgetUsers([user.id]) },
        delete: { after: async (user) => sessionCache?.forgetUsers([user.id]) },
      },
      session: {
        update: { after: async (session) => sessionCache?.forgetTokens([session.token]) },
        delete: { after: async (session) => sessionCache?.forgetTokens([session.token]) },
      },
    },
    plugins: [
      bearer(),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: config.google.discoveryUrl,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
