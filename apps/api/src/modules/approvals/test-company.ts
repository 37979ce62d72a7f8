import type { Db } from '../../db/client.js';
import { companies, companyMembers, creditAccounts } from '../../db/schema.js';
import type { CompanyRole } from '../companies/membership.js';

/**
 * A company with these accounts as members, written straight to the tables (for tests): the
 * company's own screens and API make them the same way through invitations.
 */
export async function makeCompany(
  db: Db,
  members: { userId: string; role: CompanyRole; orderLimitCents?: number | null }[],
  options: { name?: string; poRequired?: boolean; creditLimitCents?: number } = {},
): Promise<string> {
  const [company] = await db
    .insert(companies)
    .values({
      name: options.name ?? 'Bayside Couriers',
      taxId: '12-3456789',
      billingAddress: {
        name: 'Bayside Couriers',
        street: '1 Depot Way',
        city: 'Oakland',
        state: 'CA',
        zip: '94607',
        phone: '(510) 555-0142',
      },
      poRequired: options.poRequired ?? false,
    })
    .returning({ id: companies.id });
  if (!company) throw new Error('company was not inserted');
  await db.insert(companyMembers).values(
    members.map((m) => ({
      userId: m.userId,
      companyId: company.id,
      role: m.role,
      orderLimitCents: m.orderLimitCents ?? null,
    })),
  );
  if (options.creditLimitCents !== undefined) {
    // The company's line, kept with its owner's row; every member's own row too, so the line is
    // found whether it is looked up by the company or by the account.
    const owner = members.find((m) => m.role === 'owner');
    await db.insert(creditAccounts).values(
      members.map((m) => ({
        userId: m.userId,
        limitCents: options.creditLimitCents ?? 0,
        companyId: m === owner ? company.id : null,
      })),
    );
  }
  return company.id;
}
