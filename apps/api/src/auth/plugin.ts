import { createHmac, timingSafeEqual } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Role } from '@pitstop/core/accounts';
import { hasControlCharacters } from '@pitstop/core/control-characters';
import { sessions, users, type UserRow } from '../db/schema.js';
import { AppError, problem } from '../lib/errors.js';
import { redisStoreWithLocalFallback } from '../lib/rate-limit-store.js';
import { findRefusedText, refusedTextError } from '../lib/text-guard.js';
import type { Auth } from './auth.js';
import { SESSION_CACHE_TTL_MS, type SessionCache } from './session-cache.js';
import { lockoutRecorder } from '../modules/audit/lockouts.js';
import { auditContextOf, withAuditContext } from '../modules/audit/service.js';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The session's token: what the SPA keeps as its access token. */
  token: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    sessionCache: SessionCache;
    sessionSettings: SessionSettings;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** The signed-in user's whole row, read with the session (GET /api/me answers from it). */
    account: UserRow | null;
  }
}

/**
 * The shop's text rule before better-auth runs (decision 027). Every text its endpoints take —
 * names, emails, passwords, tokens, addresses to return to — is one line, so any control
 * character is the shop's 400 naming the field (better-auth alone answered 422, or failed in the
 * database on a NUL). A name goes on NFC-normalised, as the shop's other names are.
 */
function checkAuthText(request: FastifyRequest): AppError | undefined {
  const refused = (text: string) => hasControlCharacters(text);
  for (const [where, value] of [
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const path = findRefusedText(value, refused);
    if (path) return refusedTextError(path, where);
  }
  const body = request.body as { name?: unknown } | null | undefined;
  if (body && typeof body === 'object' && typeof body.name === 'string') {
    body.name = body.name.normalize('NFC');
  }
  return undefined;
}

/** Which better-auth paths are rate limited, each with its own counter per client address. */
function limitedGroup(url: string): string | undefined {
  const path = url.split('?')[0] ?? '';
  if (path.startsWith('/api/auth/sign-in')) return 'sign-in';
  if (path.startsWith('/api/auth/sign-up')) return 'sign-up';
  if (path.startsWith('/api/auth/request-password-reset') || path === '/api/auth/reset-password')
    return 'reset';
  return undefined;
}

/** What the fast session lookup needs from better-auth, read once at start. */
export interface SessionSettings {
  secret: string;
  cookieName: string;
  expiresInMs: number;
  updateAgeMs: number;
}
/** better-auth signs a session token as `token.base64(HMAC-SHA256(secret, token))`. */
function verifiedToken(value: string, secret: string): string | undefined {
  const decoded = value.includes('%') ? safeDecode(value) : value;
  const dot = decoded.lastIndexOf('.');
  if (dot < 1) return undefined;
  const token = decoded.slice(0, dot);
  const given = Buffer.from(decoded.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The session token a request carries, as better-auth's bearer plugin and cookie reading accept
 * it: `Authorization: Bearer <token>` (signed, or the bare token the access key exchange hands
 * out), else the signed session cookie.
 */
export function sessionTokenOf(request: FastifyRequest, s: SessionSettings): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization && authorization.slice(0, 7).toLowerCase() === 'bearer ') {
    const value = authorization.slice(7).trim();
    const token = value.includes('.') ? verifiedToken(value, s.secret) : value || undefined;
    if (token) return token;
  }
  const cookie = request.headers.cookie;
  if (!cookie) return undefined;
  for (const part of cookie.split(';')) {
    const eqAt = part.indexOf('=');
    if (eqAt > 0 && part.slice(0, eqAt).trim() === s.cookieName) {
      return verifiedToken(part.slice(eqAt + 1).trim(), s.secret);
    }
  }
  return undefined;
}

function toSessionUser(user: UserRow, token: string): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role === 'admin' ? 'admin' : 'user',
    token,
  };
}

/**
 * The signed-in user of this request (bearer token or session cookie), role fresh: from the
 * session cache, else one indexed query (session token → its user). Every change to a session
 * or user clears the cache on every process first (see SessionCache), so a sign-out, reset or
 * demotion takes effect on the next request. A session due for its sliding refresh goes
 * through better-auth's getSession, which writes the new expiry.
 */
