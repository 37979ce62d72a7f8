import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Part } from '@pitstop/core/parts';
import type { AssemblyDetail, BikeDiagrams } from '@pitstop/core/diagrams';
import { diagramsApi } from '@pitstop/core/diagram-api-paths';
import { companies, priceLists } from '../db/schema.js';
import { useTestApp } from '../test/app.js';
import { signIn } from '../test/accounts.js';
import { DEMO_COMPANY } from './demo-companies.js';
import { DEMO_PRICE_LIST, seedDemoPricing } from './demo-pricing.js';

const t = useTestApp({ seed: true });

describe('demo price list', () => {
  it('gives the demo company its price list once, and puts a part on sale for everyone', async () => {
    const db = t.database.db;
    expect(await seedDemoPricing(db)).toBeGreaterThan(0);
    expect(await seedDemoPricing(db)).toBe(0);
    const [list] = await db.select().from(priceLists).where(eq(priceLists.name, DEMO_PRICE_LIST));
    const [company] = await db.select().from(companies).where(eq(companies.name, DEMO_COMPANY.name));
    expect(company!.priceListId).toBe(list!.id);
    await t.app.catalogueCache.invalidateTags(['pricing']);
    const visitor = (await t.app.inject({ method: 'GET', url: '/api/parts?limit=3' })).json() as Part[];
    const onSale = visitor.find((p) => p.partNumber === 'B7B-H4300-00');
    expect(onSale?.listPrice).toBeGreaterThan(onSale!.price);
    const signedIn = await signIn(t.app, 'buyer@pitstop.com', 'pitstop-buyer');
    const token = signedIn.headers['set-auth-token'] as string;
    const tiered = (
      await t.app.inject({
        method: 'GET',
        url: '/api/parts?limit=3',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json() as Part[];
    expect(tiered.every((p) => p.listPrice !== undefined && p.price < p.listPrice)).toBe(true);

    // A parts diagram's parts: the tier's prices for the buyer, retail for a visitor.
    const bike = { year: 2020, make: 'Yamaha', model: 'MT-15' };
    const bikeList = (
      await t.app.inject({ method: 'GET', url: diagramsApi.bike(bike) })
    ).json() as BikeDiagrams;
    const url = diagramsApi.assembly(bike, bikeList.assemblies[0]!.slug);
    const asVisitor = (await t.app.inject({ method: 'GET', url })).json() as AssemblyDetail;
    const asBuyer = (
      await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
    ).json() as AssemblyDetail;
    const visitorPart = asVisitor.callouts[0]!.parts[0]!;
    const buyerPart = asBuyer.callouts[0]!.parts[0]!;
    expect(buyerPart.price).toBeLessThan(visitorPart.price);
    expect((buyerPart as { listPrice?: number }).listPrice).toBe(visitorPart.price);
    expect((visitorPart as { listPrice?: number }).listPrice).toBeUndefined();
  });
});
