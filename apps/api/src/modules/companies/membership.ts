import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, companyMembers, customerPriceLists, users, type COMPANY_ROLES } from '../../db/schema.js';

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
  /**
   * The price list assigned to the account itself (null: none), when read with the membership
   * (buyerOf); undefined: not read, and pricing asks.
   */
  ownPriceListId?: string | null;
}

/** The columns of a Membership, for both reads below. */
const MEMBERSHIP_COLUMNS = {
  companyId: companyMembers.companyId,
  companyName: companies.name,
  role: companyMembers.role,
  orderLimitCents: companyMembers.orderLimitCents,
  poRequired: companies.poRequired,
  priceListId: companies.priceListId,
  taxExempt: companies.taxExempt,
};

/** The customer's company membership, read fresh (one indexed join): a removed member has none at once. */
export async function membershipOf(db: Db, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select(MEMBERSHIP_COLUMNS)
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId))
    .limit(1);
  return row ?? null;
}

/**
 * buyerOf's columns, for a statement that reads the account's row for more than its buyer (with
 * the joins buyerOf makes: company_members, companies and customer_price_lists, each left-joined).
 */
export const BUYER_COLUMNS = { ...MEMBERSHIP_COLUMNS, ownPriceListId: customerPriceLists.priceListId };

type BuyerRow = { [K in keyof Membership]: Membership[K] | null } & { ownPriceListId: string | null };

/** The Buyer a row of BUYER_COLUMNS makes. */
export function buyerFrom(userId: string, row: BuyerRow): Buyer {
  const { ownPriceListId, ...membership } = row;
  // A member's row comes with its company (a required key), so its id alone says whether there is one.
  return { userId, membership: membership.companyId ? (membership as Membership) : null, ownPriceListId };
}

/**
 * The account's membership and its own price list in one statement: the order's transaction
 * reads both, and a round trip less is a tenth of an order's statements.
 */
export async function buyerOf(db: Db, userId: string): Promise<Buyer> {
  const [row] = await db
    .select(BUYER_COLUMNS)
    .from(users)
    .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
    .leftJoin(customerPriceLists, eq(customerPriceLists.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? buyerFrom(userId, row) : { userId, membership: null, ownPriceListId: null };
}
