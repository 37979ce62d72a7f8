import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const ORIGIN = 'http://localhost:3000';

export function uniqueEmail(prefix = 'rider'): string {
  // The shop's email rule allows only lowercase letters and digits before the @.
  return `${prefix}${randomUUID().replaceAll('-', '').slice(0, 12)}@example.com`;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function signUp(
  app: FastifyInstance,
  input: { name?: string; email?: string; password?: string } = {},
): Promise<{ email: string; password: string; token: string; userId: string }> {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? 'secret-pass-1';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    payload: { name: input.name ?? 'Test Rider', email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const token = res.headers['set-auth-token'];
  if (typeof token !== 'string') throw new Error('no set-auth-token header');
  return { email, password, token, userId: res.json().user.id };
}

/** A signed-up customer: what `signUp` answers. */
export type Customer = Awaited<ReturnType<typeof signUp>>;

export async function signIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ORIGIN },
    payload: { email, password },
  });
}

/** The spec's exchange: a session's token for the access key the SPA keeps. */
export async function accessKeyFor(app: FastifyInstance, email: string, token: string): Promise<string> {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/user/${email}`,
    headers: bearer(token),
    payload: { email },
  });
  if (res.statusCode !== 200) throw new Error(`exchange failed: ${res.statusCode} ${res.body}`);
  return res.json().accessKey;
}
