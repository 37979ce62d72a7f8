import { describe, expect, it } from 'vitest';
import { signIn } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { DEMO_COMPANY_MEMBERS, seedDemoCompanies } from './demo-companies.js';

const t = useTestApp();

describe('demo company', () => {
  it('makes Bayside Couriers once, whose members sign in and see it with its credit line', async () => {
    expect(await seedDemoCompanies(t.database.db, t.app.auth)).toBe(4);
    expect(await seedDemoCompanies(t.database.db, t.app.auth)).toBe(0);
    const buyer = DEMO_COMPANY_MEMBERS.find((m) => m.role === 'buyer')!;
    const res = await signIn(t.app, buyer.email, buyer.password);
    expect(res.statusCode).toBe(200);
    const token = res.headers['set-auth-token'] as string;
    const company = (
      await t.app.inject({
        method: 'GET',
        url: '/api/company',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().company;
    expect(company).toMatchObject({
      name: 'Bayside Couriers',
      role: 'buyer',
      orderLimit: 500,
      credit: { limit: 10000, used: 0, remaining: 10000 },
    });
    expect(company.members).toHaveLength(4);
    expect(company.addresses).toHaveLength(1);
  });
});