export async function readSessionUser(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  if (request.user !== null) return request.user;
  const s = app.sessionSettings;
  const token = sessionTokenOf(request, s);
  if (!token) return null;
  const cache = app.sessionCache;
  let entry = cache.get(token);
  if (!entry) {
    const stamp = cache.stamp();
    const [row] = await app.db
      .select({ expiresAt: sessions.expiresAt, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.token, token))
      .limit(1);
    const now = Date.now();
    if (!row || row.expiresAt.getTime() <= now) return null;
    const refreshAt = row.expiresAt.getTime() - s.expiresInMs + s.updateAgeMs;
    if (refreshAt <= now) return readThroughBetterAuth(app, request);
    entry = {
      token,
      user: row.user,
      until: Math.min(now + SESSION_CACHE_TTL_MS, row.expiresAt.getTime(), refreshAt),
    };
    cache.set(entry, stamp);
  }
  request.account = entry.user;
  request.user = toSessionUser(entry.user, token);
  return request.user;
}

async function readThroughBetterAuth(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  const found = await app.auth.api
    .getSession({ headers: fromNodeHeaders(request.headers) })
    .catch(() => null);
  if (!found) return null;
  const [row] = await app.db.select().from(users).where(eq(users.id, found.user.id)).limit(1);
  if (!row) return null;
  request.account = row;
  request.user = toSessionUser(row, found.session.token);
  return request.user;
}

export function requireUser(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const user = await readSessionUser(app, request);
    if (!user) throw new AppError('unauthorized', 'Please log in first.');
  };
}

export function requireAdmin(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const user = await readSessionUser(app, request);
    if (!user) throw new AppError('unauthorized', 'Please log in first.');
    if (user.role !== 'admin') throw new AppError('forbidden', 'Opps! Sorry');
  };
}

/** The user a guarded handler runs for (requireUser ran before it). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('unauthorized', 'Please log in first.');
  return request.user;
}

/** The signed-in user's row as read with the session (requireUser ran before it). */
export function currentAccount(request: FastifyRequest): UserRow {
  if (!request.account) throw new AppError('unauthorized', 'Please log in first.');
  return request.account;
}

/**
 * Mounts better-auth's fetch handler on /api/auth/*, behind per-address rate limits on
 * sign-in, sign-up and password reset.
 */
export async function registerAuth(
  app: FastifyInstance,
  auth: Auth,
  opts: { rateLimitPerMinute: number; redis: Redis | undefined; sessionCache: SessionCache },
): Promise<void> {
  app.decorate('auth', auth);
  app.decorate('sessionCache', opts.sessionCache);
  app.decorateRequest('user', null);
  app.decorateRequest('account', null);
  const context = await auth.$context;
  app.decorate('sessionSettings', {
    secret: context.secret,
    cookieName: context.authCookies.sessionToken.name,
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  });

  await app.register(rateLimit, {
    global: false,
    // Shared across processes through Redis; counted in-process while Redis is unreachable.
    ...(opts.redis ? { store: redisStoreWithLocalFallback(opts.redis, 'pitstop-rl:') as never } : {}),
    errorResponseBuilder: (_request, context) => ({
      ...problem(
        429,
        `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      ),
      statusCode: 429,
    }),
  });

  // A sign-in refused by the limiter is a lockout: the audit trail records it.
  const recordLockout = lockoutRecorder(app.db, 60_000);
  await app.register(async (scope) => {
    // better-auth reads the raw body itself; form posts (OAuth form_post callbacks) pass through as text.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, body),
    );
    scope.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      preValidation: (request, _reply, done) => done(checkAuthText(request)),
      config: {
        rateLimit: {
          max: opts.rateLimitPerMinute,
          timeWindow: 60_000,
          allowList: (request: FastifyRequest) => limitedGroup(request.url) === undefined,
          keyGenerator: (request: FastifyRequest) => `${request.ip}|${limitedGroup(request.url) ?? 'other'}`,
          onExceeded: (request: FastifyRequest, key: string) => {
            if (limitedGroup(request.url) === 'sign-in') recordLockout(request, key);
          },
        },
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const url = new URL(request.url, app.config.publicUrl);
        const headers = fromNodeHeaders(request.headers);
        let body: string | undefined;
        if (request.method !== 'GET' && request.body !== undefined && request.body !== null) {
          body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
        }
        // better-auth's callbacks (a password reset's) write their audit rows with this request's id and address.
        const response = await withAuditContext(auditContextOf(request), () =>
          auth.handler(new Request(url, { method: request.method, headers, body })),
        );
        reply.code(response.status);
        response.headers.forEach((value, key) => {
          if (key !== 'set-cookie') void reply.header(key, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length) void reply.header('set-cookie', cookies);
        return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
      },
    });
  });
}
