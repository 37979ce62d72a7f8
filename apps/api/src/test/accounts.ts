import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import type { TestApp } from './app.js';

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

/** Gives a signed-up account the admin role, as an admin does from the users screen. */
export async function makeAdmin(db: Db, who: Pick<Customer, 'userId'>): Promise<void> {
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, who.userId));
}

/** A signed-up account with the admin role. */
export async function signUpAdmin(t: TestApp, input: Parameters<typeof signUp>[1] = {}): Promise<Customer> {
  const admin = await signUp(t.app, input);
  await makeAdmin(t.database.db, admin);
  return admin;
}

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
