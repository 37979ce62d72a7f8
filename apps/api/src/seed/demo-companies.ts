import { eq, sql } from 'drizzle-orm';
import type { Auth } from '../auth/auth.js';
import type { Db } from '../db/client.js';
import { addresses, companies, companyMembers, creditAccounts, users } from '../db/schema.js';
import type { CompanyRole } from '../modules/companies/membership.js';

/**
 * Development and test only (never production): the fleet "Bayside Couriers" for `npm start`,
 * owned by fleet@pitstop.com with a buyer (order limit $500), an approver and an accountant, a
 * shared depot address and a $10,000 credit line. Each account's password is its role's.
 */
export const DEMO_COMPANY = {
  name: 'Bayside Couriers',
  taxId: '94-3216540',
  billingAddress: {
    name: 'Bayside Couriers',
    street: '1 Embarcadero Center',
    city: 'San Francisco',
    state: 'CA',
    zip: '94111',
    phone: '(415) 555-0170',
  },
  creditLimitCents: 1_000_000,
  depot: {
    name: 'Bayside Couriers depot',
    street: '2200 Jerrold Ave',
    city: 'San Francisco',
    state: 'CA',
    zip: '94124',
    phone: '(415) 555-0171',
  },
} as const;

export const DEMO_COMPANY_MEMBERS: readonly {
  name: string;
  email: string;
  password: string;
  role: CompanyRole;
  orderLimitCents: number | null;
}[] = [
  {
    name: 'Frankie Fleet',
    email: 'fleet@pitstop.com',
    password: 'pitstop-fleet',
    role: 'owner',
    orderLimitCents: null,
  },
  {
    name: 'Bea Buyer',
    email: 'buyer@pitstop.com',
    password: 'pitstop-buyer',
    role: 'buyer',
    orderLimitCents: 50_000,
  },
  {
    name: 'Abe Approver',
    email: 'approver@pitstop.com',
    password: 'pitstop-approver',
    role: 'approver',
    orderLimitCents: null,
  },
  {
    name: 'Ada Accounts',
    email: 'accounts@pitstop.com',
    password: 'pitstop-accounts',
    role: 'accountant',
    orderLimitCents: null,
  },
];

/** Makes the demo company once (nothing when it exists); answers how many members it added. */
export async function seedDemoCompanies(db: Db, auth: Auth): Promise<number> {
  const [existing] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, DEMO_COMPANY.name))
    .limit(1);
  if (existing) return 0;

  const ids: { id: string; member: (typeof DEMO_COMPANY_MEMBERS)[number] }[] = [];
  for (const member of DEMO_COMPANY_MEMBERS) {
    const [found] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, member.email))
      .limit(1);
    let id = found?.id;
    if (!id) {
      const { user } = await auth.api.signUpEmail({
        body: { name: member.name, email: member.email, password: member.password },
      });
      await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
      id = user.id;
    }
    ids.push({ id, member });
  }
  const owner = ids.find(({ member }) => member.role === 'owner')!;

  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [company] = await tx
      .insert(companies)
      .values({
        name: DEMO_COMPANY.name,
        taxId: DEMO_COMPANY.taxId,
        billingAddress: { ...DEMO_COMPANY.billingAddress },
        createdBy: owner.id,
      })
      .returning({ id: companies.id });
    if (!company) throw new Error('demo company was not inserted');
    let added = 0;
    for (const { id, member } of ids) {
      const rows = await tx
        .insert(companyMembers)
        .values({
          userId: id,
          companyId: company.id,
          role: member.role,
          orderLimitCents: member.orderLimitCents,
        })
        .onConflictDoNothing()
        .returning({ userId: companyMembers.userId });
      added += rows.length;
    }
    await tx
      .insert(creditAccounts)
      .values({ userId: owner.id, limitCents: DEMO_COMPANY.creditLimitCents, companyId: company.id })
      .onConflictDoUpdate({
        target: creditAccounts.userId,
        set: { limitCents: DEMO_COMPANY.creditLimitCents, companyId: company.id },
      });
    await tx.insert(addresses).values({ userId: owner.id, companyId: company.id, ...DEMO_COMPANY.depot });
    return added;
  });
}
