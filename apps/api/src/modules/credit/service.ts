import { and, desc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type {
  CreditApplication,
  CreditApplicationInput,
  CreditApplicationPage,
  CreditApplicationsQuery,
  CreditDecision,
  CreditStatus,
} from '@pitstop/core/credit';
import { creditTexts } from '@pitstop/core/messages';
import { centsToDollars, dollarsToCents, formatDollars } from '@pitstop/core/money';
import type { SessionUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import {
  companyMembers,
  creditAccounts,
  creditApplications,
  orders,
  type CreditApplicationRow,
} from '../../db/schema.js';
import { companyTexts } from '@pitstop/core/companies-texts';
import { membershipOf } from '../companies/membership.js';
import { AppError, hasSqlState } from '../../lib/errors.js';
import { encodeCursor, olderThan, stampOf } from '../../lib/keyset.js';
import { recordAudit, type AuditContext } from '../audit/service.js';
import { enqueueMail } from '../jobs/queue.js';
import { outstandingOnAccountCents } from '../orders/service.js';
import { creditDecisionMail } from './decision-mail.js';

export function toCreditApplication(row: CreditApplicationRow): CreditApplication {
  return {
    id: row.id,
    userId: row.userId,
    businessName: row.businessName,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    ein: row.ein,
    yearsInBusiness: row.yearsInBusiness,
    requestedLimit: centsToDollars(row.requestedLimitCents),
    status: row.status,
    approvedLimit: row.approvedLimitCents === null ? null : centsToDollars(row.approvedLimitCents),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

/** A signed-in customer applies; one application at a time may wait for a decision. */
export async function applyForCredit(
  db: Db,
  caller: SessionUser,
  input: CreditApplicationInput,
): Promise<CreditApplication> {
  const pending = () => new AppError('conflict', creditTexts.alreadyPending);
  // A company member applies for the company (issue #30): its owner or accountant only.
  const membership = await membershipOf(db, caller.id);
  if (membership && membership.role !== 'owner' && membership.role !== 'accountant') {
    throw new AppError('forbidden', companyTexts.creditApplyRole);
  }
  const companyId = membership?.companyId ?? null;
  const [waiting] = await db
    .select({ id: creditApplications.id })
    .from(creditApplications)
    .where(
      and(
        companyId
          ? or(eq(creditApplications.userId, caller.id), eq(creditApplications.companyId, companyId))
          : eq(creditApplications.userId, caller.id),
        eq(creditApplications.status, 'pending'),
      ),
    )
    .limit(1);
  if (waiting) throw pending();
  try {
    const [row] = await db
      .insert(creditApplications)
      .values({
        userId: caller.id,
        businessName: input.businessName,
        contactName: input.contactName,
        email: input.email,
        phone: input.phone,
        ein: input.ein,
        yearsInBusiness: input.yearsInBusiness,
        requestedLimitCents: dollarsToCents(input.requestedLimit),
        companyId,
      })
      .returning();
    if (!row) throw new Error('credit application was not inserted');
    return toCreditApplication(row);
  } catch (err) {
    if (hasSqlState(err, '23505')) throw pending();
    throw err;
  }
}

/**
 * Applications for admins, newest first, one page at a time (keyset on created_at, id; with a
 * status, credit_applications_status_idx reads it backwards); one row more than the page says
 * whether an older page exists. No cap: every application is reachable, page by page.
 */
export async function listCreditApplications(
  db: Db,
  query: CreditApplicationsQuery,
): Promise<CreditApplicationPage> {
  const where: SQL[] = [];
  if (query.status) where.push(eq(creditApplications.status, query.status));
  if (query.before) where.push(olderThan(query.before, creditApplications.createdAt, creditApplications.id));
  const rows = await db
    .select({ row: creditApplications, stamp: stampOf(creditApplications.createdAt) })
    .from(creditApplications)
    .where(and(...where))
    .orderBy(desc(creditApplications.createdAt), desc(creditApplications.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ row }) => toCreditApplication(row)),
    next: rows.length > query.limit && last ? encodeCursor(last.stamp, last.row.id) : null,
  };
}

/**
 * An admin approves a pending application with a limit (the customer's credit line is created or
 * set to it, in the same transaction) or declines it. A decided application stays decided. The
 * applicant's mail is queued in the same transaction: a crash after the commit loses no mail, and
 * a decision that rolls back sends none (the caller wakes the job runner).
 */
export async function decideCreditApplication(
  db: Db,
  admin: SessionUser,
  applicationId: string,
  decision: CreditDecision,
  terms: { publicUrl: string },
  audit: AuditContext,
): Promise<CreditApplication> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [application] = await tx
      .select()
      .from(creditApplications)
      .where(eq(creditApplications.id, applicationId))
      .limit(1)
      .for('update');
    if (!application) throw new AppError('not_found', creditTexts.applicationNotFound);
    if (application.status !== 'pending') {
      throw new AppError('conflict', creditTexts.alreadyDecided(application.status));
    }
    const now = new Date();
    const limitCents = decision.status === 'approved' ? dollarsToCents(decision.limit) : null;
    const [decided] = await tx
      .update(creditApplications)
      .set({
        status: decision.status,
        approvedLimitCents: limitCents,
        decidedAt: now,
        decidedBy: admin.id,
        updatedAt: now,
      })
      .where(eq(creditApplications.id, applicationId))
      .returning();
    if (!decided) throw new Error('a locked application did not change');
    if (limitCents !== null && application.companyId) {
      // A company's application: its one line is set (or made, held by the applicant).
      const [line] = await tx
        .update(creditAccounts)
        .set({ limitCents, applicationId, updatedAt: now })
        .where(eq(creditAccounts.companyId, application.companyId))
        .returning({ userId: creditAccounts.userId });
      if (!line) {
        await tx
          .insert(creditAccounts)
          .values({ userId: application.userId, limitCents, applicationId, companyId: application.companyId })
          .onConflictDoUpdate({
            target: creditAccounts.userId,
            set: { limitCents, applicationId, companyId: application.companyId, updatedAt: now },
          });
      }
    } else if (limitCents !== null) {
      await tx
        .insert(creditAccounts)
        .values({ userId: application.userId, limitCents, applicationId })
        .onConflictDoUpdate({
          target: creditAccounts.userId,
          set: { limitCents, applicationId, updatedAt: now },
        });
    }
    await recordAudit(tx, audit, {
      action: decision.status === 'approved' ? 'credit.approve' : 'credit.decline',
      recordType: 'credit_application',
      recordId: applicationId,
      before: { status: application.status },
      after: {
        status: decided.status,
        ...(limitCents !== null ? { limit: centsToDollars(limitCents) } : {}),
      },
      about: { business: application.businessName },
    });
    const answer = toCreditApplication(decided);
    await enqueueMail(tx, creditDecisionMail(answer, terms.publicUrl));
    return answer;
  });
}

