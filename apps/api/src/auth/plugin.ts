import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Redis } from 'ioredis';
import type { Role } from '@pitstop/core/accounts';
import { AppError, problem } from '../lib/errors.js';
import type { Auth } from './auth.js';

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
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
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

/** The signed-in user of this request (bearer token or session cookie), role fresh from the database. */
export async function readSessionUser(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  if (request.user !== null) return request.user;
  const found = await app.auth.api
    .getSession({ headers: fromNodeHeaders(request.headers) })
    .catch(() => null);
  if (!found) return null;
  // getSession reads the session and its user from the database on every call (no cookie
  // cache is configured), so the role here is current: a demotion takes effect at once.
  const { user } = found;
  request.user = {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role === 'admin' ? 'admin' : 'user',
    token: found.session.token,
  };
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

/**
 * Mounts better-auth's fetch handler on /api/auth/*, behind per-address rate limits on
 * sign-in, sign-up and password reset.
 */
export async function registerAuth(
  app: FastifyInstance,
  auth: Auth,
  opts: { rateLimitPerMinute: number; redis: Redis | undefined },
): Promise<void> {
  app.decorate('auth', auth);
  app.decorateRequest('user', null);

  await app.register(rateLimit, {
    global: false,
    ...(opts.redis ? { redis: opts.redis, nameSpace: 'pitstop-rl:' } : {}),
    errorResponseBuilder: (_request, context) => ({
      ...problem(
        429,
        `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      ),
      statusCode: 429,
    }),
  });

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
      config: {
        rateLimit: {
          max: opts.rateLimitPerMinute,
          timeWindow: 60_000,
          allowList: (request: FastifyRequest) => limitedGroup(request.url) === undefined,
          keyGenerator: (request: FastifyRequest) => `${request.ip}|${limitedGroup(request.url) ?? 'other'}`,
        },
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const url = new URL(request.url, app.config.publicUrl);
        const headers = fromNodeHeaders(request.headers);
        let body: string | undefined;
        if (request.method !== 'GET' && request.body !== undefined && request.body !== null) {
          body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
        }
        const response = await auth.handler(new Request(url, { method: request.method, headers, body }));
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
