import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type {
  AdminCompanies,
  AdminCompanyInput,
  Company,
  CompanyInput,
  CompanyOrders,
  CompanyUpdate,
  Invitation,
  InvitationInput,
  InvitationPreview,
  MemberChange,
} from '@pitstop/core/companies';
import { COMPANY_ROLE_NAMES, companyTexts } from '@pitstop/core/companies-texts';
import { centsToDollars, dollarsToCents } from '@pitstop/core/money';
import type { SessionUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import {
  addresses,
  companies,
  companyInvitations,
  companyMembers,
  creditAccounts,
  creditApplications,
  orders,
  sessions,
  users,
  type AddressValue,
  type CompanyRow,
} from '../../db/schema.js';
import { AppError, hasSqlState } from '../../lib/errors.js';
import { recordAudit, type AuditContext } from '../audit/service.js';
import { enqueueMail } from '../jobs/queue.js';
import { withLines } from '../orders/service.js';
import { companyCreditOf } from '../credit/service.js';
import { membershipOf, type CompanyRole } from './membership.js';
import { invitationMail, removedMail } from './mails.js';

/*
 * Company accounts (issue #30, item 1). Every rule is here: only the owner manages the company
 * and its members; a member never changes their own role or limit; the sole owner cannot leave;
 * another company's members, invitations and orders are a 404 (never told apart from nothing).
 * Each change writes its audit row in its own transaction.
 */

/** How long an invitation's link works. */
export const INVITATION_DAYS = 14;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));
const centsOrNull = (dollars: number | null | undefined) =>
  dollars === null || dollars === undefined ? null : dollarsToCents(dollars);

function addressOf(a: Omit<AddressValue, 'line2'> & { line2?: string | null | undefined }): AddressValue {
  const value: AddressValue = {
    name: a.name,
    street: a.street,
    city: a.city,
    state: a.state,
    zip: a.zip,
    phone: a.phone,
  };
  if (a.line2) value.line2 = a.line2;
  return value;
}

function toInvitation(row: typeof companyInvitations.$inferSelect): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role as Invitation['role'],
    orderLimit: dollarsOrNull(row.orderLimitCents),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's membership or a 404 naming that they have no company. */
async function requireMember(db: Db, userId: string) {
  const membership = await membershipOf(db, userId);
  if (!membership) throw new AppError('not_found', companyTexts.noCompany);
  return membership;
}

async function requireOwner(db: Db, userId: string) {
  const membership = await requireMember(db, userId);
  if (membership.role !== 'owner') throw new AppError('forbidden', companyTexts.ownerOnly);
  return membership;
}

/** The company as its member sees it: details, members, (owner) invitations, addresses, credit. */
export async function companyView(db: Db, userId: string): Promise<Company | null> {
  const membership = await membershipOf(db, userId);
  if (!membership) return null;
  const { companyId } = membership;
  const owner = membership.role === 'owner';
  const [[company], members, invitations, shared, credit] = await Promise.all([
    db.select().from(companies).where(eq(companies.id, companyId)).limit(1),
    db
      .select({
        userId: companyMembers.userId,
        name: users.name,
        email: users.email,
        role: companyMembers.role,
        orderLimitCents: companyMembers.orderLimitCents,
        since: companyMembers.createdAt,
      })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(eq(companyMembers.companyId, companyId))
      .orderBy(asc(companyMembers.createdAt), asc(users.email)),
    owner
      ? db
          .select()
          .from(companyInvitations)
          .where(
            and(
              eq(companyInvitations.companyId, companyId),
              isNull(companyInvitations.acceptedAt),
              isNull(companyInvitations.revokedAt),
              gt(companyInvitations.expiresAt, new Date()),
            ),
          )
          .orderBy(desc(companyInvitations.createdAt))
      : Promise.resolve([]),
    db
      .select()
      .from(addresses)
      .where(eq(addresses.companyId, companyId))
      .orderBy(desc(addresses.updatedAt), desc(addresses.id)),
    companyCreditOf(db, companyId),
  ]);
  if (!company) return null;
  return {
    id: company.id,
    name: company.name,
    taxId: company.taxId,
    billingAddress: addressOf(company.billingAddress),
    poRequired: company.poRequired,
    taxExempt: company.taxExempt,
    role: membership.role,
    orderLimit: dollarsOrNull(membership.orderLimitCents),
    members: members.map((m) => ({
      userId: m.userId,
      name: m.name,
      email: m.email,
      role: m.role,
      orderLimit: dollarsOrNull(m.orderLimitCents),
      since: m.since.toISOString(),
    })),
    invitations: invitations.map(toInvitation),
    addresses: shared.map((a) => ({ id: a.id, ...addressOf(a) })),
    credit,
    createdAt: company.createdAt.toISOString(),
  };
}

