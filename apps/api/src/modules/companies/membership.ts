import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, companyMembers, type COMPANY_ROLES } from '../../db/schema.js';

export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** What the shop needs to know about a signed-in customer's company when they order or read prices. */
export interface Membership {
  companyId: string;
  companyName: string;
  role: CompanyRole;
  /** A buyer's most per order without an approver, in cents; null: no limit. */
  orderLimitCents: number | null;
  poRequired: boolean;
  priceListId: string | null;
  taxExempt: boolean;
}

/** Who is ordering: the account and, when they belong to one, their company and role in it. */
export interface Buyer {
  userId: string;
  membership: Membership | null;
}

/** The customer's company membership, read fresh (one indexed join): a removed member has none at once. */
export async function membershipOf(db: Db, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({
      companyId: companyMembers.companyId,
      companyName: companies.name,
      role: companyMembers.role,
      orderLimitCents: companyMembers.orderLimitCents,
      poRequired: companies.poRequired,
      priceListId: companies.priceListId,
      taxExempt: companies.taxExempt,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function buyerOf(db: Db, userId: string): Promise<Buyer> {
  return { userId, membership: await membershipOf(db, userId) };
}