/** Where the signed-in customer stands: their latest application and, once approved, their line. */
export async function creditStatusOf(db: Db, userId: string): Promise<CreditStatus> {
  // A company member sees the company's application and line (issue #30).
  const membership = await membershipOf(db, userId);
  if (membership) {
    const [[application], credit] = await Promise.all([
      db
        .select()
        .from(creditApplications)
        .where(eq(creditApplications.companyId, membership.companyId))
        .orderBy(desc(creditApplications.createdAt))
        .limit(1),
      companyCreditOf(db, membership.companyId),
    ]);
    return { application: application ? toCreditApplication(application) : null, account: credit };
  }
  const [[application], [account]] = await Promise.all([
    db
      .select()
      .from(creditApplications)
      .where(eq(creditApplications.userId, userId))
      .orderBy(desc(creditApplications.createdAt))
      .limit(1),
    db
      .select()
      .from(creditAccounts)
      .where(and(eq(creditAccounts.userId, userId), isNull(creditAccounts.companyId)))
      .limit(1),
  ]);
  if (!account) return { application: application ? toCreditApplication(application) : null, account: null };
  const usedCents = await outstandingOnAccountCents(db, userId);
  return {
    application: application ? toCreditApplication(application) : null,
    account: {
      limit: centsToDollars(account.limitCents),
      used: centsToDollars(usedCents),
      remaining: centsToDollars(Math.max(0, account.limitCents - usedCents)),
    },
  };
}