/**
 * Makes a company with `ownerId` as its owner, in the caller's transaction. The owner's own credit
 * line, if any, becomes the company's (and a pending credit application, the company's).
 */
async function makeCompany(
  tx: Db,
  ownerId: string,
  createdBy: string,
  input: CompanyInput,
  audit: AuditContext,
  about: Record<string, unknown>,
): Promise<CompanyRow> {
  const [company] = await tx
    .insert(companies)
    .values({
      name: input.name,
      taxId: input.taxId,
      billingAddress: addressOf(input.billingAddress),
      poRequired: input.poRequired ?? false,
      createdBy,
    })
    .returning();
  if (!company) throw new Error('company was not inserted');
  try {
    await tx.insert(companyMembers).values({ userId: ownerId, companyId: company.id, role: 'owner' });
  } catch (err) {
    if (hasSqlState(err, '23505')) throw new AppError('conflict', companyTexts.alreadyMember);
    throw err;
  }
  const [moved] = await tx
    .update(creditAccounts)
    .set({ companyId: company.id, updatedAt: new Date() })
    .where(and(eq(creditAccounts.userId, ownerId), isNull(creditAccounts.companyId)))
    .returning({ limitCents: creditAccounts.limitCents });
  await tx
    .update(creditApplications)
    .set({ companyId: company.id })
    .where(and(eq(creditApplications.userId, ownerId), isNull(creditApplications.companyId)));
  await recordAudit(tx, audit, {
    action: 'company.create',
    recordType: 'company',
    recordId: company.id,
    after: {
      name: company.name,
      taxId: company.taxId,
      poRequired: company.poRequired,
      ...(moved ? { creditLimit: centsToDollars(moved.limitCents) } : {}),
    },
    about,
  });
  return company;
}

/** A customer turns their account into a company and becomes its owner. */
export async function createCompany(
  db: Db,
  caller: SessionUser,
  input: CompanyInput,
  audit: AuditContext,
): Promise<Company> {
  if (await membershipOf(db, caller.id)) throw new AppError('conflict', companyTexts.alreadyMember);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await makeCompany(tx, caller.id, caller.id, input, audit, { owner: caller.email });
  });
  return (await companyView(db, caller.id))!;
}

/** An admin makes a company for an existing customer, who becomes its owner. */
export async function adminCreateCompany(
  db: Db,
  admin: SessionUser,
  input: AdminCompanyInput,
  audit: AuditContext,
): Promise<AdminCompanies['companies'][number]> {
  const [owner] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.ownerEmail.trim().toLowerCase()))
    .limit(1);
  if (!owner) {
    throw new AppError('not_found', companyTexts.ownerEmailUnknown, [
      { field: 'ownerEmail', message: companyTexts.ownerEmailUnknown },
    ]);
  }
  if (await membershipOf(db, owner.id)) {
    throw new AppError('conflict', companyTexts.alreadyMember, [
      { field: 'ownerEmail', message: companyTexts.alreadyMember },
    ]);
  }
  const company = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    return makeCompany(tx, owner.id, admin.id, input, audit, { owner: owner.email });
  });
  return {
    id: company.id,
    name: company.name,
    taxId: company.taxId,
    ownerEmail: owner.email,
    members: 1,
    poRequired: company.poRequired,
    taxExempt: company.taxExempt,
    createdAt: company.createdAt.toISOString(),
  };
}

/** Every company for admins, newest first, with its owner and member count. */
export async function listCompanies(db: Db): Promise<AdminCompanies> {
  const memberCount = db
    .select({ companyId: companyMembers.companyId, n: count().as('n') })
    .from(companyMembers)
    .groupBy(companyMembers.companyId)
    .as('member_count');
  const rows = await db
    .select({
      company: companies,
      n: memberCount.n,
      ownerEmail: sql<
        string | null
      >`(select ${users.email} from ${companyMembers} join ${users} on ${users.id} = ${companyMembers.userId}
        where ${companyMembers.companyId} = ${companies.id} and ${companyMembers.role} = 'owner'
        order by ${companyMembers.createdAt} limit 1)`,
    })
    .from(companies)
    .leftJoin(memberCount, eq(memberCount.companyId, companies.id))
    .orderBy(desc(companies.createdAt))
    .limit(500);
  return {
    companies: rows.map(({ company, n, ownerEmail }) => ({
      id: company.id,
      name: company.name,
      taxId: company.taxId,
      ownerEmail,
      members: Number(n ?? 0),
      poRequired: company.poRequired,
      taxExempt: company.taxExempt,
      createdAt: company.createdAt.toISOString(),
    })),
  };
}

