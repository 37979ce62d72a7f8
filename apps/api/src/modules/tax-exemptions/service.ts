import { and, desc, eq, sql } from 'drizzle-orm';
import { pricingTexts, type CompanyTaxExemption, type TaxExemption } from '@pitstop/core/pricing';
import type { TaxExemptionStatus } from '@pitstop/core/pricing-texts';
import type { Db } from '../../db/client.js';
import { companies, taxExemptions } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit, type AuditContext } from '../audit/service.js';
import { membershipOf, type Membership } from '../companies/membership.js';

const columns = {
  id: taxExemptions.id,
  companyId: taxExemptions.companyId,
  companyName: companies.name,
  fileName: taxExemptions.fileName,
  fileKey: taxExemptions.fileKey,
  status: taxExemptions.status,
  createdAt: taxExemptions.createdAt,
  decidedAt: taxExemptions.decidedAt,
};

interface Row {
  id: string;
  companyId: string;
  companyName: string;
  fileName: string;
  status: TaxExemptionStatus;
  createdAt: Date;
  decidedAt: Date | null;
}

function toExemption(r: Row): TaxExemption {
  return {
    id: r.id,
    companyId: r.companyId,
    companyName: r.companyName,
    fileName: r.fileName,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
  };
}

/**
 * The company whose tax exemption this customer manages: its owner or an accountant. Someone in
 * no company: 404 (nothing of theirs to show); another role: 403 naming why.
 */
export async function exemptionManagerOf(db: Db, userId: string): Promise<Membership> {
  const membership = await membershipOf(db, userId);
  if (!membership) throw new AppError('not_found', pricingTexts.taxNoCompany);
  if (membership.role !== 'owner' && membership.role !== 'accountant')
    throw new AppError('forbidden', pricingTexts.taxNoAccess);
  return membership;
}

export async function companyExemption(db: Db, companyId: string): Promise<CompanyTaxExemption> {
  const [company] = await db
    .select({ taxExempt: companies.taxExempt })
    .from(companies)
    .where(eq(companies.id, companyId));
  const rows = await db
    .select(columns)
    .from(taxExemptions)
    .innerJoin(companies, eq(companies.id, taxExemptions.companyId))
    .where(eq(taxExemptions.companyId, companyId))
    .orderBy(desc(taxExemptions.createdAt))
    .limit(50);
  return { taxExempt: company?.taxExempt ?? false, certificates: rows.map(toExemption) };
}

export async function recordCertificate(
  db: Db,
  membership: Membership,
  userId: string,
  file: { key: string; name: string },
  audit: AuditContext,
): Promise<TaxExemption> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(taxExemptions)
      .values({ companyId: membership.companyId, fileKey: file.key, fileName: file.name, uploadedBy: userId })
      .returning({ id: taxExemptions.id });
    await recordAudit(tx, audit, {
      action: 'tax_exemption.upload',
      recordType: 'tax_exemption',
      recordId: row!.id,
      after: { fileName: file.name },
      about: { company: membership.companyName },
    });
    return row!.id;
  });
  return (await oneCertificate(db, id))!.exemption;
}

/** A certificate with its file's key, or undefined. */
export async function oneCertificate(
  db: Db,
  id: string,
): Promise<{ exemption: TaxExemption; fileKey: string } | undefined> {
  const [row] = await db
    .select(columns)
    .from(taxExemptions)
    .innerJoin(companies, eq(companies.id, taxExemptions.companyId))
    .where(eq(taxExemptions.id, id));
  return row ? { exemption: toExemption(row), fileKey: row.fileKey } : undefined;
}

export async function listCertificates(
  db: Db,
  status: TaxExemptionStatus | undefined,
): Promise<TaxExemption[]> {
  const rows = await db
    .select(columns)
    .from(taxExemptions)
    .innerJoin(companies, eq(companies.id, taxExemptions.companyId))
    .where(status ? eq(taxExemptions.status, status) : undefined)
    .orderBy(desc(taxExemptions.createdAt))
    .limit(200);
  return rows.map(toExemption);
}

/**
 * An admin's decision on a pending certificate: approved makes the company tax exempt (its
 * orders carry no sales tax from the next one on); declined leaves the company as it is. A second
 * decision is 409.
 */
export async function decideCertificate(
  db: Db,
  id: string,
  decision: 'approved' | 'declined',
  adminId: string,
  audit: AuditContext,
): Promise<TaxExemption> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: taxExemptions.status,
        companyId: taxExemptions.companyId,
        fileName: taxExemptions.fileName,
      })
      .from(taxExemptions)
      .where(eq(taxExemptions.id, id))
      .for('update');
    if (!row) throw new AppError('not_found', pricingTexts.unknownCertificate);
    if (row.status !== 'pending') throw new AppError('conflict', pricingTexts.alreadyDecided);
    await tx
      .update(taxExemptions)
      .set({ status: decision, decidedBy: adminId, decidedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(taxExemptions.id, id), eq(taxExemptions.status, 'pending')));
    if (decision === 'approved') {
      await tx
        .update(companies)
        .set({ taxExempt: true, updatedAt: sql`now()` })
        .where(eq(companies.id, row.companyId));
    }
    await recordAudit(tx, audit, {
      action: decision === 'approved' ? 'tax_exemption.approve' : 'tax_exemption.decline',
      recordType: 'tax_exemption',
      recordId: id,
      before: { status: 'pending' },
      after: { status: decision },
      about: { fileName: row.fileName, companyId: row.companyId },
    });
  });
  return (await oneCertificate(db, id))!.exemption;
}
