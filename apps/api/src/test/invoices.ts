import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { companies, companyMembers, invoices, orders } from '../db/schema.js';
import type { TestApp } from './app.js';
import { bearer, signUp, type Customer } from './accounts.js';

export const BILLING = {
  name: 'Bayside Couriers',
  street: '12 Harbor Rd',
  city: 'Oakland',
  state: 'CA',
  zip: '94607',
  phone: '(510) 555-0100',
};

/** An approved on-account customer (credit application approved by `admin` with this limit in dollars). */
export async function onAccountCustomer(t: TestApp, admin: Customer, limit = 50_000): Promise<Customer> {
  const me = await signUp(t.app);
  const applied = await t.app.inject({
    method: 'POST',
    url: '/api/credit-applications',
    headers: bearer(me.token),
    payload: {
      businessName: 'Bayside Couriers LLC',
      contactName: 'Dana Fleet',
      email: 'dana@bayside.example',
      phone: '(415) 555-0199',
      ein: '12-3456789',
      yearsInBusiness: 6,
      requestedLimit: limit,
    },
  });
  if (applied.statusCode !== 201) throw new Error(`apply: ${applied.statusCode} ${applied.body}`);
  const decided = await t.app.inject({
    method: 'PATCH',
    url: `/api/credit-applications/${applied.json().id as string}`,
    headers: bearer(admin.token),
    payload: { status: 'approved', limit },
  });
  if (decided.statusCode !== 200) throw new Error(`approve: ${decided.statusCode} ${decided.body}`);
  return me;
}

/** A company with members in roles, written straight to the tables (the companies screens are another feature). */
export async function companyWith(
  db: Db,
  members: { who: Customer; role: 'owner' | 'buyer' | 'approver' | 'accountant' }[],
  name = `Fleet ${Math.random().toString(36).slice(2, 8)}`,
): Promise<string> {
  const [company] = await db
    .insert(companies)
    .values({ name, taxId: '12-3456789', billingAddress: { ...BILLING, name } })
    .returning({ id: companies.id });
  for (const { who, role } of members) {
    await db.insert(companyMembers).values({ userId: who.userId, companyId: company!.id, role });
  }
  return company!.id;
}

/** Puts an order (and its invoice) on a company's books, as if a member had placed it for it. */
export async function billToCompany(db: Db, orderId: string, companyId: string): Promise<void> {
  await db.update(orders).set({ companyId }).where(eq(orders.id, orderId));
  await db.update(invoices).set({ companyId }).where(eq(invoices.orderId, orderId));
}

/**
 * The text a pdfkit PDF shows, roughly: every content stream inflated, each TJ's hex strings
 * decoded and joined (kerning splits words into pieces), one shown string a line.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const shown: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      content = match[1]!;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      shown.push(
        [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((h) => Buffer.from(h[1]!, 'hex').toString('latin1'))
          .join(''),
      );
    }
  }
  return shown.join('\n');
}
