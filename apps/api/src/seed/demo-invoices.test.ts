import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices, statements } from '../db/schema.js';
import { createPart } from './factories.js';
import { useTestApp } from '../test/app.js';
import { signUp } from '../test/accounts.js';
import { companyWith } from '../test/invoices.js';
import { seedDemoInvoices } from './demo-invoices.js';

const t = useTestApp();

describe('demo invoices', () => {
  it('gives the demo company three past on-account invoices and last month’s statement, once', async () => {
    for (let i = 0; i < 9; i++) await createPart(t.database.db, { priceCents: 1000 + i * 100 });
    const owner = await signUp(t.app);
    const companyId = await companyWith(t.database.db, [{ who: owner, role: 'owner' }], 'Bayside Couriers');
    const now = new Date('2026-11-27T12:00:00Z');
    expect(await seedDemoInvoices(t.database.db, 'http://localhost:3000', now)).toBe(3);
    expect(await seedDemoInvoices(t.database.db, 'http://localhost:3000', now)).toBe(0);
    const rows = await t.database.db.select().from(invoices).where(eq(invoices.companyId, companyId));
    expect(rows).toHaveLength(3);
    const [statement] = await t.database.db
      .select()
      .from(statements)
      .where(eq(statements.companyId, companyId));
    expect(statement?.month).toBe('2026-10-01');
    expect(statement!.closingBalanceCents).toBeGreaterThan(0);
    expect(statement!.openingBalanceCents + statement!.chargesCents - statement!.paymentsCents).toBe(
      statement!.closingBalanceCents,
    );
  });
});