/** The owner edits the company's details and whether orders need a PO number. */
export async function updateCompany(
  db: Db,
  caller: SessionUser,
  change: CompanyUpdate,
  audit: AuditContext,
): Promise<Company> {
  const { companyId } = await requireOwner(db, caller.id);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [before] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
    if (!before) throw new AppError('not_found', companyTexts.notFound);
    const set: Partial<typeof companies.$inferInsert> = { updatedAt: new Date() };
    if (change.name !== undefined) set.name = change.name;
    if (change.taxId !== undefined) set.taxId = change.taxId;
    if (change.billingAddress !== undefined) set.billingAddress = addressOf(change.billingAddress);
    if (change.poRequired !== undefined) set.poRequired = change.poRequired;
    await tx.update(companies).set(set).where(eq(companies.id, companyId));
    await recordAudit(tx, audit, {
      action: 'company.update',
      recordType: 'company',
      recordId: companyId,
      before: {
        name: before.name,
        taxId: before.taxId,
        billingAddress: before.billingAddress,
        poRequired: before.poRequired,
      },
      after: {
        name: set.name ?? before.name,
        taxId: set.taxId ?? before.taxId,
        billingAddress: set.billingAddress ?? before.billingAddress,
        poRequired: set.poRequired ?? before.poRequired,
      },
      about: { company: before.name },
    });
  });
  return (await companyView(db, caller.id))!;
}

/**
 * The owner invites someone by email in a role (a buyer with an order limit); the mail carries a
 * link with a token stored only hashed. One waiting invitation per email and company.
 */
export async function inviteMember(
  db: Db,
  caller: SessionUser,
  input: InvitationInput,
  publicUrl: string,
  audit: AuditContext,
): Promise<Invitation> {
  const membership = await requireOwner(db, caller.id);
  if (input.role !== 'buyer' && input.orderLimit !== undefined && input.orderLimit !== null) {
    throw new AppError('invalid', companyTexts.limitOnlyForBuyers, [
      { field: 'orderLimit', message: companyTexts.limitOnlyForBuyers },
    ]);
  }
  const email = input.email.trim().toLowerCase();
  const [existing] = await db
    .select({ companyId: companyMembers.companyId })
    .from(users)
    .innerJoin(companyMembers, eq(companyMembers.userId, users.id))
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (existing) {
    const message =
      existing.companyId === membership.companyId
        ? companyTexts.inviteeIsMember
        : companyTexts.inviteeInAnotherCompany;
    throw new AppError('conflict', message, [{ field: 'email', message }]);
  }
  // Hex: the shop's paths are lowercased on the way in (one address per page), so the link's token is too.
  const token = randomBytes(32).toString('hex');
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // One invitation at a time per company: two sends of the same email do not both pass the check.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`company-invite:${membership.companyId}`}))`,
    );
    const [waiting] = await tx
      .select({ id: companyInvitations.id })
      .from(companyInvitations)
      .where(
        and(
          eq(companyInvitations.companyId, membership.companyId),
          eq(sql`lower(${companyInvitations.email})`, email),
          isNull(companyInvitations.acceptedAt),
          isNull(companyInvitations.revokedAt),
          gt(companyInvitations.expiresAt, new Date()),
        ),
      )
      .limit(1);
    if (waiting) {
      throw new AppError('conflict', companyTexts.invitationPending, [
        { field: 'email', message: companyTexts.invitationPending },
      ]);
    }
    const [row] = await tx
      .insert(companyInvitations)
      .values({
        companyId: membership.companyId,
        email,
        role: input.role,
        orderLimitCents: input.role === 'buyer' ? centsOrNull(input.orderLimit) : null,
        tokenHash: hashToken(token),
        invitedBy: caller.id,
        expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
      })
      .returning();
    if (!row) throw new Error('invitation was not inserted');
    const invitation = toInvitation(row);
    await recordAudit(tx, audit, {
      action: 'company.invite',
      recordType: 'company',
      recordId: membership.companyId,
      after: { email, role: input.role, orderLimit: invitation.orderLimit },
      about: { company: membership.companyName },
    });
    await enqueueMail(
      tx,
      invitationMail({
        to: email,
        company: membership.companyName,
        inviter: caller.name,
        role: input.role,
        orderLimit: invitation.orderLimit,
        link: `${publicUrl}/company/join/${token}`,
        expiresAt: row.expiresAt,
      }),
    );
    return invitation;
  });
}

