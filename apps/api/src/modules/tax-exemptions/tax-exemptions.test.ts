import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyTaxExemption, TaxExemption } from '@pitstop/core/pricing';
import { companies, companyMembers, orders } from '../../db/schema.js';
import { createPart } from '../../seed/factories.js';
import { useTestApp } from '../../test/app.js';
import { bearer, signUp, signUpAdmin, type Customer } from '../../test/accounts.js';
import { checkoutCart, DELIVERY_ADDRESS } from '../../test/orders.js';

/*
 * Tax exemption (issue #30 item 5): a company's owner or accountant uploads a certificate (PDF,
 * PNG or JPEG by its bytes, at most 5 MB), kept private; an admin approves it and the company's
 * orders carry no sales tax.
 */
const t = useTestApp({ env: { SALES_TAX_RATES: 'CA=7.25' } });
let admin: Customer;
let owner: Customer;
let accountant: Customer;
let buyer: Customer;
let stranger: Customer;
let otherOwner: Customer;
let companyId: string;

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(64), Buffer.from('\n%%EOF')]);

function multipart(field: string, filename: string, type: string, content: Buffer) {
  const boundary = `----pitstop${randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const upload = (
  who: Customer,
  content: Buffer<ArrayBufferLike> = PDF,
  field = 'certificate',
  filename = 'resale.pdf',
) => {
  const body = multipart(field, filename, 'application/pdf', content);
  return t.app.inject({
    method: 'POST',
    url: '/api/company/tax-exemption',
    headers: { ...bearer(who.token), 'content-type': body.contentType },
    payload: body.payload,
  });
};

beforeAll(async () => {
  const db = t.database.db;
  admin = await signUpAdmin(t);
  [owner, accountant, buyer, stranger, otherOwner] = await Promise.all([
    signUp(t.app),
    signUp(t.app),
    signUp(t.app),
    signUp(t.app),
    signUp(t.app),
  ]);
  const [company, other] = await db
    .insert(companies)
    .values([
      { name: 'Exempt Fleet', taxId: 'TX-9', billingAddress: DELIVERY_ADDRESS },
      { name: 'Other Fleet', taxId: 'TX-8', billingAddress: DELIVERY_ADDRESS },
    ])
    .returning({ id: companies.id });
  companyId = company!.id;
  await db.insert(companyMembers).values([
    { userId: owner.userId, companyId, role: 'owner' },
    { userId: accountant.userId, companyId, role: 'accountant' },
    { userId: buyer.userId, companyId, role: 'buyer' },
    { userId: otherOwner.userId, companyId: other!.id, role: 'owner' },
  ]);
});

describe('tax exemption certificates', () => {
  let certificate: TaxExemption;

  it('lets the owner and accountants upload a PDF, PNG or JPEG, waiting for review', async () => {
    const res = await upload(owner);
    expect(res.statusCode, res.body).toBe(201);
    certificate = res.json();
    expect(certificate).toMatchObject({ companyId, status: 'pending', fileName: 'resale.pdf' });
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      randomBytes(32),
    ]);
    expect((await upload(accountant, png, 'certificate', 'scan.png')).statusCode).toBe(201);
    const seen = await t.app.inject({
      method: 'GET',
      url: '/api/company/tax-exemption',
      headers: bearer(accountant.token),
    });
    const body = seen.json() as CompanyTaxExemption;
    expect(body.taxExempt).toBe(false);
    expect(body.certificates.map((c) => c.fileName).sort()).toEqual(['resale.pdf', 'scan.png']);
  });

  it('refuses other roles, people in no company, and files that are not certificates', async () => {
    expect((await upload(buyer)).statusCode).toBe(403);
    expect((await upload(stranger)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/company/tax-exemption' })).statusCode).toBe(401);
    const refusals: [Buffer<ArrayBufferLike>, string][] = [
      [Buffer.from('=cmd|calc!A1 not a pdf'), 'certificate'],
      [Buffer.from('MZ\u0000\u0000binary'), 'certificate'],
      [Buffer.alloc(0), 'certificate'],
      [PDF, 'image'],
      [Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(5 * 1024 * 1024 + 10)]), 'certificate'],
    ];
    for (const [content, field] of refusals) {
      const res = await upload(owner, content, field);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0].field).toBe('certificate');
    }
  });

  it('keeps the file private: the company and admins fetch it, anyone else gets 404', async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/company/tax-exemption/${certificate.id}/file`,
      headers: bearer(owner.token),
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/company/tax-exemption/${certificate.id}/file`,
      headers: bearer(otherOwner.token),
    });
    expect(theirs.statusCode).toBe(404);
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/admin/tax-exemptions/${certificate.id}/file`,
      headers: bearer(admin.token),
    });
    expect(asAdmin.rawPayload.equals(PDF)).toBe(true);
    const notAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/admin/tax-exemptions/${certificate.id}/file`,
      headers: bearer(owner.token),
    });
    expect(notAdmin.statusCode).toBe(403);
    // Nothing of it under the public uploads.
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${certificate.id}.pdf` })).statusCode).toBe(
      404,
    );
  });

  it('makes the company tax exempt when an admin approves: its orders carry no sales tax', async () => {
    const part = await createPart(t.database.db, { priceCents: 10_000 });
    const taxedId = await checkoutCart(t.app, owner, [{ partId: part.id, quantity: 1 }]);
    const [taxed] = await t.database.db.select().from(orders).where(eq(orders.id, taxedId));
    expect(taxed!.taxCents).toBe(725);

    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/tax-exemptions?status=pending',
      headers: bearer(admin.token),
    });
    expect((queue.json() as TaxExemption[]).some((c) => c.id === certificate.id)).toBe(true);
    const notAdmin = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tax-exemptions/${certificate.id}/decision`,
      headers: bearer(owner.token),
      payload: { decision: 'approved' },
    });
    expect(notAdmin.statusCode).toBe(403);
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tax-exemptions/${certificate.id}/decision`,
      headers: bearer(admin.token),
      payload: { decision: 'approved' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'approved' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tax-exemptions/${certificate.id}/decision`,
      headers: bearer(admin.token),
      payload: { decision: 'declined' },
    });
    expect(again.statusCode).toBe(409);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tax-exemptions/${certificate.id}/decision`,
      headers: bearer(admin.token),
      payload: { decision: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);

    const [company] = await t.database.db.select().from(companies).where(eq(companies.id, companyId));
    expect(company!.taxExempt).toBe(true);
    const exemptId = await checkoutCart(t.app, owner, [{ partId: part.id, quantity: 1 }]);
    const [exempt] = await t.database.db.select().from(orders).where(eq(orders.id, exemptId));
    expect(exempt!.taxCents).toBe(0);
    // The checkout page's shown tax: no state taxes this company.
    const rates = await t.app.inject({ method: 'GET', url: '/api/tax-rates', headers: bearer(buyer.token) });
    expect(rates.json()).toEqual({ rates: {} });
    const visitorRates = await t.app.inject({ method: 'GET', url: '/api/tax-rates' });
    expect(visitorRates.json()).toEqual({ rates: { CA: 7.25 } });
  });
});
