import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { withoutControlCharacters } from '@pitstop/core/control-characters';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { accounts, sessions, users, verifications } from '../db/schema.js';
import type { Mailer } from '../lib/mail.js';
import { passwordResetAudit } from '../modules/audit/password-resets.js';
import type { SessionCache } from './session-cache.js';
import { VERIFY_EMAIL_EXPIRES_IN_SECONDS, verifyEmailMail } from './verify-email-mail.js';

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
  /** How passwords are hashed and checked; better-auth's scrypt unless given (tests reuse hashes). */
  passwords?: PasswordHashing;
}

/** A password's hash and its check, as better-auth takes them. */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

/**
 * better-auth with email + password (verification mail on sign-up, reset mail), bearer tokens
 * for the SPA, and Google over OpenID Connect when configured. Rate limits are ours (Fastify),
 * not better-auth's, so they share one store across processes.
 */
export function createAuth({
  config,
  db,
  mailer,
  secret,
  log,
  invitations,
  sessionCache,
  passwords,
}: AuthDeps) {
  const admins = new Set(config.adminEmails);
  const resets = passwordResetAudit(db, config.auditLog);
  return betterAuth({
    appName: SHOP,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
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
      ...(passwords ? { password: passwords } : {}),
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
      // The sign-up's mail is queued by a trigger on the new user row, in the sign-up's own
      // statement (verify-email-mail.ts); this callback serves "send it again".
      sendOnSignUp: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_EMAIL_EXPIRES_IN_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(verifyEmailMail(user, url));
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
          before: async (user) => ({
            data: {
              ...user,
              name: withoutControlCharacters(user.name).trim().normalize('NFC'),
              role: admins.has(user.email.toLowerCase()) ? 'admin' : 'user',
            },
          }),
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
