import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { companyTexts } from '@pitstop/core/companies-texts';
import { auditLog, companyInvitations, creditAccounts, orders } from '../../db/schema.js';
import { createPart } from '../../seed/factories.js';
import { busLabel, captureMailer, useTestApp, useTwoProcesses } from '../../test/app.js';
import { bearer, signUp, signUpAdmin, type Customer } from '../../test/accounts.js';
import { DELIVERY_ADDRESS, fillCart } from '../../test/orders.js';

const mailer = captureMailer();
const t = useTestApp({ mailer, env: { ORDER_EXPIRY_INTERVAL_SECONDS: '3600' } });

const COMPANY = {
  name: 'Rapid Couriers LLC',
  taxId: '12-3456789',
  billingAddress: { ...DELIVERY_ADDRESS, name: 'Rapid Couriers' },
};

/** Mail may leave through a queue after the answer: wait for the one with this subject. */
const mailTo = (to: string, subject: string) =>
  vi.waitFor(
    () => {
      const mail = mailer.sent.findLast((m) => m.to === to && m.subject === subject);
      if (!mail) throw new Error(`no mail "${subject}" to ${to} yet`);
      return mail;
    },
    { timeout: 5_000, interval: 25 },
  );

const call = (
  app: FastifyInstance,
  who: Customer | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  app.inject({
    method,
    url,
    ...(who ? { headers: bearer(who.token) } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

let admin: Customer;
beforeAll(async () => {
  admin = await signUpAdmin(t);
});

async function ownerWithCompany(name = COMPANY.name): Promise<Customer> {
  const owner = await signUp(t.app, { name: 'Olive Owner' });
  const res = await call(t.app, owner, 'POST', '/api/company', { ...COMPANY, name });
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return owner;
}

/** Invites a new account and has it accept through the mailed link's token. */
async function addMember(
  owner: Customer,
  role: 'buyer' | 'approver' | 'accountant',
  orderLimit: number | null = null,
): Promise<Customer> {
  const member = await signUp(t.app, { name: `Max ${role}` });
  const invited = await call(t.app, owner, 'POST', '/api/company/invitations', {
    email: member.email,
    role,
    ...(role === 'buyer' ? { orderLimit } : {}),
  });
  if (invited.statusCode !== 201) throw new Error(`invite: ${invited.statusCode} ${invited.body}`);
  const company = (await call(t.app, owner, 'GET', '/api/company')).json().company;
  const mail = await mailTo(member.email, companyTexts.invitationSubject(company.name));
  const token = /\/company\/join\/(\S+)/.exec(mail.text)![1]!;
  const accepted = await call(t.app, member, 'POST', `/api/company/invitations/${token}/accept`);
  if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
  return member;
}

describe('making a company', () => {
  it('turns my account into a company with me as owner; a second one is refused', async () => {
    const owner = await signUp(t.app, { name: 'Olive Owner' });
    expect((await call(t.app, owner, 'GET', '/api/company')).json()).toEqual({ company: null });
    const res = await call(t.app, owner, 'POST', '/api/company', COMPANY);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: COMPANY.name,
      taxId: COMPANY.taxId,
      role: 'owner',
      poRequired: false,
      members: [{ userId: owner.userId, role: 'owner', orderLimit: null }],
      invitations: [],
      credit: null,
    });
    const again = await call(t.app, owner, 'POST', '/api/company', COMPANY);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(companyTexts.alreadyMember);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.create'), eq(auditLog.actorId, owner.userId)));
    expect(row).toBeDefined();
  });

  it('refuses bad input with 400 naming the field, and visitors with 401', async () => {
    const me = await signUp(t.app);
    const noName = await call(t.app, me, 'POST', '/api/company', { ...COMPANY, name: ' ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toContainEqual({ field: 'name', message: companyTexts.nameRequired });
    const nul = await call(t.app, me, 'POST', '/api/company', { ...COMPANY, taxId: 'x\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors[0].field).toBe('taxId');
    const noZip = await call(t.app, me, 'POST', '/api/company', {
      ...COMPANY,
      billingAddress: { ...COMPANY.billingAddress, zip: '12' },
    });
    expect(noZip.statusCode).toBe(400);
    expect((await call(t.app, me, 'GET', '/api/company')).json().company).toBeNull();
    expect((await call(t.app, null, 'POST', '/api/company', COMPANY)).statusCode).toBe(401);
    expect((await call(t.app, null, 'GET', '/api/company')).statusCode).toBe(401);
  });

  it('moves my credit line to the company', async () => {
    const owner = await signUp(t.app);
    await t.database.db.insert(creditAccounts).values({ userId: owner.userId, limitCents: 500_000 });
    const res = await call(t.app, owner, 'POST', '/api/company', COMPANY);
    expect(res.json().credit).toEqual({ limit: 5000, used: 0, remaining: 5000 });
    const [line] = await t.database.db
      .select()
      .from(creditAccounts)
      .where(eq(creditAccounts.userId, owner.userId));
    expect(line!.companyId).toBe(res.json().id);
  });

  it('the owner edits details and the PO rule; other members may not (403)', async () => {
    const owner = await ownerWithCompany();
    const buyer = await addMember(owner, 'buyer', 500);
    const res = await call(t.app, owner, 'PATCH', '/api/company', { poRequired: true, name: 'Rapid Fleet' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ poRequired: true, name: 'Rapid Fleet' });
    const refused = await call(t.app, buyer, 'PATCH', '/api/company', { poRequired: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(companyTexts.ownerOnly);
  });
});

describe('invitations', () => {
  it('mails a link; the preview names the company and role; the invited account joins once', async () => {
    const owner = await ownerWithCompany('Bayside Test Fleet');
    const invitee = await signUp(t.app, { name: 'Bea Buyer' });
    const invited = await call(t.app, owner, 'POST', '/api/company/invitations', {
      email: invitee.email,
      role: 'buyer',
      orderLimit: '1,500',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email: invitee.email, role: 'buyer', orderLimit: 1500 });
    const mail = await mailTo(invitee.email, companyTexts.invitationSubject('Bayside Test Fleet'));
    const token = /\/company\/join\/(\S+)/.exec(mail.text)![1]!;
    // Only the hash is stored.
    const stored = await t.database.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.id, invited.json().id));
    expect(stored[0]!.tokenHash).not.toContain(token);

    const preview = await call(t.app, null, 'GET', `/api/company/invitations/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      companyName: 'Bayside Test Fleet',
      role: 'buyer',
      email: invitee.email,
    });

    // A second invitation to the same email waits for the first.
    const twice = await call(t.app, owner, 'POST', '/api/company/invitations', {
      email: invitee.email,
      role: 'buyer',
    });
    expect(twice.statusCode).toBe(409);

    // Someone else signed in cannot take it.
    const stranger = await signUp(t.app);
    const wrong = await call(t.app, stranger, 'POST', `/api/company/invitations/${token}/accept`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().detail).toBe(companyTexts.invitationOtherEmail(invitee.email));

    const accepted = await call(t.app, invitee, 'POST', `/api/company/invitations/${token}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ role: 'buyer', orderLimit: 1500, name: 'Bayside Test Fleet' });
    const used = await call(t.app, invitee, 'POST', `/api/company/invitations/${token}/accept`);
    expect(used.statusCode).toBe(409);
    expect(used.json().detail).toBe(companyTexts.invitationUsed);
    expect((await call(t.app, null, 'GET', `/api/company/invitations/${token}`)).statusCode).toBe(409);
  });

  it('refuses an unknown, withdrawn or expired token, and a limit for a non-buyer', async () => {
    const owner = await ownerWithCompany();
    const unknown = await call(t.app, null, 'GET', `/api/company/invitations/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);

    const invitee = await signUp(t.app);
    const limit = await call(t.app, owner, 'POST', '/api/company/invitations', {
      email: invitee.email,
      role: 'approver',
      orderLimit: 100,
    });
    expect(limit.statusCode).toBe(400);
    expect(limit.json().errors).toContainEqual({
      field: 'orderLimit',
      message: companyTexts.limitOnlyForBuyers,
    });
    const badRole = await call(t.app, owner, 'POST', '/api/company/invitations', {
      email: invitee.email,
      role: 'owner',
    });
    expect(badRole.statusCode).toBe(400);

    const invited = await call(t.app, owner, 'POST', '/api/company/invitations', {
      email: invitee.email,
      role: 'approver',
    });
    const mail = await mailTo(invitee.email, companyTexts.invitationSubject(COMPANY.name));
    const token = /\/company\/join\/(\S+)/.exec(mail.text)![1]!;
    // Another company's owner cannot withdraw it.
    const other = await ownerWithCompany('Other Fleet');
    expect(
      (await call(t.app, other, 'DELETE', `/api/company/invitations/${invited.json().id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, owner, 'DELETE', `/api/company/invitations/${invited.json().id}`)).statusCode,
    ).toBe(204);
    const withdrawn = await call(t.app, invitee, 'POST', `/api/company/invitations/${token}/accept`);
    expect(withdrawn.statusCode).toBe(404);

    const again = await call(t.app, owner, 'POST', '/api/company/invitations', {
      email: invitee.email,
      role: 'approver',
    });
    expect(again.statusCode).toBe(201);
    await t.database.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.id, again.json().id));
    const mail2 = await vi.waitFor(() => {
      const sent = mailer.sent.find(
        (m) => m.to === invitee.email && m.text.includes('/company/join/') && !m.text.includes(token),
      );
      if (!sent) throw new Error('no second invitation yet');
      return sent;
    });
    const token2 = /\/company\/join\/(\S+)/.exec(mail2.text)![1]!;
    const expired = await call(t.app, invitee, 'POST', `/api/company/invitations/${token2}/accept`);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().detail).toBe(companyTexts.invitationExpired);
  });

  it('only the owner invites; someone already in a company is refused', async () => {
    const owner = await ownerWithCompany();
    const approver = await addMember(owner, 'approver');
    const someone = await signUp(t.app);
    const refused = await call(t.app, approver, 'POST', '/api/company/invitations', {
      email: someone.email,
      role: 'buyer',
    });
    expect(refused.statusCode).toBe(403);
    const otherOwner = await ownerWithCompany('Elsewhere Inc');
    const taken = await call(t.app, owner, 'POST', '/api/company/invitations', {
      email: otherOwner.email,
      role: 'buyer',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(companyTexts.inviteeInAnotherCompany);
  });
});

describe('members', () => {
  it('the owner changes a buyer’s limit and role; a buyer cannot change their own limit', async () => {
    const owner = await ownerWithCompany();
    const buyer = await addMember(owner, 'buyer', 500);
    const raise = await call(t.app, buyer, 'PATCH', `/api/company/members/${buyer.userId}`, {
      orderLimit: 99_999,
    });
    expect(raise.statusCode).toBe(403);
    expect(raise.json().detail).toBe(companyTexts.notYourLimit);
    const view = (await call(t.app, buyer, 'GET', '/api/company')).json().company;
    expect(view.orderLimit).toBe(500);
    // Members see the members but not the owner's invitations.
    expect(view.members).toHaveLength(2);
    expect(view.invitations).toEqual([]);

    const changed = await call(t.app, owner, 'PATCH', `/api/company/members/${buyer.userId}`, {
      orderLimit: 750,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().members).toContainEqual(
      expect.objectContaining({ userId: buyer.userId, orderLimit: 750 }),
    );
    const promoted = await call(t.app, owner, 'PATCH', `/api/company/members/${buyer.userId}`, {
      role: 'approver',
    });
    expect(promoted.json().members).toContainEqual(
      expect.objectContaining({ userId: buyer.userId, role: 'approver', orderLimit: null }),
    );
  });

  it('another company’s member is a 404; the sole owner cannot step down or leave', async () => {
    const owner = await ownerWithCompany();
    const other = await ownerWithCompany('Other Fleet');
    const otherBuyer = await addMember(other, 'buyer', 100);
    expect(
      (await call(t.app, owner, 'PATCH', `/api/company/members/${otherBuyer.userId}`, { orderLimit: 5 }))
        .statusCode,
    ).toBe(404);
    expect((await call(t.app, owner, 'DELETE', `/api/company/members/${otherBuyer.userId}`)).statusCode).toBe(
      404,
    );

    const stepDown = await call(t.app, owner, 'PATCH', `/api/company/members/${owner.userId}`, {
      role: 'buyer',
    });
    expect(stepDown.statusCode).toBe(409);
    expect(stepDown.json().detail).toBe(companyTexts.soleOwner);
    const leave = await call(t.app, owner, 'DELETE', `/api/company/members/${owner.userId}`);
    expect(leave.statusCode).toBe(409);
  });

  it('a non-owner cannot remove or change another member', async () => {
    const owner = await ownerWithCompany();
    const approver = await addMember(owner, 'approver');
    const buyer = await addMember(owner, 'buyer', 100);
    expect((await call(t.app, approver, 'DELETE', `/api/company/members/${buyer.userId}`)).statusCode).toBe(
      403,
    );
    expect(
      (await call(t.app, approver, 'PATCH', `/api/company/members/${buyer.userId}`, { orderLimit: 1 }))
        .statusCode,
    ).toBe(403);
  });

  it('removing a member deletes the row, revokes every session at once, audits and mails', async () => {
    const owner = await ownerWithCompany();
    const buyer = await addMember(owner, 'buyer', 100);
    // The session is cached by now.
    expect((await call(t.app, buyer, 'GET', '/api/me')).statusCode).toBe(200);
    expect((await call(t.app, buyer, 'GET', '/api/company')).json().company).not.toBeNull();
    const removed = await call(t.app, owner, 'DELETE', `/api/company/members/${buyer.userId}`);
    expect(removed.statusCode).toBe(204);
    expect((await call(t.app, buyer, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await call(t.app, buyer, 'GET', '/api/company/orders')).statusCode).toBe(401);
    const view = (await call(t.app, owner, 'GET', '/api/company')).json().company;
    expect(view.members.map((m: { userId: string }) => m.userId)).toEqual([owner.userId]);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.member_remove'), eq(auditLog.actorId, owner.userId)));
    expect(rows).toHaveLength(1);
    await mailTo(buyer.email, companyTexts.removedSubject(COMPANY.name));
  });

  it('a member may leave; their sessions end too', async () => {
    const owner = await ownerWithCompany();
    const accountant = await addMember(owner, 'accountant');
    expect(
      (await call(t.app, accountant, 'DELETE', `/api/company/members/${accountant.userId}`)).statusCode,
    ).toBe(204);
    expect((await call(t.app, accountant, 'GET', '/api/me')).statusCode).toBe(401);
  });
});

describe('company orders, addresses and credit', () => {
  const ADDRESS = { ...DELIVERY_ADDRESS, name: 'Depot' };

  async function placeOnAccount(who: Customer, partId: string, quantity = 1) {
    await fillCart(t.app, who, [{ partId, quantity }]);
    return call(t.app, who, 'POST', '/api/checkout', { address: ADDRESS, payment: 'account' });
  }

  it('members order on the company’s one credit line and see the company’s orders; others get 404', async () => {
    const owner = await ownerWithCompany();
    const company = (await call(t.app, owner, 'GET', '/api/company')).json().company;
    await t.database.db
      .insert(creditAccounts)
      .values({ userId: owner.userId, limitCents: 10_000, companyId: company.id });
    const buyer = await addMember(owner, 'buyer', null);
    const approver = await addMember(owner, 'approver');
    const part = await createPart(t.database.db, { priceCents: 4_000, availablequantity: 50 });

    const first = await placeOnAccount(buyer, part.id);
    expect(first.statusCode).toBe(201);
    const second = await placeOnAccount(approver, part.id);
    expect(second.statusCode).toBe(201);
    // $80 of $100 used: a third $40 order does not fit the company's line.
    const third = await placeOnAccount(buyer, part.id);
    expect(third.statusCode).toBe(409);
    expect(third.json().errors[0].field).toBe('payment');
    const credit = (await call(t.app, approver, 'GET', '/api/credit')).json();
    expect(credit.account).toMatchObject({ limit: 100, used: 80, remaining: 20 });

    const [placed] = await t.database.db.select().from(orders).where(eq(orders.id, first.json().insertedId));
    expect(placed!.companyId).toBe(company.id);
    const listed = await call(t.app, owner, 'GET', '/api/company/orders');
    expect(listed.statusCode).toBe(200);
    expect(
      listed
        .json()
        .orders.map((o: { _id: string }) => o._id)
        .sort(),
    ).toEqual([first.json().insertedId, second.json().insertedId].sort());
    // A member reads a colleague's order page; another company and a stranger get 404.
    const number = placed!.number!;
    expect((await call(t.app, approver, 'GET', `/api/orders/${number}`)).statusCode).toBe(200);
    const stranger = await signUp(t.app);
    expect((await call(t.app, stranger, 'GET', `/api/orders/${number}`)).statusCode).toBe(404);
    const otherOwner = await ownerWithCompany('Other Fleet');
    expect((await call(t.app, otherOwner, 'GET', `/api/orders/${number}`)).statusCode).toBe(404);
    expect((await call(t.app, otherOwner, 'GET', '/api/company/orders')).json().orders).toEqual([]);
    expect((await call(t.app, stranger, 'GET', '/api/company/orders')).statusCode).toBe(404);
  });

  it('two members ordering on account at once cannot both fit the company’s last credit', async () => {
    const owner = await ownerWithCompany();
    const company = (await call(t.app, owner, 'GET', '/api/company')).json().company;
    await t.database.db
      .insert(creditAccounts)
      .values({ userId: owner.userId, limitCents: 5_000, companyId: company.id });
    const buyers = await Promise.all([addMember(owner, 'buyer', null), addMember(owner, 'approver')]);
    const part = await createPart(t.database.db, { priceCents: 4_000, availablequantity: 50 });
    for (const who of buyers) await fillCart(t.app, who, [{ partId: part.id, quantity: 1 }]);
    const answers = await Promise.all(
      buyers.map((who) =>
        call(t.app, who, 'POST', '/api/checkout', { address: ADDRESS, payment: 'account' }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('a member’s credit application is the company’s; approval gives the company its line', async () => {
    const owner = await ownerWithCompany();
    const buyer = await addMember(owner, 'buyer', 100);
    const application = {
      businessName: 'Rapid Couriers LLC',
      contactName: 'Olive Owner',
      email: owner.email,
      phone: '(415) 555-0199',
      ein: '12-3456789',
      yearsInBusiness: 6,
      requestedLimit: 5000,
    };
    expect((await call(t.app, buyer, 'POST', '/api/credit-applications', application)).statusCode).toBe(403);
    const applied = await call(t.app, owner, 'POST', '/api/credit-applications', application);
    expect(applied.statusCode).toBe(201);
    const decided = await call(t.app, admin, 'PATCH', `/api/credit-applications/${applied.json().id}`, {
      status: 'approved',
      limit: 2500,
    });
    expect(decided.statusCode).toBe(200);
    const view = (await call(t.app, buyer, 'GET', '/api/company')).json().company;
    expect(view.credit).toEqual({ limit: 2500, used: 0, remaining: 2500 });
  });

  it('the owner adds a shared address; members find it in their address book', async () => {
    const owner = await ownerWithCompany();
    const buyer = await addMember(owner, 'buyer', null);
    const added = await call(t.app, owner, 'POST', '/api/company/addresses', ADDRESS);
    expect(added.statusCode).toBe(201);
    const [shared] = added.json().addresses;
    expect(shared).toMatchObject({ name: 'Depot', city: DELIVERY_ADDRESS.city });
    const book = (await call(t.app, buyer, 'GET', '/api/addresses')).json();
    expect(book.addresses).toContainEqual(expect.objectContaining({ id: shared.id, isDefault: false }));
    expect((await call(t.app, buyer, 'POST', '/api/company/addresses', ADDRESS)).statusCode).toBe(403);
    const other = await ownerWithCompany('Other Fleet');
    expect((await call(t.app, other, 'DELETE', `/api/company/addresses/${shared.id}`)).statusCode).toBe(404);
    expect((await call(t.app, owner, 'DELETE', `/api/company/addresses/${shared.id}`)).statusCode).toBe(200);
  });
});

describe('admins', () => {
  it('create a company for a customer by email and list companies; customers may not (403)', async () => {
    const customer = await signUp(t.app);
    const res = await call(t.app, admin, 'POST', '/api/admin/companies', {
      ...COMPANY,
      ownerEmail: customer.email,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: COMPANY.name, ownerEmail: customer.email, members: 1 });
    expect((await call(t.app, customer, 'GET', '/api/company')).json().company.role).toBe('owner');
    const again = await call(t.app, admin, 'POST', '/api/admin/companies', {
      ...COMPANY,
      ownerEmail: customer.email,
    });
    expect(again.statusCode).toBe(409);
    const unknown = await call(t.app, admin, 'POST', '/api/admin/companies', {
      ...COMPANY,
      ownerEmail: 'nobody0000@example.com',
    });
    expect(unknown.statusCode).toBe(404);
    const list = await call(t.app, admin, 'GET', '/api/admin/companies');
    expect(list.json().companies).toContainEqual(
      expect.objectContaining({ id: res.json().id, ownerEmail: customer.email }),
    );
    expect((await call(t.app, customer, 'GET', '/api/admin/companies')).statusCode).toBe(403);
    expect(
      (
        await call(t.app, customer, 'POST', '/api/admin/companies', {
          ...COMPANY,
          ownerEmail: customer.email,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe(`a removed member on another process (${busLabel})`, () => {
  const two = useTwoProcesses({ mailer: captureMailer() });

  it('is refused on the very next request there', async () => {
    const { a, b } = two;
    const owner = await signUp(a);
    expect((await call(a, owner, 'POST', '/api/company', COMPANY)).statusCode).toBe(201);
    const buyer = await signUp(a);
    await call(a, owner, 'POST', '/api/company/invitations', { email: buyer.email, role: 'buyer' });
    const [row] = await two.database.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.email, buyer.email));
    // The token is only in the mail; accept through the database as the mail would.
    const { companyMembers } = await import('../../db/schema.js');
    await two.database.db
      .insert(companyMembers)
      .values({ userId: buyer.userId, companyId: row!.companyId, role: 'buyer' });
    expect((await call(b, buyer, 'GET', '/api/me')).statusCode).toBe(200);
    expect((await call(a, owner, 'DELETE', `/api/company/members/${buyer.userId}`)).statusCode).toBe(204);
    expect((await call(b, buyer, 'GET', '/api/me')).statusCode).toBe(401);
  });
});
