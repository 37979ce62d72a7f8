import { eq } from 'drizzle-orm';
import type { Auth } from '../auth/auth.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';

/** Development and test only (never production): one admin and one customer to try the shop with. */
export const DEMO_ACCOUNTS = [
  { name: 'Pitstop Admin', email: 'admin@pitstop.com', password: 'pitstop-admin', role: 'admin' },
  { name: 'Riley Rider', email: 'rider@pitstop.com', password: 'pitstop-rider', role: 'user' },
] as const;

export async function seedDemoAccounts(db: Db, auth: Auth): Promise<number> {
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, account.email))
      .limit(1);
    if (existing) continue;
    const { user } = await auth.api.signUpEmail({
      body: { name: account.name, email: account.email, password: account.password },
    });
    await db.update(users).set({ role: account.role, emailVerified: true }).where(eq(users.id, user.id));
    created++;
  }
  return created;
}
