import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditTexts } from '@pitstop/core/messages';
import type { SessionUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { creditApplications, jobs, orders, users } from '../../db/schema.js';
import { createPart } from '../../seed/factories.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signUp } from '../../test/accounts.js';
import { placeUnpaidOrder } from '../../test/orders.js';
import type { AuditContext } from '../audit/service.js';
import { applyForCredit, decideCreditApplication } from '../credit/service.js';
import { adminCancelOrder } from '../orders/service.js';

/**
 * The sign-up, cancellation and credit-decision mails are queued in the transaction of their change
 * (decision 027, Leftovers): a change that commits has its mail's job row at once, before any job
 * runs, and one that rolls back (here: an outer transaction that fails after the change) has none.
 */
const APPLICATION = {
  businessName: 'Rapid Couriers LLC',
  contactName: 'Dana Fleet',
  email: 'dana@rapidcouriers.example',
  phone: '(415) 555-0199',
  ein: '12-3456789',
  yearsInBusiness: 6,
  requestedLimit: 5000,
};
const publicUrl = 'https://shop.example';
const noRefund = () => Promise.reject(new Error('an unpaid order is not refunded'));
const audit: AuditContext = { actorId: null, actorName: 'Test', requestId: null, ip: null };

let t: TestApp;
let admin: SessionUser;
beforeAll(async () => {
  // No runner sends them meanwhile: the queued rows stay as the change wrote them.
  t = await createTestApp({ env: { JOB_POLL_MS: '3600000' } });
  const signedUp = await signUp(t.app);
  admin = { id: signedUp.userId, email: signedUp.email, name: 'Admin', role: 'admin', token: signedUp.token };
});
afterAll(async () => {
  await t.close();
});

const mailJobsTo = (to: string) =>
  t.database.db
    .select()
    .from(jobs)
    .where(sql`${jobs.kind} = 'mail' and ${jobs.payload}->>'to' = ${to}`);

/**
 * Runs `change` in a transaction that then fails, as a crash before the commit would: the
 * change's own `transaction` joins this one (PGlite's savepoints are not what is tested here).
 */
async function rolledBack(change: (tx: Db) => Promise<unknown>) {
  await expect(
    t.database.db.transaction(async (outer) => {
      const joined = new Proxy(outer as unknown as Db, {
        get: (target, key, receiver) =>
          key === 'transaction'
            ? (run: (tx: Db) => Promise<unknown>) => run(receiver as Db)
            : Reflect.get(target, key, receiver),
      });
      await change(joined);
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
}

describe('mails queued with their change', () => {
  it('a credit decision: committed, its mail’s job is there; rolled back, there is none', async () => {
    const me = await signUp(t.app);
    const caller: SessionUser = {
      id: me.userId,
      email: me.email,
      name: 'Dana',
      role: 'user',
      token: me.token,
    };
    const email = `credit-${me.userId.slice(0, 8)}@example.com`;
    const application = await applyForCredit(t.database.db, caller, { ...APPLICATION, email });
    const decision = { status: 'approved' as const, limit: 2000 };

    await rolledBack((tx) =>
      decideCreditApplication(tx, admin, application.id, decision, { publicUrl }, audit),
    );
    expect(await mailJobsTo(email)).toHaveLength(0);
    const [still] = await t.database.db
      .select()
      .from(creditApplications)
      .where(eq(creditApplications.id, application.id));
    expect(still?.status).toBe('pending');

    await decideCreditApplication(t.database.db, admin, application.id, decision, { publicUrl }, audit);
    const queued = await mailJobsTo(email);
    expect(queued).toHaveLength(1);
    expect(queued[0]?.payload).toMatchObject({ subject: creditTexts.approvedSubject });
  });

  it('an admin’s cancel: committed, its mail’s job is there; rolled back, there is none', async () => {
    const me = await signUp(t.app);
    const part = await createPart(t.database.db, { priceCents: 1500, availablequantity: 10 });
    const order = await placeUnpaidOrder(t.app, me, [{ partId: part.id, quantity: 1 }]);
    const cancellations = async () =>
      (await mailJobsTo(me.email)).filter(
        (j) => (j.payload as { subject?: string }).subject === 'Your Pitstop Parts order was cancelled',
      );

    await rolledBack((tx) => adminCancelOrder(tx, order._id, noRefund, admin, { publicUrl }, audit));
    expect(await cancellations()).toHaveLength(0);
    const [still] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(still?.status).toBe('unpaid');

    await adminCancelOrder(t.database.db, order._id, noRefund, admin, { publicUrl }, audit);
    const queued = await cancellations();
    expect(queued).toHaveLength(1);
    expect((queued[0]?.payload as { text: string }).text).toContain(order._id);
  });

  it('a sign-up: the verification mail’s job comes with the user row; a row rolled back has none, a verified one needs none', async () => {
    const verifyJobsFor = (userId: string) =>
      t.database.db
        .select()
        .from(jobs)
        .where(
          sql`${jobs.kind} = 'mail' and ${jobs.payload}->>'render' = 'verify-email' and ${jobs.payload}->>'userId' = ${userId}`,
        );

    // Through the sign-up route: the job is there before any runner has looked (the poll is an hour).
    const me = await signUp(t.app);
    expect(await verifyJobsFor(me.userId)).toHaveLength(1);

    // The row's own statement writes it: a user insert that rolls back leaves no job.
    const row = (id: string, emailVerified: boolean) => ({
      id,
      name: 'Row Test',
      email: `${id}@example.com`,
      emailVerified,
    });
    await rolledBack((tx) => tx.insert(users).values(row('rolled-back-user', false)));
    expect(await verifyJobsFor('rolled-back-user')).toHaveLength(0);
    // A user verified already (Google's, the demo accounts') is not asked to verify.
    await t.database.db.insert(users).values(row('verified-user', true));
    expect(await verifyJobsFor('verified-user')).toHaveLength(0);
  });
});