/** The owner withdraws a waiting invitation; another company's is a 404. */
export async function revokeInvitation(
  db: Db,
  caller: SessionUser,
  invitationId: string,
  audit: AuditContext,
): Promise<void> {
  const membership = await requireOwner(db, caller.id);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx
      .update(companyInvitations)
      .set({ revokedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(companyInvitations.id, invitationId),
          eq(companyInvitations.companyId, membership.companyId),
          isNull(companyInvitations.acceptedAt),
          isNull(companyInvitations.revokedAt),
        ),
      )
      .returning();
    if (!row) throw new AppError('not_found', companyTexts.invitationNotFound);
    await recordAudit(tx, audit, {
      action: 'company.invitation_revoke',
      recordType: 'company',
      recordId: membership.companyId,
      before: { email: row.email, role: row.role },
      about: { company: membership.companyName },
    });
  });
}

/** An invitation by its token, or why it cannot be used (404 unknown/withdrawn, 409 used, 410-like expired). */
async function invitationByToken(db: Db, token: string, lock = false) {
  const query = db
    .select({ invitation: companyInvitations, companyName: companies.name })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(eq(companyInvitations.tokenHash, hashToken(token)))
    .limit(1);
  const [found] = lock ? await query.for('update', { of: companyInvitations }) : await query;
  if (!found || found.invitation.revokedAt) throw new AppError('not_found', companyTexts.invitationNotFound);
  if (found.invitation.acceptedAt) throw new AppError('conflict', companyTexts.invitationUsed);
  if (found.invitation.expiresAt <= new Date())
    throw new AppError('conflict', companyTexts.invitationExpired);
  return found;
}

/** What the join page shows before anyone signs in: the company, the role and the invited email. */
export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const { invitation, companyName } = await invitationByToken(db, token);
  return {
    companyName,
    role: invitation.role as InvitationPreview['role'],
    email: invitation.email,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/** The signed-in account with the invited email joins the company in the invitation's role. */
export async function acceptInvitation(
  db: Db,
  caller: SessionUser,
  token: string,
  audit: AuditContext,
): Promise<Company> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const { invitation, companyName } = await invitationByToken(tx, token, true);
    if (invitation.email.toLowerCase() !== caller.email.toLowerCase()) {
      throw new AppError('forbidden', companyTexts.invitationOtherEmail(invitation.email));
    }
    try {
      await tx.insert(companyMembers).values({
        userId: caller.id,
        companyId: invitation.companyId,
        role: invitation.role,
        orderLimitCents: invitation.orderLimitCents,
      });
    } catch (err) {
      if (hasSqlState(err, '23505')) throw new AppError('conflict', companyTexts.alreadyMember);
      throw err;
    }
    await tx
      .update(companyInvitations)
      .set({ acceptedAt: new Date(), updatedAt: new Date() })
      .where(eq(companyInvitations.id, invitation.id));
    await recordAudit(tx, audit, {
      action: 'company.join',
      recordType: 'company',
      recordId: invitation.companyId,
      after: {
        member: caller.email,
        role: invitation.role,
        orderLimit: dollarsOrNull(invitation.orderLimitCents),
      },
      about: { company: companyName },
    });
  });
  return (await companyView(db, caller.id))!;
}

/** A member of the caller's company, locked; anyone else is a 404. */
async function memberOfCompany(tx: Db, companyId: string, userId: string) {
  const [row] = await tx
    .select({ member: companyMembers, email: users.email, name: users.name })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.userId, userId), eq(companyMembers.companyId, companyId)))
    .limit(1)
    .for('update', { of: companyMembers });
  if (!row) throw new AppError('not_found', companyTexts.memberNotFound);
  return row;
}

/** Owners left in the company, the rows locked so two owners cannot both step down at once. */
async function ownerCount(tx: Db, companyId: string): Promise<number> {
  const rows = await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'owner')))
    .for('update');
  return rows.length;
}

/**
 * The owner changes a member's role or (buyer) order limit. Nobody changes their own limit; the
 * sole owner cannot give up the role. A limit is only a buyer's: another role clears it.
 */