/**
 * Checkout's credit step, inside its transaction: the customer's credit row is locked FOR UPDATE,
 * so a second on-account order of theirs waits here until the first commits and then counts it.
 * Call `lockCreditLine` before reserving stock and `assertWithinLimit` once the total is known;
 * over the limit throws, which rolls the reservation back.
 */
export async function lockCreditLine(tx: Db, userId: string): Promise<CreditLine> {
  // A company member's orders use the company's one line (issue #30), else the customer's own.
  const [account] = await tx
    .select({
      limitCents: creditAccounts.limitCents,
      companyId: creditAccounts.companyId,
      holderId: creditAccounts.userId,
    })
    .from(creditAccounts)
    .where(
      or(
        sql`${creditAccounts.companyId} = (select ${companyMembers.companyId} from ${companyMembers} where ${companyMembers.userId} = ${userId})`,
        and(
          eq(creditAccounts.userId, userId),
          isNull(creditAccounts.companyId),
          sql`not exists (select 1 from ${companyMembers} where ${companyMembers.userId} = ${userId})`,
        ),
      ),
    )
    .limit(1)
    .for('update');
  if (!account) {
    throw new AppError('forbidden', creditTexts.notApproved, [
      { field: 'payment', message: creditTexts.notApproved },
    ]);
  }
  return account;
}

export async function assertWithinLimit(
  tx: Db,
  userId: string,
  line: { limitCents: number; companyId?: string | null; holderId?: string },
  orderTotalCents: number,
): Promise<void> {
  const usedCents = line.companyId
    ? await companyOutstandingCents(tx, line.companyId, line.holderId ?? userId)
    : await outstandingOnAccountCents(tx, userId);
  const remainingCents = Math.max(0, line.limitCents - usedCents);
  if (orderTotalCents > remainingCents) {
    const message = creditTexts.overLimit(
      formatDollars(centsToDollars(remainingCents)),
      formatDollars(centsToDollars(orderTotalCents)),
    );
    throw new AppError('conflict', message, [{ field: 'payment', message }]);
  }
}

/** A credit line as checkout locks it: the limit and, for a company's, the company and its holder. */
export interface CreditLine {
  limitCents: number;
  companyId: string | null;
  holderId: string;
}

/**
 * What a company owes on account: its on-account orders not yet paid nor cancelled, less returns'
 * credits, and (a line moved to the company when the holder's account became one) the holder's
 * own on-account orders from before, in cents.
 */
export async function companyOutstandingCents(tx: Db, companyId: string, holderId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${orders.totalCents} - ${orders.refundedCents}), 0)::int` })
    .from(orders)
    .where(
      and(
        or(eq(orders.companyId, companyId), and(eq(orders.userId, holderId), isNull(orders.companyId))),
        eq(orders.paymentMethod, 'account'),
        isNull(orders.paidAt),
        ne(orders.status, 'cancelled'),
      ),
    );
  return row?.cents ?? 0;
}

/** The company's credit line in dollars (limit, used, remaining), or null when it has none. */
export async function companyCreditOf(
  db: Db,
  companyId: string,
): Promise<{ limit: number; used: number; remaining: number } | null> {
  const [account] = await db
    .select({ limitCents: creditAccounts.limitCents, holderId: creditAccounts.userId })
    .from(creditAccounts)
    .where(eq(creditAccounts.companyId, companyId))
    .limit(1);
  if (!account) return null;
  const usedCents = await companyOutstandingCents(db, companyId, account.holderId);
  return {
    limit: centsToDollars(account.limitCents),
    used: centsToDollars(usedCents),
    remaining: centsToDollars(Math.max(0, account.limitCents - usedCents)),
  };
}
