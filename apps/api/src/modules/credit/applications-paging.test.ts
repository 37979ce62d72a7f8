import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditApplicationPage } from '@pitstop/core/credit';
import { creditApplications, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, signUp, type Customer } from '../../test/accounts.js';

/** The admin's list of credit applications has no cap: every one is reached, a page at a time. */
let t: TestApp;
let admin: Customer;
const ids: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  const applicant = await signUp(t.app);
  // Seven applications of one applicant (one may wait at a time), two of them in the same
  // microsecond, so the cursor's id breaks the tie.
  const base = Date.parse('2026-11-01T10:00:00.000Z');
  const times = [0, 1, 2, 3, 3, 4, 5].map((minutes) => new Date(base + minutes * 60_000));
  const rows = await t.database.db
    .insert(creditApplications)
    .values(
      times.map((createdAt, i) => ({
        userId: applicant.userId,
        businessName: `Business ${i}`,
        contactName: 'Dana Fleet',
        email: 'dana@example.com',
        phone: '(415) 555-0199',
        ein: '12-3456789',
        yearsInBusiness: 3,
        requestedLimitCents: 100_000,
        status: i === 6 ? ('pending' as const) : ('declined' as const),
        createdAt,
      })),
    )
    .returning({ id: creditApplications.id });
  ids.push(...rows.map((r) => r.id));
});
afterAll(async () => {
  await t.close();
});

async function page(query: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/credit-applications?${query}`,
    headers: bearer(admin.token),
  });
  return res;
}

describe('credit applications, paged', () => {
  it('walks every application once, newest first, three at a time', async () => {
    const seen: string[] = [];
    const times: string[] = [];
    let before: string | null = null;
    for (let n = 0; n < 5; n++) {
      const res = await page(`limit=3${before ? `&before=${before}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as CreditApplicationPage;
      expect(body.items.length).toBeLessThanOrEqual(3);
      seen.push(...body.items.map((a) => a.id));
      times.push(...body.items.map((a) => a.createdAt));
      before = body.next;
      if (!before) break;
    }
    expect(before).toBeNull();
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(ids));
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('pages within a status filter, and refuses a cursor of no page with 400', async () => {
    const declined = (await page('status=declined&limit=4')).json() as CreditApplicationPage;
    expect(declined.items).toHaveLength(4);
    const rest = (
      await page(`status=declined&limit=4&before=${declined.next}`)
    ).json() as CreditApplicationPage;
    expect(rest.items).toHaveLength(2);
    expect(rest.next).toBeNull();
    expect([...declined.items, ...rest.items].every((a) => a.status === 'declined')).toBe(true);
    const bad = await page('before=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors?.[0]?.field ?? bad.json().invalidParams?.[0]?.name ?? 'before').toBe('before');
  });
});
