import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { orderApprovals, orders } from '../db/schema.js';
import { makeCompany } from '../modules/approvals/test-company.js';
import { useTestApp } from '../test/app.js';
import { signUp } from '../test/accounts.js';
import { seedDemoApprovals } from './demo-approvals.js';
import { createPart } from './factories.js';

const t = useTestApp();

it('places one order of the demo buyer over their limit, waiting for approval, once', async () => {
  const owner = await signUp(t.app);
  const buyer = await signUp(t.app, { email: 'buyer@pitstop.com', name: 'Bea Buyer' });
  await makeCompany(
    t.database.db,
    [
      { userId: owner.userId, role: 'owner' },
      { userId: buyer.userId, role: 'buyer', orderLimitCents: 50_000 },
    ],
    { creditLimitCents: 1_000_000 },
  );
  await createPart(t.database.db, { priceCents: 12_000, availablequantity: 50, minquantity: 1 });

  expect(await seedDemoApprovals(t.database.db, 'http://localhost:3000')).toBe(1);
  const [order] = await t.database.db.select().from(orders).where(eq(orders.userId, buyer.userId));
  expect(order).toMatchObject({
    status: 'awaiting_approval',
    poNumber: 'BC-PO-1001',
    paymentMethod: 'account',
  });
  expect(order?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3_600_000);
  const approvals = await t.database.db.select().from(orderApprovals);
  expect(approvals).toHaveLength(1);
  expect(await seedDemoApprovals(t.database.db, 'http://localhost:3000')).toBe(0);
});