export async function changeMember(
  db: Db,
  caller: SessionUser,
  userId: string,
  change: MemberChange,
  audit: AuditContext,
): Promise<Company> {
  const membership = await requireMember(db, caller.id);
  if (membership.role !== 'owner') {
    // A buyer asking to raise their own limit is told exactly that; other changes need the owner.
    throw new AppError(
      'forbidden',
      userId === caller.id ? companyTexts.notYourLimit : companyTexts.ownerOnly,
    );
  }
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const { member, email } = await memberOfCompany(tx, membership.companyId, userId);
    const role: CompanyRole = change.role ?? member.role;
    if (change.orderLimit !== undefined && change.orderLimit !== null && role !== 'buyer') {
      throw new AppError('invalid', companyTexts.limitOnlyForBuyers, [
        { field: 'orderLimit', message: companyTexts.limitOnlyForBuyers },
      ]);
    }
    if (member.role === 'owner' && role !== 'owner' && (await ownerCount(tx, membership.companyId)) <= 1) {
      throw new AppError('conflict', companyTexts.soleOwner);
    }
    const orderLimitCents =
      role !== 'buyer'
        ? null
        : change.orderLimit !== undefined
          ? centsOrNull(change.orderLimit)
          : member.orderLimitCents;
    await tx
      .update(companyMembers)
      .set({ role, orderLimitCents, updatedAt: new Date() })
      .where(eq(companyMembers.userId, userId));
    await recordAudit(tx, audit, {
      action: 'company.member_change',
      recordType: 'company',
      recordId: membership.companyId,
      before: { role: member.role, orderLimit: dollarsOrNull(member.orderLimitCents) },
      after: { role, orderLimit: dollarsOrNull(orderLimitCents) },
      about: { company: membership.companyName, member: email },
    });
  });
  return (await companyView(db, caller.id))!;
}

/**
 * The owner removes a member (or a member leaves): the row goes and so does every session of that
 * account, in the same transaction — the route then drops them from the session cache on every
 * process, so the next request with an old token is a 401. The sole owner cannot leave.
 */
export async function removeMember(
  db: Db,
  caller: SessionUser,
  userId: string,
  audit: AuditContext,
): Promise<void> {
  const membership = await requireMember(db, caller.id);
  if (membership.role !== 'owner' && userId !== caller.id) {
    throw new AppError('forbidden', companyTexts.ownerOnly);
  }
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const { member, email, name } = await memberOfCompany(tx, membership.companyId, userId);
    if (member.role === 'owner' && (await ownerCount(tx, membership.companyId)) <= 1) {
      throw new AppError('conflict', companyTexts.soleOwner);
    }
    await tx.delete(companyMembers).where(eq(companyMembers.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await recordAudit(tx, audit, {
      action: 'company.member_remove',
      recordType: 'company',
      recordId: membership.companyId,
      before: { member: email, role: member.role, orderLimit: dollarsOrNull(member.orderLimitCents) },
      about: { company: membership.companyName, member: email },
    });
    await enqueueMail(tx, removedMail({ to: email, name, company: membership.companyName }));
  });
}

/** The company's orders, newest first (every member sees them), the last 200. */
export async function companyOrders(db: Db, caller: SessionUser): Promise<CompanyOrders> {
  const { companyId } = await requireMember(db, caller.id);
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, companyId), isNull(orders.deletedAt)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
  return { orders: await withLines(db, rows) };
}

/** Role names as people read them. */
export const roleName = (role: CompanyRole) => COMPANY_ROLE_NAMES[role];

/** Most shared addresses a company keeps. */
export const COMPANY_ADDRESSES_MAX = 20;

/**
 * The owner adds a shared delivery address: every member may ship to it (their address book and
 * checkout list it). It is the owner's row marked with the company, never anyone's default.
 */
export async function addCompanyAddress(
  db: Db,
  caller: SessionUser,
  input: CompanyInput['billingAddress'],
): Promise<Company> {
  const { companyId } = await requireOwner(db, caller.id);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`company-addresses:${companyId}`}))`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(addresses)
      .where(eq(addresses.companyId, companyId));
    if (n >= COMPANY_ADDRESSES_MAX) throw new AppError('conflict', companyTexts.addressesFull);
    const value = addressOf(input);
    await tx.insert(addresses).values({
      userId: caller.id,
      companyId,
      ...value,
      line2: value.line2 ?? null,
      isDefault: false,
    });
  });
  return (await companyView(db, caller.id))!;
}

/** The owner removes a shared address; another company's is a 404. */
export async function removeCompanyAddress(db: Db, caller: SessionUser, addressId: string): Promise<Company> {
  const { companyId } = await requireOwner(db, caller.id);
  const removed = await db
    .delete(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.companyId, companyId)))
    .returning({ id: addresses.id });
  if (removed.length === 0) throw new AppError('not_found', companyTexts.addressNotFound);
  return (await companyView(db, caller.id))!;
}
